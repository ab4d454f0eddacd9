import type { ProductSort } from '@shop/core/domain/product-search';
import type { ListingView } from '../../stores/catalog/product-paging';

/**
 * The page and order of a listing live in the URL (`?sort=price-asc&page=2`, D18), so a reload,
 * a shared link and the browser's back and forward show the same page. Defaults are left out
 * of the URL; anything unreadable falls back to them.
 */
export function listingViewFrom(params: URLSearchParams, sorts: readonly ProductSort[], defaults: ListingView): ListingView {
  const sort = sorts.find((candidate) => candidate === params.get('sort')) ?? defaults.sort;
  const pageText = params.get('page') ?? '';
  const page = /^\d{1,6}$/.test(pageText) && Number(pageText) >= 1 ? Number(pageText) : defaults.page;
  return { sort, page };
}

/** `params` with `view` written in (defaults removed), as a `?…` search string ('' when empty). */
export function listingSearch(params: URLSearchParams, view: ListingView, defaults: ListingView): string {
  const next = new URLSearchParams(params);
  next.delete('sort');
  next.delete('page');
  if (view.sort !== defaults.sort) next.set('sort', view.sort);
  if (view.page !== defaults.page) next.set('page', String(view.page));
  const text = next.toString();
  return text === '' ? '' : `?${text}`;
}
