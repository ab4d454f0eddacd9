import type { Address } from './address';
import type { AcceptedContract } from './contract';

/** D19: payment happens at the door, in cash or by card. */
export const PAYMENT_METHODS = ['cash-on-delivery', 'card-on-delivery'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** Only a placed order can still be cancelled. */
export type OrderStatus = 'placed' | 'cancelled';

/** A line as it was sold: unit price and line total in US dollars, fixed when the order was placed. */
export interface OrderLine {
  productId: string;
  prodName: string;
  prodPrice: number;
  quantity: number;
  lineTotal: number;
}

/** An address as it was when the order was placed (the address book may change later). */
export type OrderAddress = Omit<Address, 'isDefaultAddress'>;

export interface Order {
  id: string;
  /** `SF-000123`: what the shopper quotes. */
  orderNumber: string;
  status: OrderStatus;
  /** ISO 8601, UTC. */
  createdAt: string;
  cancelledAt: string | null;
  lines: OrderLine[];
  productTotal: number;
  shippingFee: number;
  total: number;
  billingAddress: OrderAddress;
  shippingAddress: OrderAddress;
  paymentMethod: PaymentMethod;
  paymentStatus: string;
  /** D24: what was accepted with the order (only when one order is read); null before D24. */
  contract: AcceptedContract | null;
}

/** What the shop asks for: products and quantities; the server prices them itself. */
export interface OrderRequest {
  lines: { productId: string; quantity: number }[];
  billingAddressId: string;
  shippingAddressId: string;
  paymentMethod: PaymentMethod;
}

/** How many items an order holds, over all its lines. */
export function itemCount(order: Pick<Order, 'lines'>): number {
  return order.lines.reduce((sum, line) => sum + line.quantity, 0);
}

/** A placed order may be cancelled by its owner (D19). */
export function isCancellable(order: Pick<Order, 'status'>): boolean {
  return order.status === 'placed';
}

/**
 * Whether two order requests ask for the same order (lines in any order): the server then
 * answers a retry with the same Idempotency-Key as the first one.
 */
export function sameOrderRequest(a: OrderRequest, b: OrderRequest): boolean {
  const lines = (request: OrderRequest): string =>
    request.lines
      .map((line) => `${line.productId}:${line.quantity}`)
      .sort()
      .join(',');
  return (
    a.billingAddressId === b.billingAddressId &&
    a.shippingAddressId === b.shippingAddressId &&
    a.paymentMethod === b.paymentMethod &&
    lines(a) === lines(b)
  );
}
