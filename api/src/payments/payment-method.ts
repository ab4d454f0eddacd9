/**
 * The payment port (D19): how an order gets paid, seen from the orders. Orders only ever talk to
 * this interface; paying at the door is one adapter (door-payment.ts), an online provider would be
 * another, registered in payment-methods.ts, without any change to the orders.
 */

/** What a payment is for: the amount is the server-priced order total (D1), in US dollars (D8). */
export interface Charge {
  orderId: string;
  orderNumber: string;
  amount: number;
  currency: 'USD';
}

/** Where a payment stands. Door payments are due at delivery; an online provider adds its own states. */
export type PaymentStatus = 'due-on-delivery' | 'cancelled';

export interface Payment {
  status: PaymentStatus;
}

export interface PaymentMethod {
  /** The id a client sends as `paymentMethod`. */
  readonly id: string;
  /** How mails name it, e.g. `Cash on delivery`. */
  readonly label: string;
  /** Starts paying for a just placed order (inside the order's transaction). */
  open(charge: Charge): Promise<Payment>;
  /** The order was cancelled: nothing is owed any more. */
  cancel(charge: Charge, payment: Payment): Promise<Payment>;
}
