import { MatchersV3 } from '@pact-foundation/pact';
import { describe, expect, it } from 'vitest';
import { CatalogHttpGateway } from '../storefront/src/adapters/http/catalog-http-gateway';
import { narrowPictureUrl } from '@shop/core/domain/product-picture';
import type { ProductSort } from '@shop/core/domain/product-search';
import type { HttpClient } from '../storefront/src/adapters/http/http-client';
import { STATES, injected } from './provider-states';
import { errorBody, jsonHeaders, verifyInteraction } from './support/contract-pact';

const { arrayContaining, eachLike, fromProviderState, integer, number, string, regex, nullValue } = MatchersV3;

const gateway = (http: HttpClient): CatalogHttpGateway => new CatalogHttpGateway(http);

/** Server-assigned ids are 16 or more characters (SPEC 3). */
const serverId = (example: string): MatchersV3.V3RegexMatcher => regex('^\\S{16,}$', example);

/**
 * Every field the product page reads; images are server paths (D10). Description, price and
 * images are optional on the wire, so only the one-product call (whose state promises them)
 * pins them; lists pin the fields every product has.
 */
const product = {
  _id: serverId('65f1c0ffee0000000000a001'),
  prodName: string('Ceramic mug'),
  prodDescription: string('Hand glazed, 350 ml'),
  prodPrice: number(129.9),
  prodImg1: regex('^(/|https?://)\\S+$', '/images/products/ceramic-mug-1.webp'),
};

const listedProduct = { _id: product._id, prodName: product.prodName };
const listedMug = { _id: '65f1c0ffee0000000000a001', prodName: 'Ceramic mug', images: [] };

