import { MatchersV3 } from '@pact-foundation/pact';
import { describe, expect, it } from 'vitest';
import { FakeSessionCredentials } from '../storefront/src/adapters/fake/fake-session-credentials';
import type { HttpClient } from '../storefront/src/adapters/http/http-client';
import { OrderHttpGateway } from '../storefront/src/adapters/http/order-http-gateway';
import { type OrderRequest, notEnoughStockMessage } from '@shop/core/domain/order';
import { STATES, injected } from './provider-states';
import { EXAMPLE_ACCESS_TOKEN, verifyInteraction } from './support/contract-pact';
import {
  EXAMPLE_ADDRESS_ID,
  EXAMPLE_CONTRACT_SHA256,
  EXAMPLE_CONTRACT_VERSION,
  EXAMPLE_IDEMPOTENCY_KEY,
  EXAMPLE_PRODUCT_ID,
  expectedOrder,
  hexId,
  orderInResponse,
  placeOrderHeaders,
} from './support/wire-examples';

/**
 * Stock in orders (D25, docs/products.md "Stock and orders"): a line names its variant, the
 * order's lines answer it with its label, and a line the stock cannot cover is a 409 whose
 * message names what is left.
 */
const { boolean, eachLike, fromProviderState, integer, number, regex, string } = MatchersV3;

const EXAMPLE_VARIANT_ID = '65f1c0ffee0000000000cd01';
const EXAMPLE_VARIANT_LABEL = 'M / Siyah';
const EXAMPLE_SHORT_MESSAGE = notEnoughStockMessage({ prodName: 'Basic Tişört', variantLabel: EXAMPLE_VARIANT_LABEL, left: 0 });

const gateway = (http: HttpClient): OrderHttpGateway => new OrderHttpGateway(http, new FakeSessionCredentials(EXAMPLE_ACCESS_TOKEN));

const shopper = (name: string) => ({ email: `stock.${name}@example.com`, password: 'Stock#Pass1', userName: `stock-${name}` });

const variantRequest: OrderRequest = {
  lines: [{ productId: EXAMPLE_PRODUCT_ID, variantId: EXAMPLE_VARIANT_ID, quantity: 1 }],
  billingAddressId: EXAMPLE_ADDRESS_ID,
  shippingAddressId: EXAMPLE_ADDRESS_ID,
  paymentMethod: 'card-on-delivery',
};
const acceptance = { accepted: true as const, version: EXAMPLE_CONTRACT_VERSION, sha256: EXAMPLE_CONTRACT_SHA256 };

/** The POST /api/orders body of a one-line order for the state's variant, its contract accepted. */
function variantOrderBody() {
  const addressId = fromProviderState(injected(STATES.userHasAddress, 'addressId'), EXAMPLE_ADDRESS_ID);
  return {
    lines: [
      {
        _id: fromProviderState(injected(STATES.variantOrderContractRendered, 'productId'), EXAMPLE_PRODUCT_ID),
        variantId: fromProviderState(injected(STATES.variantOrderContractRendered, 'variantId'), EXAMPLE_VARIANT_ID),
        quantity: 1,
      },
    ],
    billingAddressId: addressId,
    shippingAddressId: addressId,
    paymentMethod: 'card-on-delivery',
    contractAcceptance: {
      accepted: true,
      version: fromProviderState(injected(STATES.variantOrderContractRendered, 'contractVersion'), EXAMPLE_CONTRACT_VERSION),
      sha256: fromProviderState(injected(STATES.variantOrderContractRendered, 'contractSha256'), EXAMPLE_CONTRACT_SHA256),
    },
  };
}

/** A shopper's one-unit order for the state's variant (in stock, or `soldOut`), its contract accepted. */
const variantOrder = (name: string, soldOut: boolean, description: string) => ({
  given: {
    [STATES.userLoggedIn]: shopper(name),
    [STATES.userHasAddress]: { addressName: 'Variant home' },
    [STATES.orderKeyUnused]: {},
    [STATES.variantOrderContractRendered]: { quantity: 1, paymentMethod: 'card-on-delivery' as const, soldOut },
  },
  uponReceiving: description,
  request: { method: 'POST', path: '/api/orders', headers: placeOrderHeaders(), body: variantOrderBody() },
});

describe('stock in orders (D25)', () => {
  it('POST /api/orders with a variant line places the order; its line answers the variant and its label (201)', async () => {
    await verifyInteraction({
      ...variantOrder('variant-buyer', false, 'an order for one unit of a variant in stock'),
      response: {
        status: 201,
        body: {
          success: boolean(true),
          order: {
            ...orderInResponse('placed'),
            lines: eachLike({
              _id: hexId(EXAMPLE_PRODUCT_ID),
              variantId: hexId(EXAMPLE_VARIANT_ID),
              variantLabel: string(EXAMPLE_VARIANT_LABEL),
              prodName: string('Basic Tişört'),
              prodPrice: number(120.5),
              quantity: integer(1),
              lineTotal: number(120.5),
            }),
          },
        },
      },
      test: async ({ http }) => {
        const result = await gateway(http).placeOrder(variantRequest, acceptance, EXAMPLE_IDEMPOTENCY_KEY);
        const line = {
          productId: EXAMPLE_PRODUCT_ID,
          variantId: EXAMPLE_VARIANT_ID,
          variantLabel: EXAMPLE_VARIANT_LABEL,
          prodName: 'Basic Tişört',
          prodPrice: 120.5,
          quantity: 1,
          lineTotal: 120.5,
        };
        expect(result).toEqual({ ok: true, data: { ...expectedOrder('placed'), lines: [line] } });
      },
    });
  });

  it('POST /api/orders for more than is left is 409, naming the product, the variant and how many are left; nothing is placed', async () => {
    await verifyInteraction({
      ...variantOrder('too-late', true, 'an order for a variant that is sold out'),
      response: {
        status: 409,
        body: {
          success: boolean(false),
          message: regex('^Only \\d+ of .+ left in stock\\. Please update your cart\\.$', EXAMPLE_SHORT_MESSAGE),
        },
      },
      test: async ({ http }) => {
        const result = await gateway(http).placeOrder(variantRequest, acceptance, EXAMPLE_IDEMPOTENCY_KEY);
        expect(result).toEqual({ ok: false, kind: 'rejected', message: EXAMPLE_SHORT_MESSAGE, reason: 'out-of-stock' });
      },
    });
  });
});
