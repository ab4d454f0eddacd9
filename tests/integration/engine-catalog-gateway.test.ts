import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CatalogHttpGateway } from '../../storefront/src/adapters/http/catalog-http-gateway';
import { type Fetch, HttpClient } from '../../storefront/src/adapters/http/http-client';
import type { ProductPageQuery, ProductQuery } from '@shop/core/ports/catalog-gateway';
import { legalTexts } from '../../api/src/legal/legal-routes';
import { EngineCatalogGateway } from '../../api/src/pages/engine-catalog-gateway';
import { build, type TestServer } from '../../api/src/testing/test-server';

/**
 * A server render reads the catalogue in process (D17): its answers must be the ones the shop's
 * own HTTP gateway reads off the catalogue API, call for call, or hydration would disagree with
 * the next page the browser loads.
 */
let server: TestServer;
let overHttp: CatalogHttpGateway;
let inProcess: EngineCatalogGateway;

beforeAll(async () => {
  server = await build({ seed: true });
  // The shop's HTTP client, its requests answered by the real app (same origin: picture paths stay as sent).
  const fetch: Fetch = async (url, init) => {
    const answer = await server.app.inject({
      method: init.method as 'GET' | 'POST',
      url,
      headers: init.headers as Record<string, string>,
      ...(typeof init.body === 'string' ? { payload: init.body } : {}),
    });
    return {
      status: answer.statusCode,
      text: () => Promise.resolve(answer.body),
      headers: new Headers(Object.entries(answer.headers).map(([name, value]): [string, string] => [name, String(value)])),
    };
  };
  overHttp = new CatalogHttpGateway(new HttpClient({ baseUrl: '', fetch }));
  inProcess = new EngineCatalogGateway(server.app.catalog, legalTexts(server.app.config.seller));
});

afterAll(() => server.close());

describe('the in-process catalogue answers as the API does', () => {
  it('the categories', async () => {
    const answer = await inProcess.listCategories();
    expect(answer.ok && answer.data.length).toBeGreaterThan(50);
    expect(answer).toEqual(await overHttp.listCategories());
  });

  it.each<[string, ProductQuery]>([
    ['the whole catalogue', {}],
    ['a home collection', { collection: 'discounted' }],
    ['categories, repeated and unordered', { allCategoryIds: [112, 111, 112, 1] }],
  ])('the product list: %s', async (_, query) => {
    const answer = await inProcess.listProducts(query);
    expect(answer.ok && answer.data.length).toBeGreaterThan(0);
    expect(answer).toEqual(await overHttp.listProducts(query));
  });

  it.each<[string, ProductPageQuery]>([
    ['a category page by price', { filter: { allCategoryIds: [1, 11, 111, 112, 113] }, sort: 'price-desc', limit: 24, offset: 24 }],
    ['a search, best match first', { q: 'kulak', limit: 24, offset: 0 }],
    ['two words with Turkish letters', { q: 'Deri ÇANTA', sort: 'relevance', limit: 5, offset: 0 }],
    ['past the last page', { sort: 'newest', limit: 24, offset: 10_000 }],
  ])('a page: %s', async (_, query) => {
    expect(await inProcess.listProductPage(query)).toEqual(await overHttp.listProductPage(query));
  });

  it('a product, one with variants (D25), a missing one and a malformed id', async () => {
    const all = await inProcess.listProducts({});
    const id = all.ok ? all.data[0]!._id : '';
    const withVariants = all.ok ? (all.data.find((product) => product.prodOptions)?._id ?? '') : '';
    const answer = await inProcess.getProduct(withVariants);
    expect(answer.ok && answer.data.prodVariants?.length).toBeGreaterThan(0);
    for (const wanted of [id, withVariants, 'ffffffffffffffffffffffff', 'not-an-id']) {
      expect(await inProcess.getProduct(wanted)).toEqual(await overHttp.getProduct(wanted));
    }
  });

  it('related products (D25): of a product, of a missing one and of a malformed id', async () => {
    const all = await inProcess.listProducts({});
    const id = all.ok ? all.data[0]!._id : '';
    const related = await inProcess.getRelated(id);
    expect(related.ok && related.data.length).toBeGreaterThan(0);
    for (const wanted of [id, 'ffffffffffffffffffffffff', 'not-an-id']) {
      expect(await inProcess.getRelated(wanted)).toEqual(await overHttp.getRelated(wanted));
    }
  });

  it('the legal texts and the seller (D24)', async () => {
    const answer = await inProcess.getLegalTexts();
    expect(answer.ok && answer.data.seller.name).toBe(server.app.config.seller.name);
    expect(answer).toEqual(await overHttp.getLegalTexts());
    expect(await inProcess.getSeller()).toEqual(await overHttp.getSeller());
  });
});
