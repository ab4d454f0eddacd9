import { ContainerModule } from 'inversify';
import { ProductDetailStore } from '../../stores/catalog/product-detail-store';
import { ProductListStore } from '../../stores/catalog/product-list-store';
import { SearchStore } from '../../stores/catalog/search-store';
import { StockAlertStore, type StockAlertTarget } from '../../stores/catalog/stock-alert-store';
import { PageStores } from '../../stores/page-stores';
import type { Feature } from '../features';
import { perKey, perScreen, tokens } from '../store-tokens';
import { PORT } from '../tokens';
import { CATALOG } from './catalog-module';

/**
 * The product list, the search results and the product page: a store per page, so a page never
 * shows the previous product while the next one loads. The list and the product page get theirs
 * by what they show (PageStores): the store loaded before a server render, or before hydrating
 * one, is the one the page reads (D17). Bound when one of those pages loads (its `features`).
 */
export const CATALOG_PAGES = tokens('catalogPages', {
  productList: perKey<ProductListStore>(),
  productDetail: perKey<ProductDetailStore>(),
  search: perScreen<SearchStore>(),
  /** 'Haber ver' (D25): a store per sold-out product or variant the page shows. */
  stockAlert: perScreen<StockAlertStore, StockAlertTarget>(),
});

export const catalogPagesModule = new ContainerModule(({ bind }) => {
  bind(CATALOG_PAGES.productList)
    .toResolvedValue(
      (catalog, categories) => new PageStores(() => new ProductListStore(catalog, categories)),
      [PORT.catalog, CATALOG.categories],
    )
    .inSingletonScope();
  bind(CATALOG_PAGES.productDetail)
    .toResolvedValue(
      (catalog, cropper) => new PageStores(() => new ProductDetailStore(catalog, cropper)),
      [PORT.catalog, PORT.imageCropper],
    )
    .inSingletonScope();
  bind(CATALOG_PAGES.search)
    .toResolvedValue((catalog) => () => new SearchStore(catalog), [PORT.catalog])
    .inSingletonScope();
  bind(CATALOG_PAGES.stockAlert)
    .toResolvedValue((gateway) => (target: StockAlertTarget) => new StockAlertStore(gateway, target), [PORT.stockAlert])
    .inSingletonScope();
});

export const catalogPagesFeature: Feature = { module: catalogPagesModule };
