import type { CartItem } from '../../domain/cart-item';
import type { CartStorage } from '../../ports/cart-storage';

/** The browser cart kept in memory; `saveCount` lets tests see that a change was persisted. */
export class MemoryCartStorage implements CartStorage {
  private items: CartItem[];
  saveCount = 0;

  constructor(initial: readonly CartItem[] = []) {
    this.items = structuredClone([...initial]);
  }

  load(): CartItem[] {
    return structuredClone(this.items);
  }

  save(items: readonly CartItem[]): void {
    // A copy, as serialising to local storage would: later edits by the caller do not leak in.
    this.items = structuredClone([...items]);
    this.saveCount += 1;
  }
}
