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
  /** The variant sold (D25), when the product has variants. */
  variantId?: string;
  /** Its option values for people: `M / Siyah`. */
  variantLabel?: string;
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

/** One line of an order request: a product, its variant when it has variants (D25), how many. */
export interface OrderRequestLine {
  productId: string;
  variantId?: string;
  quantity: number;
}

/** What the shop asks for: products (and variants) and quantities; the server prices them itself. */
export interface OrderRequest {
  lines: OrderRequestLine[];
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
  return orderRequestKey(a) === orderRequestKey(b);
}

/** What identifies an order request for its Idempotency-Key: its lines in any order, both addresses and the payment method. */
export function orderRequestKey(request: OrderRequest): string {
  const lines = request.lines.map((line) => `${line.productId}/${line.variantId ?? ''}:${line.quantity}`).sort();
  return JSON.stringify([lines, request.billingAddressId, request.shippingAddressId, request.paymentMethod]);
}

/**
 * The 409 when a line asks for more than is left (D25): nothing was placed. The server answers it
 * and the fakes repeat it; `variantLabel` is named after the product when the line has one.
 */
export function notEnoughStockMessage(line: { prodName: string; variantLabel?: string | undefined; left: number }): string {
  return `Only ${line.left} of ${lineName(line)} left in stock. ${UPDATE_YOUR_CART}`;
}

const UPDATE_YOUR_CART = 'Please update your cart.';

/** Why an order was refused when a line asks for more than is left (the 409 above). */
export type OutOfStock = 'out-of-stock';

/** Whether a refusal's message is notEnoughStockMessage's (the 409 shares its status with a changed contract). */
export function isNotEnoughStockMessage(message: string | undefined): boolean {
  return message !== undefined && message.startsWith('Only ') && message.endsWith(` left in stock. ${UPDATE_YOUR_CART}`);
}

/** A line's product as people read it: `Basic Tişört (M / Siyah)`, or just the name without a variant. */
export function lineName(line: { prodName: string; variantLabel?: string | undefined }): string {
  return line.variantLabel ? `${line.prodName} (${line.variantLabel})` : line.prodName;
}
