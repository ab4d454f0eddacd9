import type { ViewedProduct } from '../../domain/recently-viewed';
import type { RecentlyViewedStorage } from '../../ports/recently-viewed-storage';

/** The browser's recently viewed products kept in memory (tests, stories, the fake dev mode). */
export class MemoryRecentlyViewedStorage implements RecentlyViewedStorage {
  private list: ViewedProduct[];

  constructor(initial: readonly ViewedProduct[] = []) {
    this.list = structuredClone([...initial]);
  }

  load(): ViewedProduct[] {
    return structuredClone(this.list);
  }

  save(list: readonly ViewedProduct[]): void {
    this.list = structuredClone([...list]);
  }
}
