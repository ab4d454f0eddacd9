import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import type { Product } from '@shop/core/domain/product';
import { PRODUCT_SUGGESTIONS } from '../../di/modules/product-suggestions-module';
import { type ServiceContainer, storeIn, useStore } from '../../di/react';
import { messages } from '../../texts/messages';
import { ProductRow } from '../home/product-carousel';
import { useHydrated } from '../../shell/hydration';
import './product-suggestions.css';

/**
 * Below a product (D25): its related products (loaded with it before a server render, so they are
 * in the first paint), then the products this browser showed before it (Recently Viewed), which
 * only the browser knows. The page records its product among them.
 */
export function ProductSuggestions({ product }: { product: Product }) {
  return (
    <div className="product-suggestions">
      <RelatedProducts productId={product._id} />
      <RecentlyViewed product={product} />
    </div>
  );
}

/** Loads what ProductSuggestions shows first (the page's `prepare`): the related products of product `id`. */
export function prepareSuggestions(container: ServiceContainer, id: string): Promise<void> {
  return storeIn(container, PRODUCT_SUGGESTIONS.related, id).open(id);
}

export const RelatedProducts = observer(function RelatedProducts({ productId }: { productId: string }) {
  const store = useStore(PRODUCT_SUGGESTIONS.related, productId);
  useEffect(() => {
    void store.open(productId);
  }, [store, productId]);
  const state = store.related;
  // A product with nothing related shows no section (the server's page shows none either).
  if (state.status === 'loaded' && state.data.length === 0) return null;
  return <ProductRow className="related-products" title={messages.product.relatedProducts} state={state} />;
});

/**
 * Recently Viewed: the browser's list, without the product on the page. A server-rendered page
 * shows the row's room while the first-paint script has marked products stored (`data-recent`,
 * storefront/src/first-paint.ts), and nothing otherwise; the list fills it once the page is hydrated.
 */
export const RecentlyViewed = observer(function RecentlyViewed({ product }: { product: Product }) {
  const store = useStore(PRODUCT_SUGGESTIONS.recentlyViewed);
  const hydrated = useHydrated();
  useEffect(() => {
    store.record(product);
  }, [store, product]);
  if (!hydrated) {
    return <ProductRow className="recently-viewed recently-viewed--early" title={messages.product.recentlyViewed} state={LOADING} />;
  }
  const shown = store.shownBesides(product._id);
  if (shown.length === 0) return null;
  return <ProductRow className="recently-viewed" title={messages.product.recentlyViewed} state={{ status: 'loaded', data: shown }} />;
});

const LOADING = { status: 'loading' } as const;
