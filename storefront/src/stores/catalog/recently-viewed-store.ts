import { makeAutoObservable, observableRef } from 'mobx';
import type { Product } from '@shop/core/domain/product';
import { productOfViewed, type ViewedProduct, viewedBesides, viewedProductOf, withViewed } from '@shop/core/domain/recently-viewed';
import type { RecentlyViewedStorage } from '@shop/core/ports/recently-viewed-storage';

/**
 * The products this browser showed last (D25): at most 12, newest first, kept in the browser's
 * storage (RecentlyViewedStorage), never sent anywhere. A product page records its product and
 * shows the others.
 */
export class RecentlyViewedStore {
  list: readonly ViewedProduct[];

  constructor(private readonly storage: RecentlyViewedStorage) {
    this.list = storage.load();
    makeAutoObservable<this, 'storage'>(this, { list: observableRef, storage: false }, { autoBind: true });
  }

  /** What a product page shows: the products viewed before, as cards, without the product `currentId`. */
  shownBesides(currentId: string): Product[] {
    return viewedBesides(this.list, currentId).map(productOfViewed);
  }

  /** Records `product` as the newest viewed (what another tab recorded meanwhile is kept). */
  record(product: Product): void {
    this.list = withViewed(this.storage.load(), viewedProductOf(product));
    this.storage.save(this.list);
  }
}
