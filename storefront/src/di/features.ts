import { Container, type ContainerModule } from 'inversify';

/**
 * The stores of screens that load on demand (the catalogue's pages, the cart, account, addresses,
 * orders): a page's module names the features its screen uses (`features` in
 * src/shell/page-module.ts), and the shell binds them into the container once the page's chunk
 * has loaded, before the page's first render (src/shell/routes.tsx). Their code ships with those
 * pages' chunks instead of the first visit's.
 */
export interface Feature {
  readonly module: ContainerModule;
  /** Features whose stores this one's stores use: bound with it. */
  readonly requires?: readonly Feature[];
}

/** The shop's container: binds a feature's stores when told to, once. */
export class FeatureContainer extends Container {
  private readonly loadedFeatures = new Set<Feature>();

  /** Binds `features` (and what they require) unless bound already. */
  loadFeatures(...features: readonly Feature[]): void {
    for (const feature of features) {
      if (this.loadedFeatures.has(feature)) continue;
      this.loadFeatures(...(feature.requires ?? []));
      this.load(feature.module);
      this.loadedFeatures.add(feature);
    }
  }
}
