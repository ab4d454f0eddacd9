import type { CartItem } from './cart-item';
import { cartTotals } from './cart';

/** D1: the shipping fee, charged when the product total is FREE_SHIPPING_ABOVE or less. */
export const SHIPPING_FEE = 100;
export const FREE_SHIPPING_ABOVE = 20000;

/**
 * D1, the one rule, in integer cents as the server prices an order: 100 when the products cost
 * 20000 or less, free above.
 */
export function shippingFeeCents(productCents: number): number {
  return productCents > FREE_SHIPPING_ABOVE * 100 ? 0 : SHIPPING_FEE * 100;
}

/** D1 in dollars, for a product total exact to the cent (cartTotals): the same rule. */
export function shippingFee(productTotal: number): number {
  return shippingFeeCents(Math.round(productTotal * 100)) / 100;
}

export interface OrderSummary {
  productTotal: number;
  itemCount: number;
  shipping: number;
  /** productTotal + shipping, rounded to cents (D1). */
  total: number;
  /** Shipping is free because the cart is above FREE_SHIPPING_ABOVE (an empty cart is not). */
  freeShipping: boolean;
}

/**
 * The Order Summary of the cart and checkout pages.
 * An empty cart has nothing to ship, so it is charged no shipping and totals $0.00: SPEC's
 * "100 when the total is 20000 or less" is read as applying to carts that hold something.
 * A cart whose items all lack a price still ships, so it pays the fee.
 */
export function orderSummary(items: readonly CartItem[]): OrderSummary {
  const { totalPrice: productTotal, totalQuantity: itemCount } = cartTotals(items);
  const shipping = itemCount === 0 ? 0 : shippingFee(productTotal);
  const total = Math.round((productTotal + shipping) * 100) / 100;
  return { productTotal, itemCount, shipping, total, freeShipping: shipping === 0 && itemCount > 0 };
}
