import type { ViewedProduct } from '../domain/recently-viewed';

/**
 * The browser-kept list of recently viewed products (key `recentlyViewed`, newest first; D25).
 * Kept in the browser only: the server never sees it. Failures are logged by the adapter, never thrown.
 */
export interface RecentlyViewedStorage {
  /** Empty when missing or unparsable; an unreadable entry is left out alone. */
  load(): ViewedProduct[];
  save(list: readonly ViewedProduct[]): void;
}
