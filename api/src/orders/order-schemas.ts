import { z } from 'zod';
import { wireAddress } from '../accounts/account-schemas';
import { DOCUMENT_KINDS } from '../legal/contract-documents';
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
 * A line names a product, its variant when the product has variants (D25), and a quantity, nothing
 * more: any other field (a cart item's `prodPrice`, `prodName`, images) is dropped unread, since
 * the server prices from its own catalogue.
 */
const orderLineRequest = z.object({
  _id: z.string().regex(/^[0-9a-f]{24}$/, 'Product id must be 24 hex digits.'),
  variantId: z
    .string()
    .regex(/^[0-9a-f]{24}$/, 'Variant id must be 24 hex digits.')
    .optional(),
  quantity: z
    .int('Quantity must be a whole number.')
    .min(1, 'Quantity must be at least 1.')
    .max(MAX_LINE_QUANTITY, `Quantity must be at most ${MAX_LINE_QUANTITY}.`),
});

/** What an order asks for: its lines, both addresses and the payment method. */
export const orderRequestBody = z.object({
  lines: z
    .array(orderLineRequest)
    .min(1, 'An order needs at least one line.')
    .max(MAX_ORDER_LINES, `An order has at most ${MAX_ORDER_LINES} lines.`)
    .superRefine((lines, context) => {
      const seen = new Set<string>();
      lines.forEach((line, index) => {
        const key = `${line._id}/${line.variantId ?? ''}`;
        if (seen.has(key)) {
          context.addIssue({
            code: 'custom',
            path: [index, '_id'],
            message: 'This product is already in another line: send one line per product and variant.',
          });
        }
        seen.add(key);
      });
    }),
  billingAddressId: z.string().min(1).max(64),
  shippingAddressId: z.string().min(1).max(64),
  paymentMethod: z.enum(PAYMENT_METHOD_IDS),
});
export type OrderRequestBody = z.infer<typeof orderRequestBody>;

export const CONTRACT_NOT_ACCEPTED =
  'You must read and accept the pre-information form and the distance sales contract before placing the order.';

/**
 * D24: the shopper confirmed the documents POST /api/orders/contract rendered for this request;
 * `sha256` names the text they read. Without it no order is placed.
 */
export const contractAcceptance = z.object(
  {
    accepted: z.literal(true, { error: CONTRACT_NOT_ACCEPTED }),
    version: z.string().min(1).max(40),
    sha256: z.string().regex(/^[0-9a-f]{64}$/, 'sha256 must be 64 lowercase hex digits.'),
  },
  { error: CONTRACT_NOT_ACCEPTED },
);

export const placeOrderBody = orderRequestBody.extend({ contractAcceptance });
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
  /** D25: the variant sold and its option values for people (`M / Siyah`), only when it has one. */
  variantId: z.string().optional(),
  variantLabel: z.string().optional(),
  prodName: z.string(),
  prodPrice: z.number(),
  quantity: z.number(),
  lineTotal: z.number(),
});

/** An address as it was when the order was placed (the address book may change later). */
export const orderAddress = wireAddress.omit({ isDefaultAddress: true });
export type OrderAddress = z.infer<typeof orderAddress>;

/** One of the two documents of D24, filled in. */
export const wireLegalDocument = z.object({
  kind: z.enum(DOCUMENT_KINDS),
  title: z.string(),
  text: z.string(),
});

/** The documents rendered for an order request, before it is placed (POST /api/orders/contract). */
export const orderContractAnswer = z.object({
  success: z.literal(true),
  contract: z.object({ version: z.string(), sha256: z.string(), documents: z.array(wireLegalDocument) }),
});

/**
 * What the shopper accepted with the order (D24). `documents` is empty once the buyer's account
 * was deleted (its personal details are gone); the hash still names the text.
 */
export const wireAcceptedContract = z.object({
  version: z.string(),
  sha256: z.string(),
  acceptedAt: z.string(),
  documents: z.array(wireLegalDocument),
});
export type WireAcceptedContract = z.infer<typeof wireAcceptedContract>;

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
  /** Only in the answers about one order; null for an order placed before D24. */
  contract: wireAcceptedContract.nullable().optional(),
});
export type WireOrder = z.infer<typeof wireOrder>;

export const orderAnswer = z.object({ success: z.literal(true), order: wireOrder });

export const orderListAnswer = z
  .object({ success: z.literal(true), orders: z.array(wireOrder) })
  .describe('Newest first; the X-Total-Count header carries the number of all the caller’s orders.');
