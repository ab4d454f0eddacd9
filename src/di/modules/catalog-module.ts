import { ContainerModule, type ServiceIdentifier } from 'inversify';
import { CategoryStore } from '../../stores/catalog/category-store';
import { HomeCollectionsStore } from '../../stores/catalog/home-collections-store';
import { LegalStore } from '../../stores/legal/legal-store';
import { PORT } from '../tokens';

/**
 * Catalogue stores every page shares: the category tree (sidebar) and the home carousels, one
 * singleton each. The stores of the product list, search and product pages are in
 * catalog-pages-module.ts, bound when those pages load.
 */
export const CATALOG = {
  categories: Symbol.for('catalog.categories') as ServiceIdentifier<CategoryStore>,
  homeCollections: Symbol.for('catalog.homeCollections') as ServiceIdentifier<HomeCollectionsStore>,
  /** The seller (footer) and the legal texts (/privacy, /terms) of D24. */
  legal: Symbol.for('catalog.legal') as ServiceIdentifier<LegalStore>,
} as const;

export const catalogModule = new ContainerModule(({ bind }) => {
  bind(CATALOG.categories)
    .toResolvedValue((catalog) => new CategoryStore(catalog), [PORT.catalog])
    .inSingletonScope();
  bind(CATALOG.homeCollections)
    .toResolvedValue((catalog) => new HomeCollectionsStore(catalog), [PORT.catalog])
    .inSingletonScope();
  bind(CATALOG.legal)
    .toResolvedValue((catalog) => new LegalStore(catalog), [PORT.catalog])
    .inSingletonScope();
});
