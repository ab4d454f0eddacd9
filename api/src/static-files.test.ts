import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, type TestServer } from './testing/test-server';

// A built shop as `vite build` leaves it (vite.config.ts): hashed files under assets/, each text
// file over 1 KiB with .br and .gz copies beside it, the page itself at the top.
const script = `export const shop = ${JSON.stringify('x'.repeat(4000))};\n`;
const PAGE = '<!doctype html><html><head><title>shop</title></head><body></body></html>';

let staticDir: string;
let server: TestServer;

beforeAll(async () => {
  staticDir = mkdtempSync(path.join(tmpdir(), 'built-shop-'));
  mkdirSync(path.join(staticDir, 'assets'));
  writeFileSync(path.join(staticDir, 'index.html'), PAGE);
  writeFileSync(path.join(staticDir, 'humans.txt'), 'Made by the shop.\n');
  const asset = path.join(staticDir, 'assets', 'index-Cq440Ojd.js');
  writeFileSync(asset, script);
  writeFileSync(`${asset}.br`, brotliCompressSync(script));
  writeFileSync(`${asset}.gz`, gzipSync(script));
  writeFileSync(path.join(staticDir, 'assets', 'small-B1a2b3c4.css'), 'a{color:red}');
  server = await build({ env: { STATIC_DIR: staticDir } });
});

afterAll(async () => {
  await server.close();
  rmSync(staticDir, { recursive: true, force: true });
});

const IMMUTABLE = 'public, max-age=31536000, immutable';
const asset = '/assets/index-Cq440Ojd.js';

describe('the built files', () => {
  it('come precompressed as the browser accepts them, with Vary, and are cached for good', async () => {
    const brotli = await server.request({ method: 'GET', url: asset, headers: { 'accept-encoding': 'gzip, deflate, br, zstd' } });
    expect(brotli.statusCode).toBe(200);
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers.vary).toMatch(/accept-encoding/i);
    expect(brotli.headers['content-type']).toMatch(/^(application|text)\/javascript/);
    expect(brotli.headers['cache-control']).toBe(IMMUTABLE);
    expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe(script);

    const gzip = await server.request({ method: 'GET', url: asset, headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.headers.vary).toMatch(/accept-encoding/i);
    expect(gzip.headers['cache-control']).toBe(IMMUTABLE);
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(script);

    const plain = await server.request({ method: 'GET', url: asset });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    expect(plain.body).toBe(script);

    const small = await server.request({ method: 'GET', url: '/assets/small-B1a2b3c4.css', headers: { 'accept-encoding': 'br, gzip' } });
    expect(small.body).toBe('a{color:red}');
    expect(small.headers['cache-control']).toBe(IMMUTABLE);
  });

  it('do not serve the compressed copies under their own names', async () => {
    for (const url of [`${asset}.br`, `${asset}.gz`]) {
      expect((await server.request({ method: 'GET', url })).statusCode, url).toBe(404);
    }
  });

  it('revalidate files outside assets/, whose names carry no hash', async () => {
    const humans = await server.request({ method: 'GET', url: '/humans.txt' });
    expect(humans.statusCode).toBe(200);
    expect(humans.headers['cache-control']).toBe('no-cache');
  });
});

describe('the page', () => {
  it('is never reused without asking: index.html and the client-route fallback are no-cache', async () => {
    for (const url of ['/', '/index.html', '/profile', '/product/0123456789abcdef01234567', '/productlist/3']) {
      const page = await server.request({ method: 'GET', url, headers: { 'accept-encoding': 'br, gzip' } });
      expect(page.statusCode, url).toBe(200);
      expect(page.headers['content-type'], url).toBe('text/html; charset=utf-8');
      expect(page.headers['cache-control'], url).toBe('no-cache');
    }
  });
});

describe('dynamic answers', () => {
  it('are compressed by @fastify/compress above 1 KiB, and left alone below', async () => {
    const large = await server.request({ method: 'GET', url: '/api/openapi.json', headers: { 'accept-encoding': 'br, gzip' } });
    expect(large.headers['content-encoding']).toBe('br');
    expect(large.headers.vary).toMatch(/accept-encoding/i);
    expect(JSON.parse(brotliDecompressSync(large.rawPayload).toString())).toHaveProperty('openapi');

    const small = await server.request({ method: 'GET', url: '/api/nope', headers: { 'accept-encoding': 'br, gzip' } });
    expect(small.statusCode).toBe(404);
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json()).toEqual({ success: false, message: 'Not found.' });
  });
});
