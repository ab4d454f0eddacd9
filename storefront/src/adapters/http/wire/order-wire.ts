import { z } from 'zod/mini';
import type { AcceptedContract, ContractAcceptance, OrderContract } from '@shop/core/domain/contract';
import { type Order, type OrderAddress, type OrderLine, type OrderRequest, PAYMENT_METHODS } from '@shop/core/domain/order';
import { wireAddressSchema } from './address-wire';
import { wireId } from './wire-text';

/** A line as it was sold (docs/api.md, Orders). */
const wireOrderLineSchema = z.object({
  _id: wireId,
  /** D25: the variant sold and its label, only when it has one. */
  variantId: z.optional(wireId),
  variantLabel: z.optional(z.string()),
  prodName: z.string(),
  prodPrice: z.number(),
  quantity: z.number(),
  lineTotal: z.number(),
});

/** One of the two documents of D24 (docs/api.md, Orders). */
export const wireLegalDocumentSchema = z.object({
  kind: z.enum(['pre-information', 'distance-sales']),
  title: z.string(),
  text: z.string(),
});

const wireContractFields = {
  version: z.string(),
  sha256: z.string(),
  documents: z.array(wireLegalDocumentSchema),
};

/** `{ success: true, contract }`: POST /api/orders/contract. */
export const wireOrderContractAnswerSchema = z.object({ contract: z.object(wireContractFields) });

const wireAcceptedContractSchema = z.object({ ...wireContractFields, acceptedAt: z.string() });

/** An order on the wire: amounts in US dollars, times ISO 8601 UTC, addresses as they were. */
export const wireOrderSchema = z.object({
  _id: wireId,
  orderNumber: z.string(),
  status: z.enum(['placed', 'cancelled']),
  createdAt: z.string(),
  cancelledAt: z.nullable(z.string()),
  lines: z.array(wireOrderLineSchema),
  productTotal: z.number(),
  shippingFee: z.number(),
  total: z.number(),
  billingAddress: wireAddressSchema,
  shippingAddress: wireAddressSchema,
  paymentMethod: z.enum(PAYMENT_METHODS),
  paymentStatus: z.string(),
  /** Only when one order is read; null for an order placed before D24. */
  contract: z.optional(z.nullable(wireAcceptedContractSchema)),
});

export type WireOrder = z.infer<typeof wireOrderSchema>;

/** `{ success: true, order }`: place, get and cancel. */
export const wireOrderAnswerSchema = z.object({ order: wireOrderSchema });

/** `{ success: true, orders }`, newest first; the total comes in `X-Total-Count`. */
export const wireOrderListSchema = z.object({ orders: z.array(wireOrderSchema) });

function toOrderAddress({ isDefaultAddress: _default, ...address }: WireOrder['billingAddress']): OrderAddress {
  return address;
}

export function toOrder(wire: WireOrder): Order {
  return {
    id: wire._id,
    orderNumber: wire.orderNumber,
    status: wire.status,
    createdAt: wire.createdAt,
    cancelledAt: wire.cancelledAt,
    lines: wire.lines.map(toOrderLine),
    productTotal: wire.productTotal,
    shippingFee: wire.shippingFee,
    total: wire.total,
    billingAddress: toOrderAddress(wire.billingAddress),
    shippingAddress: toOrderAddress(wire.shippingAddress),
    paymentMethod: wire.paymentMethod,
    paymentStatus: wire.paymentStatus,
    contract: wire.contract ? toAcceptedContract(wire.contract) : null,
  };
}

function toOrderLine({ _id, variantId, variantLabel, ...line }: WireOrder['lines'][number]): OrderLine {
  return {
    productId: _id,
    ...(variantId === undefined ? {} : { variantId }),
    ...(variantLabel === undefined ? {} : { variantLabel }),
    ...line,
  };
}

function toAcceptedContract(wire: NonNullable<WireOrder['contract']>): AcceptedContract {
  return { version: wire.version, sha256: wire.sha256, acceptedAt: wire.acceptedAt, documents: wire.documents };
}

export function toOrderContract(wire: z.infer<typeof wireOrderContractAnswerSchema>['contract']): OrderContract {
  return { version: wire.version, sha256: wire.sha256, documents: wire.documents };
}

/** The POST /api/orders/contract body: product (and variant) ids and quantities only (the server prices them). */
export function toWireOrderRequest(request: OrderRequest): Record<string, unknown> {
  return {
    lines: request.lines.map((line) => ({
      _id: line.productId,
      ...(line.variantId === undefined ? {} : { variantId: line.variantId }),
      quantity: line.quantity,
    })),
    billingAddressId: request.billingAddressId,
    shippingAddressId: request.shippingAddressId,
    paymentMethod: request.paymentMethod,
  };
}

/** The POST /api/orders body: the request and the accepted contract (D24). */
export function toWirePlaceOrder(request: OrderRequest, acceptance: ContractAcceptance): Record<string, unknown> {
  return { ...toWireOrderRequest(request), contractAcceptance: acceptance };
}
