import type { ProductSort } from '@shop/core/domain/product-search';
import type { ProductPageQuery } from '@shop/core/ports/catalog-gateway';

/** Products per page of a category list and of the search results (D18). */
export const PRODUCTS_PER_PAGE = 24;

/** Which page of a listing the shopper looks at, in which order; `page` counts from 1. */
export interface ListingView {
  sort: ProductSort;
  page: number;
}

/** The order and window of `view` as a page query. */
export function pageWindow({ sort, page }: ListingView): Pick<ProductPageQuery, 'sort' | 'limit' | 'offset'> {
  return { sort, limit: PRODUCTS_PER_PAGE, offset: (Math.max(1, Math.floor(page)) - 1) * PRODUCTS_PER_PAGE };
}

/** How many pages `total` products fill; at least one, so an empty listing is "page 1 of 1". */
export function pageCountOf(total: number): number {
  return Math.max(1, Math.ceil(total / PRODUCTS_PER_PAGE));
}
