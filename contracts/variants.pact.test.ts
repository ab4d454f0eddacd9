import { MatchersV3 } from '@pact-foundation/pact';
import { describe, expect, it } from 'vitest';
import { CatalogHttpGateway } from '../storefront/src/adapters/http/catalog-http-gateway';
import type { HttpClient } from '../storefront/src/adapters/http/http-client';
import { STATES, injected } from './provider-states';
import { jsonHeaders, verifyInteraction } from './support/contract-pact';

const { arrayContaining, eachLike, fromProviderState, integer, number, regex, string } = MatchersV3;

/** D25 (docs/products.md): stock, options and variants, additions to SPEC's product. */
const gateway = (http: HttpClient): CatalogHttpGateway => new CatalogHttpGateway(http);

const PRODUCT_ID = '65f1c0ffee0000000000b001';
const VARIANT_ID = '65f1c0ffee0000000000c001';

/** Options in display order, each with its values in display order. */
const prodOptions = eachLike({ name: string('Beden'), values: eachLike(string('M')) });

/**
 * What a product with variants answers on lists as well as on its own: its stock (the variants'
 * sum) and its options. A variant's own price and pictures are absent when it has none, so only
 * the fields every variant has are pinned.
 */
const withVariants = {
  _id: regex('^\\S{16,}$', PRODUCT_ID),
  prodName: string('Basic Tişört'),
  prodPrice: number(12.5),
  prodStock: integer(7),
  prodOptions,
};

const variant = {
  _id: regex('^[0-9a-f]{24}$', VARIANT_ID),
  options: eachLike(string('M')),
  label: string('M'),
  stock: integer(7),
};

const decoded = {
  _id: PRODUCT_ID,
  prodName: 'Basic Tişört',
  prodPrice: 12.5,
  prodStock: 7,
  prodOptions: [{ name: 'Beden', values: ['M'] }],
  images: [],
};

describe('products with variants (D25)', () => {
  it('GET /api/product/{id} answers its stock, its options and every variant', async () => {
    await verifyInteraction({
      given: { [STATES.productHasVariants]: {} },
      uponReceiving: 'a request for a product with variants',
      request: {
        method: 'GET',
        path: fromProviderState(`/api/product/${injected(STATES.productHasVariants, 'productId')}`, `/api/product/${PRODUCT_ID}`),
      },
      response: { status: 200, body: { ...withVariants, prodVariants: eachLike(variant) } },
      test: async ({ http }) => {
        const result = await gateway(http).getProduct(PRODUCT_ID);
        expect(result).toEqual({
          ok: true,
          data: { ...decoded, prodVariants: [{ _id: VARIANT_ID, options: ['M'], label: 'M', stock: 7 }] },
        });
      },
    });
  });

  it('POST /api/product lists a product with variants with its stock and options (a search for its name)', async () => {
    await verifyInteraction({
      given: { [STATES.productHasVariants]: {} },
      uponReceiving: 'a search for a product with variants',
      request: {
        method: 'POST',
        path: '/api/product',
        headers: jsonHeaders(),
        body: {
          q: fromProviderState(injected(STATES.productHasVariants, 'productName'), 'Basic Tişört'),
          limit: integer(24),
          offset: integer(0),
        },
      },
      response: { status: 200, body: arrayContaining(withVariants) },
      test: async ({ http }) => {
        const result = await gateway(http).listProductPage({ q: 'Basic Tişört', limit: 24, offset: 0 });
        expect(result.ok && result.data.products).toEqual([decoded]);
      },
    });
  });
});
