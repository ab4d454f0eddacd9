import { MatchersV3 } from '@pact-foundation/pact';
import { describe, expect, it } from 'vitest';
import { CatalogHttpGateway } from '../src/adapters/http/catalog-http-gateway';
import { HttpClient } from '../src/adapters/http/http-client';
import { STATES, injected } from './provider-states';
import { createPact, errorBody, jsonHeaders, state } from './support/contract-pact';

const { arrayContaining, eachLike, integer, decimal, string, regex, nullValue } = MatchersV3;

const pact = createPact();

const gateway = (baseUrl: string): CatalogHttpGateway => new CatalogHttpGateway(new HttpClient({ baseUrl }));

/** Server-assigned ids are 16 or more characters (SPEC 3). */
const serverId = (example: string): MatchersV3.V3RegexMatcher => regex('^\\S{16,}$', example);

/** Only what the shop reads of a product; images are server paths (D10). */
const product = {
  _id: serverId('65f1c0ffee0000000000a001'),
  prodName: string('Ceramic mug'),
  prodDescription: string('Hand glazed, 350 ml'),
  prodPrice: decimal(129.9),
  prodImg1: regex('^(/|https?://)\\S+$', '/images/products/ceramic-mug-1.svg'),
};

describe('catalogue calls', () => {
  it('POST /api/product with allCategoryIds lists the products of those categories', async () => {
    await pact
      .addInteraction()
      .given(...state(STATES.productsExist, {}))
      .uponReceiving('a request for the products of some categories')
      .withRequest('POST', '/api/product', (builder) => {
        builder.headers(jsonHeaders()).jsonBody({ allCategoryIds: eachLike(integer(3)) });
      })
      .willRespondWith(200, (builder) => {
        builder.jsonBody(eachLike(product));
      })
      .executeTest(async (mockServer) => {
        const result = await gateway(mockServer.url).listProducts({ allCategoryIds: [3] });
        expect(result.ok).toBe(true);
        if (!result.ok) return;
        expect(result.data[0]).toEqual({
          _id: '65f1c0ffee0000000000a001',
          prodName: 'Ceramic mug',
          prodDescription: 'Hand glazed, 350 ml',
          prodPrice: 129.9,
          images: [`${mockServer.url}/images/products/ceramic-mug-1.svg`],
        });
      });
  });

  it('POST /api/product with a collection lists that home carousel (D3)', async () => {
    await pact
      .addInteraction()
      .given(...state(STATES.productsExist, {}))
      .uponReceiving('a request for a home collection')
      .withRequest('POST', '/api/product', (builder) => {
        builder.headers(jsonHeaders()).jsonBody({ collection: regex('^(new|popular|unusual|discounted)$', 'popular') });
      })
      .willRespondWith(200, (builder) => {
        builder.jsonBody(eachLike(product));
      })
      .executeTest(async (mockServer) => {
        const result = await gateway(mockServer.url).listProducts({ collection: 'popular' });
        expect(result.ok && result.data.map((p) => p.prodName)).toEqual(['Ceramic mug']);
      });
  });

  it('POST /api/product with an empty object lists the whole catalogue (SPEC 7, D3)', async () => {
    await pact
      .addInteraction()
      .given(...state(STATES.productsExist, {}))
      .uponReceiving('a request for the whole catalogue')
      .withRequest('POST', '/api/product', (builder) => {
        builder.headers(jsonHeaders()).jsonBody({});
      })
      .willRespondWith(200, (builder) => {
        builder.jsonBody(eachLike(product));
      })
      .executeTest(async (mockServer) => {
        const result = await gateway(mockServer.url).listProducts({});
        expect(result.ok && result.data).toHaveLength(1);
      });
  });

  it('GET /api/product/{id} answers the product', async () => {
    await pact
      .addInteraction()
      .given(...state(STATES.productExists, {}))
      .uponReceiving('a request for one product')
      .withRequest(
        'GET',
        MatchersV3.fromProviderState(`/api/product/${injected(STATES.productExists, 'productId')}`, '/api/product/65f1c0ffee0000000000a001'),
      )
      .willRespondWith(200, (builder) => {
        builder.jsonBody(product);
      })
      .executeTest(async (mockServer) => {
        const result = await gateway(mockServer.url).getProduct('65f1c0ffee0000000000a001');
        expect(result.ok && result.data).toMatchObject({ _id: '65f1c0ffee0000000000a001', prodPrice: 129.9 });
      });
  });

  it('GET /api/product/{id} of an unknown product is 404 with a message', async () => {
    await pact
      .addInteraction()
      .given(...state(STATES.noProductWithId, { productId: 'no-such-product-0000' }))
      .uponReceiving('a request for a product that does not exist')
      .withRequest('GET', '/api/product/no-such-product-0000')
      .willRespondWith(404, (builder) => {
        builder.jsonBody(errorBody);
      })
      .executeTest(async (mockServer) => {
        const result = await gateway(mockServer.url).getProduct('no-such-product-0000');
        expect(result).toEqual({ ok: false, status: 404, message: 'A message for the shopper' });
      });
  });

  it('GET /api/Category lists the category tree as flat rows', async () => {
    await pact
      .addInteraction()
      .given(...state(STATES.categoriesExist, {}))
      .uponReceiving('a request for the categories')
      .withRequest('GET', '/api/Category')
      .willRespondWith(200, (builder) => {
        // A top-level row (parent null) and a child row: both shapes of parentCategoryId the shop reads.
        builder.jsonBody(
          arrayContaining(
            { categoryId: integer(1), categoryName: string('Kitchen'), parentCategoryId: nullValue() },
            { categoryId: integer(2), categoryName: string('Mugs'), parentCategoryId: integer(1) },
          ),
        );
      })
      .executeTest(async (mockServer) => {
        const result = await gateway(mockServer.url).listCategories();
        expect(result.ok && result.data).toEqual([
          { categoryId: 1, categoryName: 'Kitchen', parentCategoryId: null },
          { categoryId: 2, categoryName: 'Mugs', parentCategoryId: 1 },
        ]);
      });
  });
});
