import { MatchersV3 } from '@pact-foundation/pact';
import { describe, expect, it } from 'vitest';
import { StockAlertHttpGateway } from '../storefront/src/adapters/http/stock-alert-http-gateway';
import { STOCK_ALERT_ACCEPTED } from '@shop/core/domain/stock-alert';
import { STATES, injected } from './provider-states';
import { jsonHeaders, verifyInteraction } from './support/contract-pact';
import { EXAMPLE_PRODUCT_ID } from './support/wire-examples';

/** 'Haber ver' (D25, docs/products.md "Back in stock"): public, 202 with the message the shop shows. */
const { boolean, fromProviderState, string } = MatchersV3;

const EXAMPLE_VARIANT_ID = '65f1c0ffee0000000000cd02';

describe("'Haber ver' (D25)", () => {
  it('POST /api/product/{id}/notify for a sold-out variant is 202 with a message', async () => {
    await verifyInteraction({
      given: { [STATES.variantSoldOut]: {} },
      uponReceiving: 'a request to be mailed when a sold-out variant is back',
      request: {
        method: 'POST',
        path: fromProviderState(
          `/api/product/${injected(STATES.variantSoldOut, 'productId')}/notify`,
          `/api/product/${EXAMPLE_PRODUCT_ID}/notify`,
        ),
        headers: jsonHeaders(),
        body: {
          email: 'waiting.shopper@example.com',
          variantId: fromProviderState(injected(STATES.variantSoldOut, 'variantId'), EXAMPLE_VARIANT_ID),
        },
      },
      response: { status: 202, body: { success: boolean(true), message: string(STOCK_ALERT_ACCEPTED) } },
      test: async ({ http }) => {
        const gateway = new StockAlertHttpGateway(http);
        const result = await gateway.notifyWhenInStock({
          productId: EXAMPLE_PRODUCT_ID,
          variantId: EXAMPLE_VARIANT_ID,
          email: 'waiting.shopper@example.com',
        });
        expect(result).toEqual({ ok: true, data: STOCK_ALERT_ACCEPTED, message: STOCK_ALERT_ACCEPTED });
      },
    });
  });
});
