import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCatalogGateway, pagePaths, renderPage } from '../../storefront/src/shell/entry-server';
import { loadStorefrontConfig } from '../../storefront/server/config';
import { buildStorefront } from '../../storefront/server/storefront-app';
import { PAGE_SOURCE_HEADER } from '../../storefront/server/storefront-pages';
import { writeBuiltShop } from '../support/built-shop';
import { type PactStub, pactFilesIn, startPactStub } from '../support/pact-stub';

/**
 * D22's proof that the storefront relies on the contracts alone: its pages rendered against an
 * API made of nothing but the committed pact files (each interaction's example answer), not the
 * reference server. Every request the renders make must be one the pact describes.
 */
let stub: PactStub;
let shop: FastifyInstance;
let removeShop: () => void;

beforeAll(async () => {
  // The product page below is the plain product's ('a product exists'), not the one with variants.
  stub = await startPactStub({
    pactFiles: pactFilesIn(path.join(import.meta.dirname, '../../contracts/pacts')),
    preferStates: ['a product exists'],
  });
  const built = writeBuiltShop();
  removeShop = built.remove;
  const config = loadStorefrontConfig({ API_URL: stub.url, STATIC_DIR: built.staticDir, LOG_LEVEL: 'silent' });
  shop = await buildStorefront({ config, entry: { renderPage, apiCatalogGateway, pagePaths } });
});

afterAll(async () => {
  await shop.close();
  await stub.close();
  removeShop();
});

/** The page's text before any script runs: what a shopper or a crawler reads. */
const text = (html: string) =>
  html
    .replace(/<script[\s\S]*?<\/script>/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ');

describe('the storefront against an API built only from the pact files', () => {
  it('renders the home page with the carousels the contract promises', async () => {
    const page = await shop.inject({ method: 'GET', url: '/' });
    expect(page.statusCode).toBe(200);
    expect(page.headers[PAGE_SOURCE_HEADER]).toBe('rendered');
    const shown = text(page.body);
    for (const heading of ['Yeni', 'Popüler', 'Sıradışı', 'İndirimli']) expect(shown).toContain(heading);
    expect(shown).toContain('Ceramic mug');
    expect(page.body).toContain('href="/product/65f1c0ffee0000000000a001"');
    expect(stub.unmatched).toEqual([]);
  });

  it("renders a category's product list: the category tree and the first page of its products", async () => {
    const page = await shop.inject({ method: 'GET', url: '/productlist/1' });
    expect(page.statusCode).toBe(200);
    expect(page.headers[PAGE_SOURCE_HEADER]).toBe('rendered');
    const shown = text(page.body);
    // The category from the pact's tree, its count (X-Total-Count) and its products.
    expect(page.body).toContain('<title>Kitchen | Storefront</title>');
    expect(shown).toContain('1 product');
    expect(shown).toContain('Ceramic mug');
    expect(stub.unmatched).toEqual([]);
  });

  it('renders a product page with its name, price, description and picture', async () => {
    const page = await shop.inject({ method: 'GET', url: '/product/65f1c0ffee0000000000a001' });
    expect(page.statusCode).toBe(200);
    const shown = text(page.body);
    expect(shown).toContain('Ceramic mug');
    expect(shown).toContain('$129.90');
    expect(shown).toContain('Hand glazed, 350 ml');
    expect(page.body).toContain('src="/images/products/ceramic-mug-1.webp"');
    expect(page.body).toContain('<title>Ceramic mug | Storefront</title>');
    expect(stub.unmatched).toEqual([]);
  });

  it('renders a page per request: the pact promises no freshness headers, so no page is kept', async () => {
    const again = await shop.inject({ method: 'GET', url: '/product/65f1c0ffee0000000000a001' });
    expect(again.headers[PAGE_SOURCE_HEADER]).toBe('rendered');
    expect(again.headers['cache-control']).toBe('no-cache');
  });
});
