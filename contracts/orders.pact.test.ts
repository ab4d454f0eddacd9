import { MatchersV3 } from '@pact-foundation/pact';
import { describe, expect, it } from 'vitest';
import { FakeSessionCredentials } from '../storefront/src/adapters/fake/fake-session-credentials';
import { OrderHttpGateway } from '../storefront/src/adapters/http/order-http-gateway';
import type { HttpClient } from '../storefront/src/adapters/http/http-client';
import { STATES, injected } from './provider-states';
import { EXAMPLE_ACCESS_TOKEN, authHeaders, errorBody, jsonHeaders, verifyInteraction } from './support/contract-pact';
import {
  EXAMPLE_ADDRESS_ID,
  EXAMPLE_CONTRACT_SHA256,
  EXAMPLE_CONTRACT_VERSION,
  EXAMPLE_IDEMPOTENCY_KEY,
  EXAMPLE_ORDER_ID,
  EXAMPLE_PRODUCT_ID,
  acceptedContractInResponse,
  expectedAcceptedContract,
  expectedLegalDocuments,
  expectedOrder,
  legalDocumentsInResponse,
  orderInResponse,
  placeOrderHeaders,
  sha256Hex,
} from './support/wire-examples';

const { boolean, eachLike, fromProviderState, regex, string } = MatchersV3;

const gateway = (http: HttpClient): OrderHttpGateway => new OrderHttpGateway(http, new FakeSessionCredentials(EXAMPLE_ACCESS_TOKEN));

/** One shopper per interaction, so each one's order list holds only what its states placed. */
const shopper = (name: string) => ({ email: `order.${name}@example.com`, password: 'Order#Pass1', userName: `order-${name}` });
const orderPath = (suffix = ''): MatchersV3.Matcher<string> =>
  fromProviderState(`/api/orders/${injected(STATES.userHasOrder, 'orderId')}${suffix}`, `/api/orders/${EXAMPLE_ORDER_ID}${suffix}`);

const exampleRequest = {
  lines: [{ productId: EXAMPLE_PRODUCT_ID, quantity: 2 }],
  billingAddressId: EXAMPLE_ADDRESS_ID,
  shippingAddressId: EXAMPLE_ADDRESS_ID,
  paymentMethod: 'card-on-delivery' as const,
};

/** A shopper with a saved address and a product to order, each interaction its own. */
const readyToOrder = (name: string) => ({
  [STATES.userLoggedIn]: shopper(name),
  [STATES.userHasAddress]: { addressName: 'Order home' },
  [STATES.productExists]: {},
});

/** `exampleRequest` as the gateway sends it, for the state's product and address. */
function exampleRequestBody() {
  const addressId = fromProviderState(injected(STATES.userHasAddress, 'addressId'), EXAMPLE_ADDRESS_ID);
  return {
    lines: eachLike({ _id: fromProviderState(injected(STATES.productExists, 'productId'), EXAMPLE_PRODUCT_ID), quantity: 2 }),
    billingAddressId: addressId,
    shippingAddressId: addressId,
    paymentMethod: regex('^(cash|card)-on-delivery$', 'card-on-delivery'),
  };
}

/** POST /api/orders with `exampleRequest` and its `contractAcceptance`. */
const placeOrderRequest = (contractAcceptance: Record<string, unknown>) => ({
  method: 'POST',
  path: '/api/orders',
  headers: placeOrderHeaders(),
  body: { ...exampleRequestBody(), contractAcceptance },
});

