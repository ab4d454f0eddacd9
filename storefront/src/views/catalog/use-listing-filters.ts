import { useCallback, useMemo } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import type { ProductFilters } from '@shop/core/ports/catalog-gateway';
import { filtersFromSearch, filtersSearch } from '../../stores/catalog/listing-filters';
import type { FilterPanelProps } from './filter-panel';

export interface ListingFiltersControl {
  /** The filters the URL asks for (the same object while they stay the same). */
  filters: ProductFilters;
  /** The URL of this listing with other filters, at page 1 (other parameters such as `q` and `sort` kept). */
  hrefWith: (filters: ProductFilters) => string;
  /**
   * The filter panel's URL side: the filters; other filters as a new history entry at page 1 (so
   * Back returns to the filters before); the listing without filters; the path and the other
   * parameters (`q`, `sort`) for its form to send along when no script runs yet.
   */
  panel: Pick<FilterPanelProps, 'filters' | 'onChange' | 'clearHref' | 'action' | 'kept'>;
}

/** The listing's filters (D25), read from and written to the URL. */
export function useListingFilters(): ListingFiltersControl {
  const [params] = useSearchParams();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const key = JSON.stringify(filtersFromSearch(params));
  const filters = useMemo(() => JSON.parse(key) as ProductFilters, [key]);
  const hrefWith = useCallback((next: ProductFilters) => `${pathname}${filtersSearch(params, next)}`, [pathname, params]);
  const panel = useMemo(
    () => ({
      filters,
      onChange: (next: ProductFilters) => void navigate(hrefWith(next)),
      clearHref: hrefWith({}),
      action: pathname,
      kept: [...new URLSearchParams(filtersSearch(params, {}))],
    }),
    [filters, navigate, hrefWith, pathname, params],
  );
  return { filters, hrefWith, panel };
}
