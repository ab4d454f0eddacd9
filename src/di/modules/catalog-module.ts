import { ContainerModule, type ServiceIdentifier } from 'inversify';
import { CategoryStore } from '../../stores/catalog/category-store';
import { HomeCollectionsStore } from '../../stores/catalog/home-collections-store';
import { ProductDetailStore } from '../../stores/catalog/product-detail-store';
import { ProductListStore } from '../../stores/catalog/product-list-store';
import { SearchStore } from '../../stores/catalog/search-store';
import { PORT } from '../tokens';

/**
 * Catalogue stores. Shared state (categories, home carousels) is one singleton each; the
 * product list, the search results and the product page get a fresh store per page from a
 * factory, so a page never shows the previous product while the next one loads.
 */
export const CATALOG = {
  categories: Symbol.for('catalog.categories') as ServiceIdentifier<CategoryStore>,
  homeCollections: Symbol.for('catalog.homeCollections') as ServiceIdentifier<HomeCollectionsStore>,
  productList: Symbol.for('catalog.productList') as ServiceIdentifier<() => ProductListStore>,
  productDetail: Symbol.for('catalog.productDetail') as ServiceIdentifier<() => ProductDetailStore>,
  search: Symbol.for('catalog.search') as ServiceIdentifier<() => SearchStore>,
} as const;

export const catalogModule = new ContainerModule(({ bind }) => {
  bind(CATALOG.categories)
    .toResolvedValue((catalog) => new CategoryStore(catalog), [PORT.catalog])
    .inSingletonScope();
  bind(CATALOG.homeCollections)
    .toResolvedValue((catalog) => new HomeCollectionsStore(catalog), [PORT.catalog])
    .inSingletonScope();
  bind(CATALOG.productList)
    .toResolvedValue((catalog, categories) => () => new ProductListStore(catalog, categories), [PORT.catalog, CATALOG.categories])
    .inSingletonScope();
  bind(CATALOG.productDetail)
    .toResolvedValue((catalog, cropper) => () => new ProductDetailStore(catalog, cropper), [PORT.catalog, PORT.imageCropper])
    .inSingletonScope();
  bind(CATALOG.search)
    .toResolvedValue((catalog) => () => new SearchStore(catalog), [PORT.catalog])
    .inSingletonScope();
});
