import { observer } from 'mobx-react-lite';
import { Link } from 'react-router-dom';
import type { Product } from '@shop/core/domain/product';
import { messages } from '../../texts/messages';
import { formatPrice } from '../../texts/money-format';
import { pictureSources } from '../shared/picture-sources';
import { Pager, PastLastPage } from './pager';
import './product-list-page.css';

/**
 * How wide a thumbnail's picture is shown (product-list-page.css): half a phone's width; else
 * 200 px and up to about 280 px, where a row shares its spare width.
 */
const THUMB_SIZES = '(max-width: 479px) 50vw, 280px';

/**
 * The grid of 200 px thumbnails of a category list and of the search results. `onOpen` runs
 * before the product opens (the category list alerts 'Product clicked!', SPEC section 2).
 */
export function ProductGrid({ products, onOpen }: { products: readonly Product[]; onOpen?: () => void }) {
  return (
    <ul className="product-list__grid">
      {products.map((product, index) => (
        <li key={product._id}>
          <ProductThumbnail product={product} priority={index === 0} onOpen={onOpen} />
        </li>
      ))}
    </ul>
  );
}

/** What a listing store (a category list, the search results) says of the page it shows. */
export interface PagedListing {
  state: { status: 'loaded'; data: { products: readonly Product[] } } | { status: 'idle' | 'loading' | 'error' };
  /** The page the products shown belong to (the URL may already name the next one). */
  view: { page: number };
  pageCount: number;
  /** The page asked for is past the last one. */
  pastLastPage: boolean;
}

/** A listing's page of products with its pager below; past the last page, the way back to page 1. Follows the store. */
export const ListedPage = observer(function ListedPage({
  listing,
  hrefFor,
  onOpen,
}: {
  listing: PagedListing;
  hrefFor: (page: number) => string;
  onOpen?: () => void;
}) {
  const { state, view, pageCount, pastLastPage } = listing;
  return (
    <>
      {pastLastPage ? <PastLastPage pageCount={pageCount} firstPageHref={hrefFor(1)} /> : null}
      {state.status === 'loaded' && state.data.products.length > 0 ? (
        <>
          <ProductGrid products={state.data.products} onOpen={onOpen} />
          <Pager page={view.page} pageCount={pageCount} hrefFor={hrefFor} />
        </>
      ) : null}
    </>
  );
});

function ProductThumbnail({ product, priority, onOpen }: { product: Product; priority: boolean; onOpen?: () => void }) {
  const image = product.images[0];
  return (
    <Link className="product-thumb" to={`/product/${encodeURIComponent(product._id)}`} onClick={onOpen}>
      <div className="product-thumb__media">
        {image ? (
          <img
            // `loading` before the sources: the browser's renderer (Preact) sets attributes in the order
            // written, and a picture given its source first is fetched at once, lazy or not.
            loading={priority ? 'eager' : 'lazy'}
            fetchPriority={priority ? 'high' : 'auto'}
            {...pictureSources(image, THUMB_SIZES)}
            alt={product.prodName}
          />
        ) : null}
      </div>
      <span className="product-thumb__name">{product.prodName}</span>
      <span className="product-thumb__price">{formatPrice(product.prodPrice) ?? messages.product.priceUnavailable}</span>
    </Link>
  );
}
