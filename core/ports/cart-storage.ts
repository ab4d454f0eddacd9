import type { CartItem } from '../domain/cart-item';

/** The browser-kept cart (key `cartItems`). Failures are logged by the adapter, never thrown. */
export interface CartStorage {
  /** Empty when missing or unparsable. */
  load(): CartItem[];
  save(items: readonly CartItem[]): void;
}
