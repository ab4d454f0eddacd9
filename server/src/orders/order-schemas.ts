import { z } from 'zod';
import { wireAddress } from '../accounts/account-schemas';
import { PAYMENT_METHOD_IDS } from '../payments/payment-methods';

export const MAX_ORDER_LINES = 100;
export const MAX_LINE_QUANTITY = 99;

/** `Idempotency-Key`: one per order the shopper means to place; a retry sends the same one. */
export const idempotencyHeaders = z.looseObject({
  'idempotency-key': z
    .string({ error: 'An Idempotency-Key header is required.' })
    .regex(/^[A-Za-z0-9_-]{8,100}$/, 'The Idempotency-Key header must be 8 to 100 characters of A-Z, a-z, 0-9, _ and -.'),
});

/**
 * A line names a product and a quantity, nothing more: any other field (a cart item's `prodPrice`,
 * `prodName`, images) is dropped unread, since the server prices from its own catalogue.
 */
const orderLineRequest = z.object({
  _id: z.string().regex(/^[0-9a-f]{24}$/, 'Product id must be 24 hex digits.'),
  quantity: z
    .int('Quantity must be a whole number.')
    .min(1, 'Quantity must be at least 1.')
    .max(MAX_LINE_QUANTITY, `Quantity must be at most ${MAX_LINE_QUANTITY}.`),
});

export const placeOrderBody = z.object({
  lines: z
    .array(orderLineRequest)
    .min(1, 'An order needs at least one line.')
    .max(MAX_ORDER_LINES, `An order has at most ${MAX_ORDER_LINES} lines.`)
    .superRefine((lines, context) => {
      const seen = new Set<string>();
      lines.forEach((line, index) => {
        if (seen.has(line._id)) {
          context.addIssue({
            code: 'custom',
            path: [index, '_id'],
            message: 'This product is already in another line: send one line per product.',
          });
        }
        seen.add(line._id);
      });
    }),
  billingAddressId: z.string().min(1).max(64),
  shippingAddressId: z.string().min(1).max(64),
  paymentMethod: z.enum(PAYMENT_METHOD_IDS),
});
export type PlaceOrderBody = z.infer<typeof placeOrderBody>;

/** Order ids are 24 lowercase hex digits; any other shape is bad input (400), not a lookup. */
export const orderParams = z.object({ id: z.string().regex(/^[0-9a-f]{24}$/, 'Order id must be 24 hex digits.') });

/** Cancelling takes no input: no body, or an empty object. */
export const cancelOrderBody = z.object({});

export const orderListQuery = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(20),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
});

// ---- Answers ----

/** A line as it was sold: unit price and line total in US dollars, fixed when the order was placed. */
export const wireOrderLine = z.object({
  _id: z.string(),
  prodName: z.string(),
  prodPrice: z.number(),
  quantity: z.number(),
  lineTotal: z.number(),
});

/** An address as it was when the order was placed (the address book may change later). */
export const orderAddress = wireAddress.omit({ isDefaultAddress: true });
export type OrderAddress = z.infer<typeof orderAddress>;

export const orderStatuses = ['placed', 'cancelled'] as const;

export const wireOrder = z.object({
  _id: z.string(),
  /** `SF-000123`: what the shopper quotes. */
  orderNumber: z.string(),
  status: z.enum(orderStatuses),
  createdAt: z.string(),
  cancelledAt: z.string().nullable(),
  lines: z.array(wireOrderLine),
  productTotal: z.number(),
  shippingFee: z.number(),
  total: z.number(),
  billingAddress: orderAddress,
  shippingAddress: orderAddress,
  paymentMethod: z.enum(PAYMENT_METHOD_IDS),
  paymentStatus: z.string(),
});
export type WireOrder = z.infer<typeof wireOrder>;

export const orderAnswer = z.object({ success: z.literal(true), order: wireOrder });

export const orderListAnswer = z
  .object({ success: z.literal(true), orders: z.array(wireOrder) })
  .describe('Newest first; the X-Total-Count header carries the number of all the caller’s orders.');
