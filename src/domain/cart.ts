import type { CartItem } from './cart-item';
import type { Product } from './product';

/**
 * Cart rules (SPEC section 4, Cart). Every function returns a new list and never changes its
 * input, so stores can keep snapshots and views can compare by reference.
 */

/** Lines never go below 1 (SPEC section 5); fractions are floored. */
export const MIN_QUANTITY = 1;

/** A usable line quantity, or null when the input is no finite number (then it is ignored). */
function normalizeQuantity(quantity: number): number | null {
  if (!Number.isFinite(quantity)) return null;
  return Math.max(MIN_QUANTITY, Math.floor(quantity));
}

/** Adds `quantity` (default 1) of a product; a product already in the cart (same `_id`) grows. */
export function addToCart(items: readonly CartItem[], product: Product, quantity = 1): CartItem[] {
  const added = normalizeQuantity(quantity) ?? MIN_QUANTITY;
  const index = items.findIndex((item) => item._id === product._id);
  if (index === -1) return [...items, { ...product, quantity: added }];
  return items.map((item, i) => (i === index ? { ...item, quantity: item.quantity + added } : item));
}

export function removeFromCart(items: readonly CartItem[], id: string): CartItem[] {
  return items.filter((item) => item._id !== id);
}

/** Sets a line's quantity: never below 1, fractions floored, NaN/Infinity ignored. */
export function setQuantity(items: readonly CartItem[], id: string, quantity: number): CartItem[] {
  const next = normalizeQuantity(quantity);
  if (next === null) return [...items];
  return items.map((item) => (item._id === id ? { ...item, quantity: next } : item));
}

/** +1, no upper bound (SPEC shows none). */
export function increaseQuantity(items: readonly CartItem[], id: string): CartItem[] {
  return items.map((item) => (item._id === id ? { ...item, quantity: item.quantity + 1 } : item));
}

/** -1, but never below 1: removing a line is a separate action. */
export function decreaseQuantity(items: readonly CartItem[], id: string): CartItem[] {
  return items.map((item) => (item._id === id ? { ...item, quantity: Math.max(MIN_QUANTITY, item.quantity - 1) } : item));
}

export function clearCart(): CartItem[] {
  return [];
}

export interface CartTotals {
  /** Dollars, exact to the cent. */
  totalPrice: number;
  totalQuantity: number;
}

/**
 * Sum of price x quantity and of quantities. Summed in whole cents so that e.g. 0.1 + 0.2 gives
 * 0.3, not 0.30000000000000004. A line without a (finite) price counts 0 (shown as N/A, D8).
 */
export function cartTotals(items: readonly CartItem[]): CartTotals {
  let cents = 0;
  let totalQuantity = 0;
  for (const item of items) {
    const price = item.prodPrice;
    if (price !== undefined && Number.isFinite(price)) cents += Math.round(price * 100) * item.quantity;
    totalQuantity += item.quantity;
  }
  return { totalPrice: cents / 100, totalQuantity };
}
