import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, type TestServer } from '../testing/test-server';
import { productIdFromSlug } from '@shop/core/demo/product-id';

let server: TestServer;
let districtId = 0;

beforeAll(async () => {
  server = await build({ seed: true });
  const districts = await server.request({ method: 'GET', url: '/api/address/submunicipalities/34' });
  districtId = districts.json<Array<{ subMunicipalityId: number }>>()[0]?.subMunicipalityId ?? 0;
});

afterAll(async () => {
  await server.close();
});

const productId = productIdFromSlug('ultrabook-14');
const CATALOG = 'public, max-age=60';
const DAY = 'public, max-age=86400';

// Every route the catalogue engine or the reference lists answer.
const routes: Array<[string, () => InjectOptions, string]> = [
  ['POST /api/product {}', () => ({ method: 'POST', url: '/api/product', payload: {} }), CATALOG],
  ['POST /api/product (no body)', () => ({ method: 'POST', url: '/api/product' }), CATALOG],
  ['POST /api/product { collection }', () => ({ method: 'POST', url: '/api/product', payload: { collection: 'popular' } }), CATALOG],
  [
    'POST /api/product { allCategoryIds }',
    () => ({ method: 'POST', url: '/api/product', payload: { allCategoryIds: [111, 112] } }),
    CATALOG,
  ],
  ['GET /api/product/{id}', () => ({ method: 'GET', url: `/api/product/${productId}` }), CATALOG],
  ['GET /api/product/{id}/related', () => ({ method: 'GET', url: `/api/product/${productId}/related` }), CATALOG],
  ['GET /api/Category', () => ({ method: 'GET', url: '/api/Category' }), CATALOG],
  ['GET /api/category', () => ({ method: 'GET', url: '/api/category' }), CATALOG],
  ['GET /images/products/{file}.webp', () => ({ method: 'GET', url: `/images/products/${productId}-1.webp` }), DAY],
  ['GET /images/products/{file}.svg', () => ({ method: 'GET', url: `/images/products/${productId}-1.svg` }), DAY],
  ['GET /api/address/countries', () => ({ method: 'GET', url: '/api/address/countries' }), DAY],
  ['GET /api/address/states', () => ({ method: 'GET', url: '/api/address/states' }), DAY],
  ['GET /api/address/submunicipalities/{stateCode}', () => ({ method: 'GET', url: '/api/address/submunicipalities/34' }), DAY],
  ['GET /api/address/neighbours/{id}', () => ({ method: 'GET', url: `/api/address/neighbours/${districtId}` }), DAY],
  ['GET /api/address/neighbours/{unknown id}', () => ({ method: 'GET', url: '/api/address/neighbours/999999999' }), DAY],
];

function withHeaders(options: InjectOptions, headers: Record<string, string>): InjectOptions {
  return { ...options, headers: { ...options.headers, ...headers } };
}

describe.each(routes)('%s', (_name, request, cacheControl) => {
  it('carries an ETag and its Cache-Control, and answers a matching If-None-Match with 304 and no body', async () => {
    const first = await server.request(request());
    expect(first.statusCode).toBe(200);
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^W\/"[A-Za-z0-9_-]+"$/);
    expect(first.headers['cache-control']).toBe(cacheControl);

    const again = await server.request(withHeaders(request(), { 'if-none-match': etag }));
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(etag);
    expect(again.headers['cache-control']).toBe(cacheControl);

    for (const header of [`W/"other", ${etag}`, etag.slice(2), '*']) {
      expect((await server.request(withHeaders(request(), { 'if-none-match': header }))).statusCode, header).toBe(304);
    }
    const other = await server.request(withHeaders(request(), { 'if-none-match': 'W/"something-else"' }));
    expect(other.statusCode).toBe(200);
    expect(other.body).toBe(first.body);
  });

  it('sends a large text answer compressed as the client accepts it, the same bytes once decompressed', async () => {
    const plain = await server.request(request());
    // A picture that is compressed already (WebP) is sent as it is.
    const text = !/^image\/(?!svg)/.test(String(plain.headers['content-type']));
    if (plain.rawPayload.length < 1024 || !text) {
      expect(plain.headers['content-encoding']).toBeUndefined();
      const accepting = await server.request(withHeaders(request(), { 'accept-encoding': 'br, gzip' }));
      expect(accepting.headers['content-encoding']).toBeUndefined();
      expect(accepting.rawPayload.equals(plain.rawPayload)).toBe(true);
      return;
    }
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toBe('accept-encoding');
    const brotli = await server.request(withHeaders(request(), { 'accept-encoding': 'gzip, deflate, br, zstd' }));
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers.vary).toBe('accept-encoding');
    expect(Number(brotli.headers['content-length'])).toBe(brotli.rawPayload.length);
    expect(brotliDecompressSync(brotli.rawPayload).equals(plain.rawPayload)).toBe(true);
    const gzip = await server.request(withHeaders(request(), { 'accept-encoding': 'gzip' }));
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).equals(plain.rawPayload)).toBe(true);
  });
});

describe('POST /api/product', () => {
  it('gives the same filter written differently the same answer and ETag', async () => {
    const one = await server.request({ method: 'POST', url: '/api/product', payload: { allCategoryIds: [111, 112] } });
    const other = await server.request({ method: 'POST', url: '/api/product', payload: { allCategoryIds: [112, 111, 112] } });
    expect(other.body).toBe(one.body);
    expect(other.headers.etag).toBe(one.headers.etag);
    const different = await server.request({ method: 'POST', url: '/api/product', payload: { allCategoryIds: [111] } });
    expect(different.headers.etag).not.toBe(one.headers.etag);
  });

  it('still refuses bad input with 400, whatever If-None-Match says', async () => {
    const response = await server.request({
      method: 'POST',
      url: '/api/product',
      headers: { 'if-none-match': '*' },
      payload: { collection: 'old' },
    });
    expect(response.statusCode).toBe(400);
  });
});

describe('GET /api/product/{id}', () => {
  it('answers an unknown product 404 without an ETag', async () => {
    const response = await server.request({
      method: 'GET',
      url: '/api/product/0123456789abcdef01234567',
      headers: { 'if-none-match': '*' },
    });
    expect(response.statusCode).toBe(404);
    expect(response.headers.etag).toBeUndefined();
  });
});
