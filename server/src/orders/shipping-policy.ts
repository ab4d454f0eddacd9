import { FREE_SHIPPING_ABOVE, SHIPPING_FEE } from '../../../src/domain/shipping';

/** D1 on the server, from the shop's own rule module (src/domain/shipping.ts): the fee in cents of an order whose products cost `productCents`. */
export function shippingFeeCents(productCents: number): number {
  return productCents > FREE_SHIPPING_ABOVE * 100 ? 0 : SHIPPING_FEE * 100;
}