describe('catalogue calls', () => {
  it('POST /api/product with allCategoryIds lists the products of those categories', async () => {
    await verifyInteraction({
      given: { [STATES.categoryHasProducts]: {} },
      uponReceiving: 'a request for the products of some categories',
      request: {
        method: 'POST',
        path: '/api/product',
        headers: jsonHeaders(),
        body: { allCategoryIds: eachLike(fromProviderState(injected(STATES.categoryHasProducts, 'categoryId'), 3)) },
      },
      response: { status: 200, body: eachLike(listedProduct) },
      test: async ({ http }) => {
        const result = await gateway(http).listProducts({ allCategoryIds: [3] });
        expect(result).toEqual({ ok: true, data: [listedMug] });
      },
    });
  });

  it('POST /api/product with a collection lists that home carousel (D3)', async () => {
    await verifyInteraction({
      given: { [STATES.productsExist]: {} },
      uponReceiving: 'a request for a home collection',
      request: {
        method: 'POST',
        path: '/api/product',
        headers: jsonHeaders(),
        body: { collection: regex('^(new|popular|unusual|discounted)$', 'popular') },
      },
      response: { status: 200, body: eachLike(listedProduct) },
      test: async ({ http }) => {
        const result = await gateway(http).listProducts({ collection: 'popular' });
        expect(result.ok && result.data).toEqual([listedMug]);
      },
    });
  });

  it('POST /api/product with an empty object lists the whole catalogue (SPEC 7, D3)', async () => {
    await verifyInteraction({
      given: { [STATES.productsExist]: {} },
      uponReceiving: 'a request for the whole catalogue',
      request: { method: 'POST', path: '/api/product', headers: jsonHeaders(), body: {} },
      response: { status: 200, body: eachLike(listedProduct) },
      test: async ({ http }) => {
        const result = await gateway(http).listProducts({});
        expect(result.ok && result.data).toEqual([listedMug]);
      },
    });
  });

  it('POST /api/product with q, sort, limit and offset answers one page of matches and X-Total-Count (D18)', async () => {
    await verifyInteraction({
      given: { [STATES.searchMatchesProducts]: {} },
      uponReceiving: 'a search for products, sorted by price, one page',
      request: {
        method: 'POST',
        path: '/api/product',
        headers: jsonHeaders(),
        body: {
          q: fromProviderState(injected(STATES.searchMatchesProducts, 'q'), 'mug'),
          sort: 'price-asc',
          limit: 1,
          offset: 1,
        },
      },
      response: { status: 200, headers: { 'X-Total-Count': regex('^\\d+$', '2') }, body: eachLike(listedProduct) },
      test: async ({ http }) => {
        const result = await gateway(http).listProductPage({ q: 'mug', sort: 'price-asc', limit: 1, offset: 1 });
        expect(result).toEqual({ ok: true, data: { products: [listedMug], total: 2 } });
      },
    });
  });

  it('POST /api/product with allCategoryIds, sort, limit and offset answers a page of a category and X-Total-Count (D18)', async () => {
    await verifyInteraction({
      given: { [STATES.categoryHasProducts]: {} },
      uponReceiving: 'a request for the first page of the products of some categories, by name',
      request: {
        method: 'POST',
        path: '/api/product',
        headers: jsonHeaders(),
        body: {
          allCategoryIds: eachLike(fromProviderState(injected(STATES.categoryHasProducts, 'categoryId'), 3)),
          sort: 'name',
          limit: 24,
          offset: 0,
        },
      },
      response: { status: 200, headers: { 'X-Total-Count': regex('^\\d+$', '1') }, body: eachLike(listedProduct) },
      test: async ({ http }) => {
        const result = await gateway(http).listProductPage({
          filter: { allCategoryIds: [3] },
          sort: 'name',
          limit: 24,
          offset: 0,
        });
        expect(result).toEqual({ ok: true, data: { products: [listedMug], total: 1 } });
      },
    });
  });

  it('POST /api/product with an unknown sort is 400 with a message (D18)', async () => {
    await verifyInteraction({
      given: { [STATES.productsExist]: {} },
      uponReceiving: 'a search with an unknown sort',
      request: { method: 'POST', path: '/api/product', headers: jsonHeaders(), body: { q: 'mug', sort: 'cheapest', limit: 24, offset: 0 } },
      response: { status: 400, body: errorBody },
      test: async ({ http }) => {
        // A sort the shop never sends: what the server says about a wrong one is still pinned.
        const sort = 'cheapest' as ProductSort;
        const result = await gateway(http).listProductPage({ q: 'mug', sort, limit: 24, offset: 0 });
        expect(result).toEqual({ ok: false, kind: 'rejected', message: 'A message for the shopper' });
      },
    });
  });

  it('GET /api/product/{id} answers the product', async () => {
    await verifyInteraction({
      given: { [STATES.productExists]: {} },
      uponReceiving: 'a request for one product',
      request: {
        method: 'GET',
        path: MatchersV3.fromProviderState(
          `/api/product/${injected(STATES.productExists, 'productId')}`,
          '/api/product/65f1c0ffee0000000000a001',
        ),
      },
      response: { status: 200, body: product },
      test: async ({ http, url }) => {
        const result = await gateway(http).getProduct('65f1c0ffee0000000000a001');
        expect(result).toEqual({
          ok: true,
          data: {
            _id: '65f1c0ffee0000000000a001',
            prodName: 'Ceramic mug',
            prodDescription: 'Hand glazed, 350 ml',
            prodPrice: 129.9,
            images: [`${url}/images/products/ceramic-mug-1.webp`],
          },
        });
      },
    });
  });

  it('GET a product picture with ?w=400 answers a picture (a narrower copy, or the stored one from a host without copies)', async () => {
    await verifyInteraction({
      given: { [STATES.productExists]: {} },
      uponReceiving: 'a request for a narrower copy of a product picture',
      request: {
        method: 'GET',
        path: fromProviderState(injected(STATES.productExists, 'picturePath'), '/images/products/65f1c0ffee0000000000a001-1.webp'),
        query: { w: '400' },
      },
      response: { status: 200, headers: { 'Content-Type': regex('^image/[a-z0-9.+-]+$', 'image/webp') } },
      test: async ({ url }) => {
        // The link a thumbnail's srcset names (storefront/src/views/shared/picture-sources.ts).
        const link = narrowPictureUrl(`${url}/images/products/65f1c0ffee0000000000a001-1.webp`, 400);
        const answer = await fetch(String(link));
        expect(answer.status).toBe(200);
        expect(answer.headers.get('content-type')).toBe('image/webp');
      },
    });
  });

  it('GET /api/product/{id} of an unknown product is 404 with a message', async () => {
    await verifyInteraction({
      given: { [STATES.noProductWithId]: { productId: 'ffffffffffffffffffffffff' } },
      uponReceiving: 'a request for a product that does not exist',
      request: { method: 'GET', path: '/api/product/ffffffffffffffffffffffff' },
      response: { status: 404, body: errorBody },
      test: async ({ http }) => {
        const result = await gateway(http).getProduct('ffffffffffffffffffffffff');
        expect(result).toEqual({ ok: false, kind: 'rejected', message: 'A message for the shopper', reason: 'not-found' });
      },
    });
  });

  it('GET /api/Category lists the category tree as flat rows', async () => {
    await verifyInteraction({
      given: { [STATES.categoriesExist]: {} },
      uponReceiving: 'a request for the categories',
      request: { method: 'GET', path: '/api/Category' },
      // A top-level row (parent null) and a child row: both shapes of parentCategoryId the shop reads.
      response: {
        status: 200,
        body: arrayContaining(
          { categoryId: integer(1), categoryName: string('Kitchen'), parentCategoryId: nullValue() },
          { categoryId: integer(2), categoryName: string('Mugs'), parentCategoryId: integer(1) },
        ),
      },
      test: async ({ http }) => {
        const result = await gateway(http).listCategories();
        expect(result.ok && result.data).toEqual([
          { categoryId: 1, categoryName: 'Kitchen', parentCategoryId: null },
          { categoryId: 2, categoryName: 'Mugs', parentCategoryId: 1 },
        ]);
      },
    });
  });
});
