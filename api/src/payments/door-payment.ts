import type { PaymentMethod } from './payment-method';

/**
 * Paying at the door (D19), in cash or by card: the courier collects the total, so placing an
 * order charges nothing and cancelling it refunds nothing.
 */
export function doorPayment(id: string, label: string): PaymentMethod {
  return {
    id,
    label,
    open: async () => ({ status: 'due-on-delivery' }),
    cancel: async () => ({ status: 'cancelled' }),
  };
}
