import { MatchersV3 } from '@pact-foundation/pact';
import { describe, expect, it } from 'vitest';
import { CatalogHttpGateway } from '../storefront/src/adapters/http/catalog-http-gateway';
import type { HttpClient } from '../storefront/src/adapters/http/http-client';
import { STATES, injected } from './provider-states';
import { errorBody, verifyInteraction } from './support/contract-pact';

const { eachLike, fromProviderState, regex, string } = MatchersV3;

/** D25 (docs/products.md, "Related products"): what a product page shows below the product. */
const gateway = (http: HttpClient): CatalogHttpGateway => new CatalogHttpGateway(http);

const PRODUCT_ID = '65f1c0ffee0000000000a001';

/** A related product as lists send it: the fields every product has (description, price and pictures are optional). */
const related = { _id: regex('^\\S{16,}$', '65f1c0ffee0000000000a002'), prodName: string('Tea cup') };

describe('related products (D25)', () => {
  it('GET /api/product/{id}/related answers products of the same or a neighbouring category', async () => {
    await verifyInteraction({
      given: { [STATES.productHasRelated]: {} },
      uponReceiving: "a request for a product's related products",
      request: {
        method: 'GET',
        path: fromProviderState(
          `/api/product/${injected(STATES.productHasRelated, 'productId')}/related`,
          `/api/product/${PRODUCT_ID}/related`,
        ),
      },
      response: { status: 200, body: eachLike(related) },
      test: async ({ http }) => {
        const result = await gateway(http).getRelated(PRODUCT_ID);
        expect(result).toEqual({ ok: true, data: [{ _id: '65f1c0ffee0000000000a002', prodName: 'Tea cup', images: [] }] });
      },
    });
  });

  it('GET /api/product/{id}/related of an unknown product is 404 with a message', async () => {
    await verifyInteraction({
      given: { [STATES.noProductWithId]: { productId: 'ffffffffffffffffffffffff' } },
      uponReceiving: 'a request for the related products of a product that does not exist',
      request: { method: 'GET', path: '/api/product/ffffffffffffffffffffffff/related' },
      response: { status: 404, body: errorBody },
      test: async ({ http }) => {
        const result = await gateway(http).getRelated('ffffffffffffffffffffffff');
        expect(result).toEqual({ ok: false, kind: 'rejected', message: 'A message for the shopper' });
      },
    });
  });
});
