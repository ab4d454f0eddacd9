import { ContainerModule } from 'inversify';
import { CategoryStore } from '../../stores/catalog/category-store';
import { HomeCollectionsStore } from '../../stores/catalog/home-collections-store';
import { LegalStore } from '../../stores/legal/legal-store';
import { shared, tokens } from '../store-tokens';
import { PORT } from '../tokens';

/**
 * Catalogue stores every page shares: the category tree (sidebar) and the home carousels, one
 * singleton each. The stores of the product list, search and product pages are in
 * catalog-pages-module.ts, bound when those pages load.
 */
export const CATALOG = tokens('catalog', {
  categories: shared<CategoryStore>(),
  homeCollections: shared<HomeCollectionsStore>(),
  /** The seller (footer) and the legal texts (/privacy, /terms) of D24. */
  legal: shared<LegalStore>(),
});

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
