import { z } from 'zod/mini';
import { RECENTLY_VIEWED_MAX, type ViewedProduct } from '@shop/core/domain/recently-viewed';
import type { RecentlyViewedStorage } from '@shop/core/ports/recently-viewed-storage';

/** The storage key; the first-paint script reads it too (storefront/src/first-paint.ts). */
export const RECENTLY_VIEWED_KEY = 'recentlyViewed';

const entrySchema = z.object({
  id: z.string().check(z.minLength(1)),
  name: z.string(),
  price: z.optional(z.number()),
  image: z.optional(z.string()),
}) satisfies z.ZodMiniType<ViewedProduct>;

/**
 * The recently viewed products in the browser's storage under `recentlyViewed` (D25), newest
 * first, as `{ id, name, price?, image? }` entries. An entry that cannot be read is dropped alone;
 * anything missing or unparsable reads as an empty list. Failures are only logged.
 */
export class LocalRecentlyViewedStorage implements RecentlyViewedStorage {
  constructor(private readonly storage: Storage = window.localStorage) {}

  load(): ViewedProduct[] {
    let value: unknown;
    try {
      value = JSON.parse(this.storage.getItem(RECENTLY_VIEWED_KEY) ?? '[]');
    } catch {
      console.error('The recently viewed products could not be read; starting with none');
      return [];
    }
    if (!Array.isArray(value)) return [];
    return value
      .flatMap((entry: unknown) => {
        const read = entrySchema.safeParse(entry);
        return read.success ? [read.data] : [];
      })
      .slice(0, RECENTLY_VIEWED_MAX);
  }

  save(list: readonly ViewedProduct[]): void {
    try {
      this.storage.setItem(RECENTLY_VIEWED_KEY, JSON.stringify(list));
    } catch {
      console.error('Could not write the recently viewed products to local storage');
    }
  }
}
