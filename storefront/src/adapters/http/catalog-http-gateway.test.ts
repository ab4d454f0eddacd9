// @vitest-environment node
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CatalogHttpGateway } from './catalog-http-gateway';
import { HttpClient } from './http-client';
import { type RecordingServer, startRecordingServer } from './recording-server';

const wireProduct = {
  _id: 'p0000000000000001',
  prodName: 'Kettle',
  prodDescription: 'Steel',
  prodPrice: 349.5,
  prodImg1: '/images/products/kettle-1.jpg',
  prodImg10: '/images/products/kettle-10.jpg',
  prodImg2: 'https://cdn.example/kettle-2.jpg',
  prodImg4: '',
};

describe('CatalogHttpGateway', () => {
  let server: RecordingServer;
  let gateway: CatalogHttpGateway;

  beforeAll(async () => {
    server = await startRecordingServer();
    gateway = new CatalogHttpGateway(new HttpClient({ baseUrl: server.baseUrl }));
  });
  afterAll(() => server.close());
  beforeEach(() => {
    server.requests.length = 0;
  });

  it.each([[{ allCategoryIds: [3, 7] }], [{ collection: 'popular' as const }], [{}]])(
    'lists products with POST /api/product and the query %j as body',
    async (query) => {
      server.reply({ body: [wireProduct] });
      const result = await gateway.listProducts(query);
      expect(server.requests[0]).toMatchObject({ method: 'POST', url: '/api/product', json: query });
      expect(result.ok).toBe(true);
    },
  );

  it('maps wire products: images in numeric order, gaps and empty ones skipped, paths resolved against the API', async () => {
    server.reply({ body: [wireProduct, { _id: 'p0000000000000002', prodName: 'Cup' }] });
    const result = await gateway.listProducts({});
    expect(result).toEqual({
      ok: true,
      data: [
        {
          _id: 'p0000000000000001',
          prodName: 'Kettle',
          prodDescription: 'Steel',
          prodPrice: 349.5,
          images: [
            `${server.baseUrl}/images/products/kettle-1.jpg`,
            'https://cdn.example/kettle-2.jpg',
            `${server.baseUrl}/images/products/kettle-10.jpg`,
          ],
        },
        { _id: 'p0000000000000002', prodName: 'Cup', images: [] },
      ],
    });
  });

  it('asks for a page with the filter, the search text, the order and the window in the body', async () => {
    server.reply({ body: [wireProduct], headers: { 'X-Total-Count': '57' } });
    const result = await gateway.listProductPage({ filter: { allCategoryIds: [3] }, q: 'çay', sort: 'price-asc', limit: 24, offset: 24 });
    expect(server.requests[0]).toMatchObject({
      method: 'POST',
      url: '/api/product',
      json: { allCategoryIds: [3], q: 'çay', sort: 'price-asc', limit: 24, offset: 24 },
    });
    expect(result.ok && result.data.total).toBe(57);
    expect(result.ok && result.data.products.map((product) => product.prodName)).toEqual(['Kettle']);
  });

  it('leaves out the search text, the order and the filter when the query has none', async () => {
    server.reply({ body: [], headers: { 'X-Total-Count': '0' } });
    expect(await gateway.listProductPage({ limit: 24, offset: 0 })).toEqual({ ok: true, data: { products: [], total: 0 } });
    expect(server.requests[0]?.json).toEqual({ limit: 24, offset: 0 });
  });

  it('keeps the total of an empty page past the last one', async () => {
    server.reply({ body: [], headers: { 'X-Total-Count': '30' } });
    const result = await gateway.listProductPage({ q: 'mug', limit: 24, offset: 48 });
    expect(result).toEqual({ ok: true, data: { products: [], total: 30 } });
  });

  it.each([
    ['no header', undefined],
    ['a header that is not a number', 'many'],
    ['a negative header', '-1'],
    ['a header smaller than the page shows', '1'],
  ])('reads %s as "the page is all there is" (offset + products shown)', async (_name, header) => {
    server.reply({
      body: [wireProduct, { ...wireProduct, _id: 'p0000000000000002' }],
      headers: header === undefined ? {} : { 'X-Total-Count': header },
    });
    const result = await gateway.listProductPage({ limit: 2, offset: 4 });
    expect(result.ok && result.data.total).toBe(6);
  });

  it('gives a refused page (400) as a failure with the server message', async () => {
    server.reply({ status: 400, body: { success: false, message: 'sort: Invalid option' } });
    expect(await gateway.listProductPage({ limit: 24, offset: 0 })).toEqual({
      ok: false,
      kind: 'rejected',
      message: 'sort: Invalid option',
    });
  });

  it('gets one product with its id URL-encoded', async () => {
    server.reply({ body: wireProduct });
    const result = await gateway.getProduct('a/b c?');
    expect(server.requests[0]).toMatchObject({ method: 'GET', url: '/api/product/a%2Fb%20c%3F' });
    expect(result.ok && result.data.prodName).toBe('Kettle');
  });

  it('gives a 404 product as a failure with the server message, refused as not found', async () => {
    server.reply({ status: 404, body: { success: false, message: 'Product not found' } });
    expect(await gateway.getProduct('missing')).toEqual({ ok: false, kind: 'rejected', message: 'Product not found', reason: 'not-found' });
  });

  it('lists categories with GET /api/Category', async () => {
    server.reply({
      body: [
        { categoryId: 1, categoryName: 'Home', parentCategoryId: null },
        { categoryId: 2, categoryName: 'Kitchen', parentCategoryId: 1, extra: 'ignored' },
      ],
    });
    const result = await gateway.listCategories();
    expect(server.requests[0]).toMatchObject({ method: 'GET', url: '/api/Category' });
    expect(result).toEqual({
      ok: true,
      data: [
        { categoryId: 1, categoryName: 'Home', parentCategoryId: null },
        { categoryId: 2, categoryName: 'Kitchen', parentCategoryId: 1 },
      ],
    });
  });

  it.each([
    ['a product without a name', () => gateway.listProducts({}), [{ _id: 'p0000000000000001' }]],
    ['an object instead of a list', () => gateway.listProducts({}), { products: [] }],
    ['a price as text', () => gateway.getProduct('x'), { ...wireProduct, prodPrice: '12' }],
    ['a category id as text', () => gateway.listCategories(), [{ categoryId: '1', categoryName: 'A', parentCategoryId: null }]],
    ['an HTML page', () => gateway.listCategories(), '<html></html>'],
  ])('reads %s as an unexpected response', async (_name, call, body) => {
    server.reply({ status: 200, body });
    expect(await call()).toEqual({ ok: false, kind: 'rejected', message: 'Unexpected response from server' });
  });

  it('reads a 500 as a failure', async () => {
    server.reply({ status: 500, body: { success: false, message: 'Database unavailable' } });
    expect(await gateway.listCategories()).toEqual({ ok: false, kind: 'unavailable', message: 'Database unavailable' });
  });
});
