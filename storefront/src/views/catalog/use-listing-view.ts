import { useCallback, useMemo } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import type { ProductSort } from '@shop/core/domain/product-search';
import type { ListingView } from '../../stores/catalog/product-paging';
import { listingSearch, listingViewFrom } from './listing-url';

export interface ListingViewControl {
  /** The page and order the URL asks for. */
  view: ListingView;
  /** The URL of another page or order of this listing (other parameters such as `q` kept). */
  hrefFor: (view: ListingView) => string;
  /** A new order starts again at page 1; a new history entry, so Back returns to the old one. */
  sortBy: (sort: ProductSort) => void;
}

/** The listing's page and order, read from and written to the URL. */
export function useListingView(sorts: readonly ProductSort[], defaults: ListingView): ListingViewControl {
  const [params] = useSearchParams();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const { sort, page } = listingViewFrom(params, sorts, defaults);
  const view = useMemo(() => ({ sort, page }), [sort, page]);
  const hrefFor = useCallback((next: ListingView) => `${pathname}${listingSearch(params, next, defaults)}`, [pathname, params, defaults]);
  const sortBy = useCallback((next: ProductSort) => void navigate(hrefFor({ sort: next, page: 1 })), [navigate, hrefFor]);
  return { view, hrefFor, sortBy };
}