describe('orders', () => {
  it('POST /api/orders/contract renders the pre-information form and the distance sales contract (D24)', async () => {
    await verifyInteraction({
      given: {
        ...readyToOrder('reader-of-terms'),
      },
      uponReceiving: 'an order request whose documents are to be read',
      request: {
        method: 'POST',
        path: '/api/orders/contract',
        headers: jsonHeaders(EXAMPLE_ACCESS_TOKEN),
        body: exampleRequestBody(),
      },
      response: {
        status: 200,
        body: {
          success: boolean(true),
          contract: {
            version: string(EXAMPLE_CONTRACT_VERSION),
            sha256: sha256Hex(EXAMPLE_CONTRACT_SHA256),
            documents: legalDocumentsInResponse,
          },
        },
      },
      test: async ({ http }) => {
        const result = await gateway(http).orderContract(exampleRequest);
        expect(result).toEqual({
          ok: true,
          data: { version: EXAMPLE_CONTRACT_VERSION, sha256: EXAMPLE_CONTRACT_SHA256, documents: expectedLegalDocuments },
        });
      },
    });
  });

  it('POST /api/orders accepting a text that no longer fits the order is 409 with a message (D24)', async () => {
    await verifyInteraction({
      given: {
        ...readyToOrder('stale-reader'),
        [STATES.orderKeyUnused]: {},
      },
      uponReceiving: 'an order accepting a contract text that is out of date',
      // No text hashes to zeros: the server's rendering never matches this one.
      request: placeOrderRequest({ accepted: true, version: string(EXAMPLE_CONTRACT_VERSION), sha256: '0'.repeat(64) }),
      response: { status: 409, body: errorBody },
      test: async ({ http }) => {
        const result = await gateway(http).placeOrder(
          exampleRequest,
          { accepted: true, version: EXAMPLE_CONTRACT_VERSION, sha256: '0'.repeat(64) },
          EXAMPLE_IDEMPOTENCY_KEY,
        );
        expect(result).toEqual({ ok: false, kind: 'rejected', message: 'A message for the shopper', reason: 'contract-changed' });
      },
    });
  });

  it('POST /api/orders with an Idempotency-Key and the accepted contract places the order, priced by the server (201)', async () => {
    await verifyInteraction({
      given: {
        ...readyToOrder('placer'),
        [STATES.orderKeyUnused]: {},
        [STATES.orderContractRendered]: { quantity: 2, paymentMethod: 'card-on-delivery' },
      },
      uponReceiving: 'an order with an idempotency key',
      request: placeOrderRequest({
        accepted: true,
        version: fromProviderState(injected(STATES.orderContractRendered, 'contractVersion'), EXAMPLE_CONTRACT_VERSION),
        sha256: fromProviderState(injected(STATES.orderContractRendered, 'contractSha256'), EXAMPLE_CONTRACT_SHA256),
      }),
      response: { status: 201, body: { success: boolean(true), order: orderInResponse('placed') } },
      test: async ({ http }) => {
        const result = await gateway(http).placeOrder(
          exampleRequest,
          { accepted: true, version: EXAMPLE_CONTRACT_VERSION, sha256: EXAMPLE_CONTRACT_SHA256 },
          EXAMPLE_IDEMPOTENCY_KEY,
        );
        expect(result).toEqual({ ok: true, data: expectedOrder('placed') });
      },
    });
  });

  it('GET /api/orders answers a page of orders and X-Total-Count', async () => {
    await verifyInteraction({
      given: { [STATES.userLoggedIn]: shopper('lister'), [STATES.userHasOrder]: {} },
      uponReceiving: 'a request for the first page of orders',
      request: { method: 'GET', path: '/api/orders', headers: authHeaders(EXAMPLE_ACCESS_TOKEN), query: { limit: '20', offset: '0' } },
      response: {
        status: 200,
        headers: { 'X-Total-Count': regex('^\\d+$', '1') },
        body: { success: boolean(true), orders: eachLike(orderInResponse('placed')) },
      },
      test: async ({ http }) => {
        const result = await gateway(http).listOrders({ limit: 20, offset: 0 });
        expect(result).toEqual({ ok: true, data: { orders: [expectedOrder('placed')], total: 1 } });
      },
    });
  });

  it('GET /api/orders/{id} answers an own order, with the contract accepted with it (D24)', async () => {
    await verifyInteraction({
      given: { [STATES.userLoggedIn]: shopper('reader'), [STATES.userHasOrder]: {} },
      uponReceiving: 'a request for an own order',
      request: { method: 'GET', path: orderPath(), headers: authHeaders(EXAMPLE_ACCESS_TOKEN) },
      response: {
        status: 200,
        body: { success: boolean(true), order: { ...orderInResponse('placed'), contract: acceptedContractInResponse } },
      },
      test: async ({ http }) => {
        const result = await gateway(http).getOrder(EXAMPLE_ORDER_ID);
        expect(result).toEqual({ ok: true, data: { ...expectedOrder('placed'), contract: expectedAcceptedContract } });
      },
    });
  });

  it("GET /api/orders/{id} of another user's order is 404 with a message", async () => {
    const owner = { email: 'order.owner@example.com', password: 'Owner#Pass1', userName: 'order-owner' };
    await verifyInteraction({
      given: { [STATES.userLoggedIn]: shopper('intruder'), [STATES.otherUserHasOrder]: owner },
      uponReceiving: "a request for another user's order",
      request: {
        method: 'GET',
        path: fromProviderState(`/api/orders/${injected(STATES.otherUserHasOrder, 'otherOrderId')}`, `/api/orders/${EXAMPLE_ORDER_ID}`),
        headers: authHeaders(EXAMPLE_ACCESS_TOKEN),
      },
      response: { status: 404, body: errorBody },
      test: async ({ http }) => {
        const result = await gateway(http).getOrder(EXAMPLE_ORDER_ID);
        expect(result).toEqual({ ok: false, kind: 'rejected', message: 'A message for the shopper' });
      },
    });
  });

  it('POST /api/orders/{id}/cancel cancels a placed order', async () => {
    await verifyInteraction({
      given: { [STATES.userLoggedIn]: shopper('canceller'), [STATES.userHasOrder]: {} },
      uponReceiving: 'a cancellation of a placed order',
      request: { method: 'POST', path: orderPath('/cancel'), headers: jsonHeaders(EXAMPLE_ACCESS_TOKEN), body: {} },
      response: { status: 200, body: { success: boolean(true), order: orderInResponse('cancelled') } },
      test: async ({ http }) => {
        const result = await gateway(http).cancelOrder(EXAMPLE_ORDER_ID);
        expect(result).toEqual({ ok: true, data: expectedOrder('cancelled') });
      },
    });
  });

  it('POST /api/orders/{id}/cancel of a cancelled order is 409 with a message', async () => {
    await verifyInteraction({
      given: { [STATES.userLoggedIn]: shopper('recanceller'), [STATES.userHasCancelledOrder]: {} },
      uponReceiving: 'a second cancellation of an order',
      request: {
        method: 'POST',
        path: fromProviderState(
          `/api/orders/${injected(STATES.userHasCancelledOrder, 'orderId')}/cancel`,
          `/api/orders/${EXAMPLE_ORDER_ID}/cancel`,
        ),
        headers: jsonHeaders(EXAMPLE_ACCESS_TOKEN),
        body: {},
      },
      response: { status: 409, body: errorBody },
      test: async ({ http }) => {
        const result = await gateway(http).cancelOrder(EXAMPLE_ORDER_ID);
        expect(result).toEqual({ ok: false, kind: 'rejected', message: 'A message for the shopper' });
      },
    });
  });
});
