import { MatchersV3 } from '@pact-foundation/pact';
import { describe, expect, it } from 'vitest';
import { CatalogHttpGateway } from '../src/adapters/http/catalog-http-gateway';
import { STATES, injected } from './provider-states';
import { contractHttpClient, createPact, errorBody, settled, state } from './support/contract-pact';

const { eachLike, fromProviderState, regex, string } = MatchersV3;

/** D25 (docs/products.md, "Related products"): what a product page shows below the product. */
const pact = createPact();

const gateway = (baseUrl: string): CatalogHttpGateway => new CatalogHttpGateway(contractHttpClient(baseUrl));

const PRODUCT_ID = '65f1c0ffee0000000000a001';

/** A related product as lists send it: the fields every product has (description, price and pictures are optional). */
const related = { _id: regex('^\\S{16,}$', '65f1c0ffee0000000000a002'), prodName: string('Tea cup') };

describe('related products (D25)', () => {
  it('GET /api/product/{id}/related answers products of the same or a neighbouring category', async () => {
    await pact
      .addInteraction()
      .given(...state(STATES.productHasRelated, {}))
      .uponReceiving("a request for a product's related products")
      .withRequest(
        'GET',
        fromProviderState(`/api/product/${injected(STATES.productHasRelated, 'productId')}/related`, `/api/product/${PRODUCT_ID}/related`),
      )
      .willRespondWith(200, (builder) => {
        builder.jsonBody(eachLike(related));
      })
      .executeTest(
        settled(async (mockServer) => {
          const result = await gateway(mockServer.url).getRelated(PRODUCT_ID);
          expect(result).toEqual({ ok: true, data: [{ _id: '65f1c0ffee0000000000a002', prodName: 'Tea cup', images: [] }] });
        }),
      );
  });

  it('GET /api/product/{id}/related of an unknown product is 404 with a message', async () => {
    await pact
      .addInteraction()
      .given(...state(STATES.noProductWithId, { productId: 'ffffffffffffffffffffffff' }))
      .uponReceiving('a request for the related products of a product that does not exist')
      .withRequest('GET', '/api/product/ffffffffffffffffffffffff/related')
      .willRespondWith(404, (builder) => {
        builder.jsonBody(errorBody);
      })
      .executeTest(
        settled(async (mockServer) => {
          const result = await gateway(mockServer.url).getRelated('ffffffffffffffffffffffff');
          expect(result).toEqual({ ok: false, kind: 'rejected', message: 'A message for the shopper' });
        }),
      );
  });
});
