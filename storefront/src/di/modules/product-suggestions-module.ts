import { ContainerModule } from 'inversify';
import { RecentlyViewedStore } from '../../stores/catalog/recently-viewed-store';
import { RelatedProductsStore } from '../../stores/catalog/related-products-store';
import { PageStores } from '../../stores/page-stores';
import type { Feature } from '../features';
import { perKey, shared, tokens } from '../store-tokens';
import { PORT } from '../tokens';

/**
 * What a product page suggests (D25): its related products (a store per product, PageStores: the
 * one loaded before a server render is the one the page reads) and the recently viewed products
 * (one store, from the browser's storage). Bound when the product page loads (its `features`).
 */
export const PRODUCT_SUGGESTIONS = tokens('productSuggestions', {
  related: perKey<RelatedProductsStore>(),
  recentlyViewed: shared<RecentlyViewedStore>(),
});

export const productSuggestionsModule = new ContainerModule(({ bind }) => {
  bind(PRODUCT_SUGGESTIONS.related)
    .toResolvedValue((catalog) => new PageStores(() => new RelatedProductsStore(catalog)), [PORT.catalog])
    .inSingletonScope();
  bind(PRODUCT_SUGGESTIONS.recentlyViewed)
    .toResolvedValue((storage) => new RecentlyViewedStore(storage), [PORT.recentlyViewed])
    .inSingletonScope();
});

export const productSuggestionsFeature: Feature = { module: productSuggestionsModule };
