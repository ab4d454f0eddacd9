import type { CartItem } from '../../domain/cart-item';
import type { CartStorage } from '../../ports/cart-storage';

/** The browser cart kept in memory; `loadCount` and `saveCount` let tests see when it was read and persisted. */
export class MemoryCartStorage implements CartStorage {
  private items: CartItem[];
  loadCount = 0;
  saveCount = 0;

  constructor(initial: readonly CartItem[] = []) {
    this.items = structuredClone([...initial]);
  }

  load(): CartItem[] {
    this.loadCount += 1;
    return structuredClone(this.items);
  }

  save(items: readonly CartItem[]): void {
    // A copy, as serialising to local storage would: later edits by the caller do not leak in.
    this.items = structuredClone([...items]);
    this.saveCount += 1;
  }
}
