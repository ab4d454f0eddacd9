import { doorPayment } from './door-payment';
import type { PaymentMethod } from './payment-method';

/** The ids a client may send as `paymentMethod`; a new provider adds its id here and its adapter below. */
export const PAYMENT_METHOD_IDS = ['cash-on-delivery', 'card-on-delivery'] as const;
export type PaymentMethodId = (typeof PAYMENT_METHOD_IDS)[number];

export type PaymentMethods = Readonly<Record<PaymentMethodId, PaymentMethod>>;

/** Which adapter serves which payment method. */
export const paymentMethods: PaymentMethods = {
  'cash-on-delivery': doorPayment('cash-on-delivery', 'Cash on delivery'),
  'card-on-delivery': doorPayment('card-on-delivery', 'Card on delivery'),
};
