import { FeatureContainer } from './features';
import { catalogModule } from './modules/catalog-module';
import { CORE, coreModule } from './modules/core-module';
import { type AdapterSet, PORT } from './tokens';

/**
 * Builds the application container from one adapter per port (real in the browser, fakes in
 * tests and Storybook). `overrides` replaces single ports, for a story or a test.
 */
export function createContainer(adapters: AdapterSet, overrides: Partial<AdapterSet> = {}): FeatureContainer {
  const container = new FeatureContainer({ defaultScope: 'Singleton' });
  const chosen: AdapterSet = { ...adapters, ...overrides };
  for (const key of Object.keys(PORT) as (keyof typeof PORT)[]) {
    // Each key binds its own port to its own adapter; the loop itself cannot tell them apart.
    container.bind<unknown>(PORT[key]).toConstantValue(chosen[key]);
  }
  // The stores every page uses. A page's own stores (a feature: the account, address, order...
  // stores) are bound when its route loads, because its module names them (features.ts).
  container.load(coreModule, catalogModule);
  // The HTTP adapters were built first: from now on they read the session of this container.
  chosen.sessionLink.connect(container.get(CORE.session));
  return container;
}
