import type { CartItem } from './cart-item';
import { cartTotals } from './cart';
import { messages } from './messages';
import { FREE_SHIPPING_ABOVE, SHIPPING_FEE, formatUsd } from './money-format';

// One source for the policy numbers (D1); see money-format.ts for why they live there.
export { FREE_SHIPPING_ABOVE, SHIPPING_FEE };

/** D1: 100 when the product total is 20000 or less, free above. */
export function shippingFee(productTotal: number): number {
  return productTotal > FREE_SHIPPING_ABOVE ? 0 : SHIPPING_FEE;
}

export interface OrderSummary {
  productTotal: number;
  itemCount: number;
  shipping: number;
  /** productTotal + shipping, rounded to cents (D1). */
  total: number;
  shippingLabel: string;
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
  const shippingLabel = shipping === 0 && itemCount > 0 ? messages.cart.freeShipping : formatUsd(shipping);
  return { productTotal, itemCount, shipping, total, shippingLabel };
}
