import { MatchersV3 } from '@pact-foundation/pact';
import { describe, expect, it } from 'vitest';
import { FakeSessionCredentials } from '../src/adapters/fake/fake-session-credentials';
import { OrderHttpGateway } from '../src/adapters/http/order-http-gateway';
import { STATES, injected } from './provider-states';
import {
  EXAMPLE_ACCESS_TOKEN,
  authHeaders,
  contractHttpClient,
  createPact,
  errorBody,
  jsonHeaders,
  settled,
  state,
} from './support/contract-pact';
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
  sha256Hex,
} from './support/wire-examples';

const { boolean, eachLike, fromProviderState, regex, string } = MatchersV3;

const pact = createPact();

const gateway = (baseUrl: string): OrderHttpGateway =>
  new OrderHttpGateway(contractHttpClient(baseUrl), new FakeSessionCredentials(EXAMPLE_ACCESS_TOKEN));

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

describe('orders', () => {
  it('POST /api/orders/contract renders the pre-information form and the distance sales contract (D24)', async () => {
    const addressId = fromProviderState(injected(STATES.userHasAddress, 'addressId'), EXAMPLE_ADDRESS_ID);
    await pact
      .addInteraction()
      .given(...state(STATES.userLoggedIn, shopper('reader-of-terms')))
      .given(...state(STATES.userHasAddress, { addressName: 'Order home' }))
      .given(...state(STATES.productExists, {}))
      .uponReceiving('an order request whose documents are to be read')
      .withRequest('POST', '/api/orders/contract', (builder) => {
        builder.headers(jsonHeaders(EXAMPLE_ACCESS_TOKEN)).jsonBody({
          lines: eachLike({ _id: fromProviderState(injected(STATES.productExists, 'productId'), EXAMPLE_PRODUCT_ID), quantity: 2 }),
          billingAddressId: addressId,
          shippingAddressId: addressId,
          paymentMethod: regex('^(cash|card)-on-delivery$', 'card-on-delivery'),
        });
      })
      .willRespondWith(200, (builder) => {
        builder.jsonBody({
          success: boolean(true),
          contract: {
            version: string(EXAMPLE_CONTRACT_VERSION),
            sha256: sha256Hex(EXAMPLE_CONTRACT_SHA256),
            documents: legalDocumentsInResponse,
          },
        });
      })
      .executeTest(
        settled(async (mockServer) => {
          const result = await gateway(mockServer.url).orderContract(exampleRequest);
          expect(result).toEqual({
            ok: true,
            data: { version: EXAMPLE_CONTRACT_VERSION, sha256: EXAMPLE_CONTRACT_SHA256, documents: expectedLegalDocuments },
          });
        }),
      );
  });

  it('POST /api/orders accepting a text that no longer fits the order is 409 with a message (D24)', async () => {
    const addressId = fromProviderState(injected(STATES.userHasAddress, 'addressId'), EXAMPLE_ADDRESS_ID);
    await pact
      .addInteraction()
      .given(...state(STATES.userLoggedIn, shopper('stale-reader')))
      .given(...state(STATES.userHasAddress, { addressName: 'Order home' }))
      .given(...state(STATES.productExists, {}))
      .given(...state(STATES.orderKeyUnused, {}))
      .uponReceiving('an order accepting a contract text that is out of date')
      .withRequest('POST', '/api/orders', (builder) => {
        builder
          .headers({
            ...jsonHeaders(EXAMPLE_ACCESS_TOKEN),
            'Idempotency-Key': fromProviderState(injected(STATES.orderKeyUnused, 'idempotencyKey'), EXAMPLE_IDEMPOTENCY_KEY),
          })
          .jsonBody({
            lines: eachLike({ _id: fromProviderState(injected(STATES.productExists, 'productId'), EXAMPLE_PRODUCT_ID), quantity: 2 }),
            billingAddressId: addressId,
            shippingAddressId: addressId,
            paymentMethod: regex('^(cash|card)-on-delivery$', 'card-on-delivery'),
            // No text hashes to zeros: the server's rendering never matches this one.
            contractAcceptance: { accepted: true, version: string(EXAMPLE_CONTRACT_VERSION), sha256: '0'.repeat(64) },
          });
      })
      .willRespondWith(409, (builder) => {
        builder.jsonBody(errorBody);
      })
      .executeTest(
        settled(async (mockServer) => {
          const result = await gateway(mockServer.url).placeOrder(
            exampleRequest,
            { accepted: true, version: EXAMPLE_CONTRACT_VERSION, sha256: '0'.repeat(64) },
            EXAMPLE_IDEMPOTENCY_KEY,
          );
          expect(result).toEqual({ ok: false, kind: 'rejected', message: 'A message for the shopper', reason: 'contract-changed' });
        }),
      );
  });

  it('POST /api/orders with an Idempotency-Key and the accepted contract places the order, priced by the server (201)', async () => {
    const addressId = fromProviderState(injected(STATES.userHasAddress, 'addressId'), EXAMPLE_ADDRESS_ID);
    await pact
      .addInteraction()
      .given(...state(STATES.userLoggedIn, shopper('placer')))
      .given(...state(STATES.userHasAddress, { addressName: 'Order home' }))
      .given(...state(STATES.productExists, {}))
      .given(...state(STATES.orderKeyUnused, {}))
      .given(...state(STATES.orderContractRendered, { quantity: 2, paymentMethod: 'card-on-delivery' }))
      .uponReceiving('an order with an idempotency key')
      .withRequest('POST', '/api/orders', (builder) => {
        builder
          .headers({
            ...jsonHeaders(EXAMPLE_ACCESS_TOKEN),
            'Idempotency-Key': fromProviderState(injected(STATES.orderKeyUnused, 'idempotencyKey'), EXAMPLE_IDEMPOTENCY_KEY),
          })
          .jsonBody({
            lines: eachLike({ _id: fromProviderState(injected(STATES.productExists, 'productId'), EXAMPLE_PRODUCT_ID), quantity: 2 }),
            billingAddressId: addressId,
            shippingAddressId: addressId,
            paymentMethod: regex('^(cash|card)-on-delivery$', 'card-on-delivery'),
            contractAcceptance: {
              accepted: true,
              version: fromProviderState(injected(STATES.orderContractRendered, 'contractVersion'), EXAMPLE_CONTRACT_VERSION),
              sha256: fromProviderState(injected(STATES.orderContractRendered, 'contractSha256'), EXAMPLE_CONTRACT_SHA256),
            },
          });
      })
      .willRespondWith(201, (builder) => {
        builder.jsonBody({ success: boolean(true), order: orderInResponse('placed') });
      })
      .executeTest(
        settled(async (mockServer) => {
          const result = await gateway(mockServer.url).placeOrder(
            exampleRequest,
            { accepted: true, version: EXAMPLE_CONTRACT_VERSION, sha256: EXAMPLE_CONTRACT_SHA256 },
            EXAMPLE_IDEMPOTENCY_KEY,
          );
          expect(result).toEqual({ ok: true, data: expectedOrder('placed') });
        }),
      );
  });

  it('GET /api/orders answers a page of orders and X-Total-Count', async () => {
    await pact
      .addInteraction()
      .given(...state(STATES.userLoggedIn, shopper('lister')))
      .given(...state(STATES.userHasOrder, {}))
      .uponReceiving('a request for the first page of orders')
      .withRequest('GET', '/api/orders', (builder) => {
        builder.headers(authHeaders(EXAMPLE_ACCESS_TOKEN)).query({ limit: '20', offset: '0' });
      })
      .willRespondWith(200, (builder) => {
        builder
          .headers({ 'X-Total-Count': regex('^\\d+$', '1') })
          .jsonBody({ success: boolean(true), orders: eachLike(orderInResponse('placed')) });
      })
      .executeTest(
        settled(async (mockServer) => {
          const result = await gateway(mockServer.url).listOrders({ limit: 20, offset: 0 });
          expect(result).toEqual({ ok: true, data: { orders: [expectedOrder('placed')], total: 1 } });
        }),
      );
  });

  it('GET /api/orders/{id} answers an own order, with the contract accepted with it (D24)', async () => {
    await pact
      .addInteraction()
      .given(...state(STATES.userLoggedIn, shopper('reader')))
      .given(...state(STATES.userHasOrder, {}))
      .uponReceiving('a request for an own order')
      .withRequest('GET', orderPath(), (builder) => {
        builder.headers(authHeaders(EXAMPLE_ACCESS_TOKEN));
      })
      .willRespondWith(200, (builder) => {
        builder.jsonBody({ success: boolean(true), order: { ...orderInResponse('placed'), contract: acceptedContractInResponse } });
      })
      .executeTest(
        settled(async (mockServer) => {
          const result = await gateway(mockServer.url).getOrder(EXAMPLE_ORDER_ID);
          expect(result).toEqual({ ok: true, data: { ...expectedOrder('placed'), contract: expectedAcceptedContract } });
        }),
      );
  });

  it("GET /api/orders/{id} of another user's order is 404 with a message", async () => {
    const owner = { email: 'order.owner@example.com', password: 'Owner#Pass1', userName: 'order-owner' };
    await pact
      .addInteraction()
      .given(...state(STATES.userLoggedIn, shopper('intruder')))
      .given(...state(STATES.otherUserHasOrder, owner))
      .uponReceiving("a request for another user's order")
      .withRequest(
        'GET',
        fromProviderState(`/api/orders/${injected(STATES.otherUserHasOrder, 'otherOrderId')}`, `/api/orders/${EXAMPLE_ORDER_ID}`),
        (builder) => {
          builder.headers(authHeaders(EXAMPLE_ACCESS_TOKEN));
        },
      )
      .willRespondWith(404, (builder) => {
        builder.jsonBody(errorBody);
      })
      .executeTest(
        settled(async (mockServer) => {
          const result = await gateway(mockServer.url).getOrder(EXAMPLE_ORDER_ID);
          expect(result).toEqual({ ok: false, kind: 'rejected', message: 'A message for the shopper' });
        }),
      );
  });

  it('POST /api/orders/{id}/cancel cancels a placed order', async () => {
    await pact
      .addInteraction()
      .given(...state(STATES.userLoggedIn, shopper('canceller')))
      .given(...state(STATES.userHasOrder, {}))
      .uponReceiving('a cancellation of a placed order')
      .withRequest('POST', orderPath('/cancel'), (builder) => {
        builder.headers(jsonHeaders(EXAMPLE_ACCESS_TOKEN)).jsonBody({});
      })
      .willRespondWith(200, (builder) => {
        builder.jsonBody({ success: boolean(true), order: orderInResponse('cancelled') });
      })
      .executeTest(
        settled(async (mockServer) => {
          const result = await gateway(mockServer.url).cancelOrder(EXAMPLE_ORDER_ID);
          expect(result).toEqual({ ok: true, data: expectedOrder('cancelled') });
        }),
      );
  });

  it('POST /api/orders/{id}/cancel of a cancelled order is 409 with a message', async () => {
    await pact
      .addInteraction()
      .given(...state(STATES.userLoggedIn, shopper('recanceller')))
      .given(...state(STATES.userHasCancelledOrder, {}))
      .uponReceiving('a second cancellation of an order')
      .withRequest(
        'POST',
        fromProviderState(
          `/api/orders/${injected(STATES.userHasCancelledOrder, 'orderId')}/cancel`,
          `/api/orders/${EXAMPLE_ORDER_ID}/cancel`,
        ),
        (builder) => {
          builder.headers(jsonHeaders(EXAMPLE_ACCESS_TOKEN)).jsonBody({});
        },
      )
      .willRespondWith(409, (builder) => {
        builder.jsonBody(errorBody);
      })
      .executeTest(
        settled(async (mockServer) => {
          const result = await gateway(mockServer.url).cancelOrder(EXAMPLE_ORDER_ID);
          expect(result).toEqual({ ok: false, kind: 'rejected', message: 'A message for the shopper' });
        }),
      );
  });
});
