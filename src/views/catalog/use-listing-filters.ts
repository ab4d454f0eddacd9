import { useCallback, useMemo } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import type { ProductFilters } from '../../ports/catalog-gateway';
import { filtersFromSearch, filtersSearch } from '../../stores/catalog/listing-filters';

export interface ListingFiltersControl {
  /** The filters the URL asks for (the same object while they stay the same). */
  filters: ProductFilters;
  /** The URL of this listing with other filters, at page 1 (other parameters such as `q` and `sort` kept). */
  hrefWith: (filters: ProductFilters) => string;
  /** Other filters: a new history entry at page 1, so Back returns to the filters before. */
  setFilters: (filters: ProductFilters) => void;
  /** The listing's parameters that are no filter nor page (`q`, `sort`), for the panel's form to send along without script. */
  kept: [name: string, value: string][];
}

/** The listing's filters (D25), read from and written to the URL. */
export function useListingFilters(): ListingFiltersControl {
  const [params] = useSearchParams();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const key = JSON.stringify(filtersFromSearch(params));
  const filters = useMemo(() => JSON.parse(key) as ProductFilters, [key]);
  const hrefWith = useCallback((next: ProductFilters) => `${pathname}${filtersSearch(params, next)}`, [pathname, params]);
  const setFilters = useCallback((next: ProductFilters) => void navigate(hrefWith(next)), [navigate, hrefWith]);
  const kept = useMemo(() => [...new URLSearchParams(filtersSearch(params, {}))], [params]);
  return { filters, hrefWith, setFilters, kept };
}
