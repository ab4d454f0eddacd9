import { makeAutoObservable, observableRef } from 'mobx';
import {
  addToCart,
  type CartProduct,
  cartTotals,
  clearCart,
  decreaseQuantity,
  increaseQuantity,
  mergeLines,
  removeFromCart,
  setQuantity,
} from '@shop/core/domain/cart';
import type { CartItem } from '@shop/core/domain/cart-item';
import { type OrderSummary, orderSummary } from '@shop/core/domain/shipping';
import type { CartStorage } from '@shop/core/ports/cart-storage';

/**
 * The browser-kept cart (SPEC section 4): loaded once at start, saved after every change.
 * The rules live in domain/cart; `items` is replaced, never mutated (observableRef, MobX 7), so the
 * lists handed to storage are plain data. A line is a product and its variant (D25): the line
 * actions take the line's key (`lineKey`, the product's `_id` for a line without a variant).
 */
export class CartStore {
  items: readonly CartItem[];

  constructor(private readonly storage: CartStorage) {
    this.items = mergeLines(storage.load());
    makeAutoObservable<this, 'storage' | 'commit'>(this, { items: observableRef, storage: false, commit: false }, { autoBind: true });
  }

  /** Badge count in the header: total quantity over all lines. */
  get totalQuantity(): number {
    return cartTotals(this.items).totalQuantity;
  }

  get summary(): OrderSummary {
    return orderSummary(this.items);
  }

  get isEmpty(): boolean {
    return this.items.length === 0;
  }

  /** Adds a product, with its chosen variant (`variantId`, `variantLabel`) when it has variants. */
  add(product: CartProduct, quantity = 1): void {
    this.commit(addToCart(this.items, product, quantity));
  }

  remove(key: string): void {
    this.commit(removeFromCart(this.items, key));
  }

  setQuantity(key: string, quantity: number): void {
    this.commit(setQuantity(this.items, key, quantity));
  }

  increase(key: string): void {
    this.commit(increaseQuantity(this.items, key));
  }

  decrease(key: string): void {
    this.commit(decreaseQuantity(this.items, key));
  }

  /** Empties the cart; answers whether there was anything to empty ('Cart is now empty.' vs 'Cart is already empty.'). */
  clear(): boolean {
    const hadItems = !this.isEmpty;
    this.commit(clearCart());
    return hadItems;
  }

  // Called only from the actions above, so it runs inside their transaction.
  private commit(next: CartItem[]): void {
    this.items = next;
    this.storage.save(next);
  }
}
