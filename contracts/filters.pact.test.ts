import { MatchersV3 } from '@pact-foundation/pact';
import { describe, expect, it } from 'vitest';
import { CatalogHttpGateway } from '../storefront/src/adapters/http/catalog-http-gateway';
import type { HttpClient } from '../storefront/src/adapters/http/http-client';
import { STATES, injected } from './provider-states';
import { jsonHeaders, verifyInteraction } from './support/contract-pact';

const { eachLike, fromProviderState, integer, number, regex, string } = MatchersV3;

/** D25 (docs/products.md, "Filters"): a list filtered by price, option values and stock, and its filter panel's counts. */
const gateway = (http: HttpClient): CatalogHttpGateway => new CatalogHttpGateway(http);

/** The option the shop's panel filters by in these calls: the state promises a value of it in stock. */
const OPTION = 'Beden';
const VALUE = 'M';
const PRICE = 249;
const PRODUCT_ID = '65f1c0ffee0000000000b001';

const given = { [STATES.catalogueHasOptionInStock]: { option: OPTION } };
const wantedValues = [fromProviderState(injected(STATES.catalogueHasOptionInStock, 'value'), VALUE)];
const price = fromProviderState(injected(STATES.catalogueHasOptionInStock, 'price'), PRICE);
/** `filters` as the gateway sends them, for the state's price and option value. */
const wantedFilters = { minPrice: price, maxPrice: price, options: { [OPTION]: wantedValues }, inStock: true };

/** What every product of such a list has: a price (the price filter keeps no other) and its options (the option filter's). */
const filteredProduct = {
  _id: regex('^\\S{16,}$', PRODUCT_ID),
  prodName: string('Basic Pamuklu Tişört'),
  prodPrice: number(PRICE),
  prodOptions: eachLike({ name: string(OPTION), values: eachLike(string(VALUE)) }),
};

const filters = { minPrice: PRICE, maxPrice: PRICE, options: { [OPTION]: [VALUE] }, inStock: true };

describe('list filters and facets (D25)', () => {
  it('POST /api/product with minPrice, maxPrice, options and inStock answers one page of matches and X-Total-Count', async () => {
    await verifyInteraction({
      given,
      uponReceiving: 'a request for a page of products filtered by price, an option value and stock',
      request: {
        method: 'POST',
        path: '/api/product',
        headers: jsonHeaders(),
        body: {
          ...wantedFilters,
          sort: 'name',
          limit: 24,
          offset: 0,
        },
      },
      response: { status: 200, headers: { 'X-Total-Count': regex('^\\d+$', '1') }, body: eachLike(filteredProduct) },
      test: async ({ http }) => {
        const result = await gateway(http).listProductPage({
          filters,
          sort: 'name',
          limit: 24,
          offset: 0,
        });
        expect(result).toEqual({
          ok: true,
          data: {
            products: [
              {
                _id: PRODUCT_ID,
                prodName: 'Basic Pamuklu Tişört',
                prodPrice: PRICE,
                prodOptions: [{ name: OPTION, values: [VALUE] }],
                images: [],
              },
            ],
            total: 1,
          },
        });
      },
    });
  });

  it('POST /api/product/facets answers the filter panel counts, each reflecting every other filter', async () => {
    await verifyInteraction({
      given,
      uponReceiving: 'a request for the filter panel counts of products filtered by price, an option value and stock',
      request: {
        method: 'POST',
        path: '/api/product/facets',
        headers: jsonHeaders(),
        body: wantedFilters,
      },
      response: {
        status: 200,
        body: {
          total: integer(1),
          // Over the products matching every filter but the price: the state's product has one.
          price: { min: number(PRICE), max: number(PRICE) },
          inStock: integer(1),
          options: eachLike({ name: string(OPTION), values: eachLike({ value: string(VALUE), count: integer(1) }) }),
        },
      },
      test: async ({ http }) => {
        const result = await gateway(http).getFacets({ filters });
        expect(result).toEqual({
          ok: true,
          data: {
            total: 1,
            price: { min: PRICE, max: PRICE },
            inStock: 1,
            options: [{ name: OPTION, values: [{ value: VALUE, count: 1 }] }],
          },
        });
      },
    });
  });

  it('POST /api/product/facets for a category without filters answers the counts its panel opens with', async () => {
    await verifyInteraction({
      given: { [STATES.categoryHasProducts]: {} },
      uponReceiving: 'a request for the filter panel counts of some categories',
      request: {
        method: 'POST',
        path: '/api/product/facets',
        headers: jsonHeaders(),
        body: { allCategoryIds: eachLike(fromProviderState(injected(STATES.categoryHasProducts, 'categoryId'), 3)) },
      },
      response: {
        status: 200,
        body: {
          total: integer(2),
          price: { min: number(4.5), max: number(120) },
          inStock: integer(2),
          // A category may hold no product with options: then there are none to count.
          options: eachLike({ name: string(OPTION), values: eachLike({ value: string(VALUE), count: integer(1) }) }, 0),
        },
      },
      test: async ({ http }) => {
        const result = await gateway(http).getFacets({ filter: { allCategoryIds: [3] } });
        expect(result).toEqual({
          ok: true,
          data: {
            total: 2,
            price: { min: 4.5, max: 120 },
            inStock: 2,
            // With a minimum of none, the example holds no option.
            options: [],
          },
        });
      },
    });
  });
});
