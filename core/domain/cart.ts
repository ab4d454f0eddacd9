import type { CartItem } from './cart-item';

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

/** What identifies a cart line: its product, and its variant for a product with variants (D25). */
export type LineIdentity = Pick<CartItem, '_id' | 'variantId'>;

/**
 * The key of a cart line: one line per product and variant (D25). A line without a variant is
 * keyed by its product's `_id` alone, as SPEC's lines are. (storefront/src/first-paint.ts counts stored
 * lines by the same key.)
 */
export function lineKey(line: LineIdentity): string {
  return line.variantId === undefined ? line._id : `${line._id}/${line.variantId}`;
}

/** What goes into the cart: a product, with the variant chosen when it has variants (D25). */
export type CartProduct = Omit<CartItem, 'quantity'>;

/**
 * A line of `product`: the fields the cart keeps (SPEC's product fields and the variant), not what
 * only a product page needs (its options, variants and stock, which the cart page asks the
 * catalogue for again, D25).
 */
export function cartLine(product: CartProduct, quantity: number): CartItem {
  const { prodOptions: _options, prodVariants: _variants, prodStock: _stock, ...line } = product;
  return { ...line, quantity };
}

/**
 * Adds `quantity` (default 1) of a product (and variant); the line of the same product and variant
 * grows, another variant of the product gets a line of its own.
 */
export function addToCart(items: readonly CartItem[], product: CartProduct, quantity = 1): CartItem[] {
  const added = normalizeQuantity(quantity) ?? MIN_QUANTITY;
  const key = lineKey(product);
  const index = items.findIndex((item) => lineKey(item) === key);
  if (index === -1) return [...items, cartLine(product, added)];
  return items.map((item, i) => (i === index ? { ...item, quantity: item.quantity + added } : item));
}

/** Removes the line of key `key` (lineKey). */
export function removeFromCart(items: readonly CartItem[], key: string): CartItem[] {
  return items.filter((item) => lineKey(item) !== key);
}

/** Sets a line's quantity: never below 1, fractions floored, NaN/Infinity ignored. */
export function setQuantity(items: readonly CartItem[], key: string, quantity: number): CartItem[] {
  const next = normalizeQuantity(quantity);
  if (next === null) return [...items];
  return items.map((item) => (lineKey(item) === key ? { ...item, quantity: next } : item));
}

/** +1, no upper bound (SPEC shows none). */
export function increaseQuantity(items: readonly CartItem[], key: string): CartItem[] {
  return items.map((item) => (lineKey(item) === key ? { ...item, quantity: item.quantity + 1 } : item));
}

/** -1, but never below 1: removing a line is a separate action. */
export function decreaseQuantity(items: readonly CartItem[], key: string): CartItem[] {
  return items.map((item) => (lineKey(item) === key ? { ...item, quantity: Math.max(MIN_QUANTITY, item.quantity - 1) } : item));
}

/**
 * One line per product and variant, as read from storage: lines of the same key (a cart written
 * by hand, or by two tabs) become the first of them with their quantities summed, in the order
 * their keys first appear.
 */
export function mergeLines(items: readonly CartItem[]): CartItem[] {
  const merged = new Map<string, CartItem>();
  for (const item of items) {
    const key = lineKey(item);
    const seen = merged.get(key);
    merged.set(key, seen ? { ...seen, quantity: seen.quantity + item.quantity } : item);
  }
  return [...merged.values()];
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
