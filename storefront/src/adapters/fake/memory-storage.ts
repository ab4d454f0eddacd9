import type { CartItem } from '@shop/core/domain/cart-item';
import type { ViewedProduct } from '@shop/core/domain/recently-viewed';
import type { StoredSession } from '@shop/core/domain/user';
import type { CartStorage } from '@shop/core/ports/cart-storage';
import type { RecentlyViewedStorage } from '@shop/core/ports/recently-viewed-storage';
import type { SessionStorage } from '@shop/core/ports/session-storage';

/**
 * What the browser keeps, in memory (tests, stories, the fake dev mode): copies in and out, as
 * serialising to local storage would, so later edits by the caller do not leak in. `loadCount`
 * and `saveCount` let tests see when it was read and persisted.
 */
class MemoryStorage<Value> {
  private value: Value;
  loadCount = 0;
  saveCount = 0;

  constructor(initial: Readonly<Value>) {
    this.value = structuredClone(initial);
  }

  load(): Value {
    this.loadCount += 1;
    return structuredClone(this.value);
  }

  save(value: Readonly<Value>): void {
    this.value = structuredClone(value);
    this.saveCount += 1;
  }
}

/** The browser cart. */
export class MemoryCartStorage extends MemoryStorage<CartItem[]> implements CartStorage {
  constructor(initial: readonly CartItem[] = []) {
    super(initial);
  }
}

/** The recently viewed products (D25), newest first. */
export class MemoryRecentlyViewedStorage extends MemoryStorage<ViewedProduct[]> implements RecentlyViewedStorage {
  constructor(initial: readonly ViewedProduct[] = []) {
    super(initial);
  }
}

/** The signed-in session (a story pre-signs a user in by passing one). */
export class MemorySessionStorage extends MemoryStorage<StoredSession | null> implements SessionStorage {
  constructor(initial: StoredSession | null = null) {
    super(initial);
  }

  clear(): void {
    this.save(null);
  }
}
