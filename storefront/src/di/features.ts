import { Container, type ContainerModule, type GetOptions, type OptionalGetOptions, type ServiceIdentifier } from 'inversify';

/**
 * The stores of screens that load on demand (account, addresses, orders): bound into a
 * container the first time one of them is asked for, so their code ships with those screens'
 * chunks instead of the first visit's.
 */
export interface Feature {
  readonly module: ContainerModule;
  /** Features whose stores this one's stores use. */
  readonly requires: readonly Feature[];
}

const featureOfToken = new Map<ServiceIdentifier, Feature>();

/** Declares `module` as the feature binding `tokens` (called once, where the tokens are defined). */
export function defineFeature(
  tokens: Readonly<Record<string, ServiceIdentifier>>,
  module: ContainerModule,
  requires: readonly Feature[] = [],
): Feature {
  const feature: Feature = { module, requires };
  for (const token of Object.values(tokens)) featureOfToken.set(token, feature);
  return feature;
}

/** A container that binds a feature's stores when one of them is first asked for. */
export class FeatureContainer extends Container {
  private readonly loadedFeatures = new Set<Feature>();

  /** Binds `features` (and what they require) unless bound already. */
  loadFeatures(...features: readonly Feature[]): void {
    for (const feature of features) {
      if (this.loadedFeatures.has(feature)) continue;
      this.loadFeatures(...feature.requires);
      this.load(feature.module);
      this.loadedFeatures.add(feature);
    }
  }

  override get<T>(serviceIdentifier: ServiceIdentifier<T>, options: OptionalGetOptions): T | undefined;
  override get<T>(serviceIdentifier: ServiceIdentifier<T>, options?: GetOptions): T;
  override get<T>(serviceIdentifier: ServiceIdentifier<T>, options?: GetOptions | OptionalGetOptions): T | undefined {
    const feature = featureOfToken.get(serviceIdentifier);
    if (feature) this.loadFeatures(feature);
    return options?.optional === true
      ? super.get(serviceIdentifier, options as OptionalGetOptions)
      : super.get(serviceIdentifier, options as GetOptions);
  }
}
