/**
 * D1, on the server: fee 100 when the product total is 20000 or less, free above. The shop's own
 * copy is src/domain/money-format.ts (the server does not import the client);
 * shipping-policy.test.ts checks that both charge the same.
 */
export const SHIPPING_FEE = 100;
export const FREE_SHIPPING_ABOVE = 20000;

/** The fee, in cents, of an order whose products cost `productCents`. */
export function shippingFeeCents(productCents: number): number {
  return productCents > FREE_SHIPPING_ABOVE * 100 ? 0 : SHIPPING_FEE * 100;
}
