import { brotliDecompressSync } from 'node:zlib';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderPage } from '../../../storefront/src/shell/entry-server';
import { writeBuiltShop } from '../../../tests/support/built-shop';
import { CatalogCache } from '../catalog/catalog-cache';
import { build, type TestServer } from '../testing/test-server';
import { Sitemaps } from './sitemaps';

const ORIGIN = 'https://shop.example';
/** A small page, so the demo catalogue (209 products, 84 categories) spans several. */
const PAGE_SIZE = 40;

let server: TestServer;
let removeShop: () => void;

beforeAll(async () => {
  const shop = writeBuiltShop();
  removeShop = shop.remove;
  server = await build({ seed: true, renderPage, sitemapPageSize: PAGE_SIZE, env: { STATIC_DIR: shop.staticDir, PUBLIC_URL: ORIGIN } });
});

afterAll(async () => {
  await server.close();
  removeShop();
});

const get = (url: string, headers: Record<string, string> = {}) => server.request({ method: 'GET', url, headers });

/** The XML, checked well-formed, read into the one list it holds (`sitemap` of an index, `url` of a page): their `loc`s. */
function locsOf(xml: string, root: 'sitemapindex' | 'urlset'): string[] {
  expect(XMLValidator.validate(xml)).toBe(true);
  const parsed = new XMLParser({ ignoreAttributes: false, isArray: (name) => name === 'sitemap' || name === 'url' }).parse(xml) as Record<
    string,
    Record<string, unknown>
  >;
  const top = parsed[root];
  expect(top?.['@_xmlns']).toBe('http://www.sitemaps.org/schemas/sitemap/0.9');
  const entries = (top?.[root === 'sitemapindex' ? 'sitemap' : 'url'] ?? []) as Array<{ loc: string }>;
  return entries.map((entry) => entry.loc);
}

async function productIds(): Promise<string[]> {
  return (await server.testDb.db.query<{ id: string }>('SELECT id FROM products ORDER BY id')).rows.map((row) => row.id);
}

describe('robots.txt', () => {
  it('names the sitemap by its absolute address, and keeps crawlers out of the API and the signed-in pages', async () => {
    const response = await get('/robots.txt');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(response.body).toMatch(/^User-agent: \*$/m);
    expect(response.body).toMatch(/^Disallow: \/api\/$/m);
    expect(response.body).toMatch(/^Disallow: \/profile$/m);
    expect(response.body).toMatch(/^Sitemap: https:\/\/shop\.example\/sitemap\.xml$/m);
  });
});

describe('the sitemaps', () => {
  it('an index names every page, each of at most the page size, which together name every product, category list and the home page once', async () => {
    const index = await get('/sitemap.xml');
    expect(index.statusCode).toBe(200);
    expect(index.headers['content-type']).toBe('application/xml; charset=utf-8');
    const pages = locsOf(index.body, 'sitemapindex');
    // 84 categories + the home page and all products: 86 in pages of 40; 209 products: 6 pages.
    expect(pages).toEqual([
      ...[1, 2, 3].map((n) => `${ORIGIN}/sitemap/categories-${n}.xml`),
      ...[1, 2, 3, 4, 5, 6].map((n) => `${ORIGIN}/sitemap/products-${n}.xml`),
    ]);
    const named: string[] = [];
    for (const page of pages) {
      const response = await get(page.slice(ORIGIN.length));
      expect(response.statusCode, page).toBe(200);
      const locs = locsOf(response.body, 'urlset');
      expect(locs.length, page).toBeGreaterThan(0);
      expect(locs.length, page).toBeLessThanOrEqual(PAGE_SIZE);
      named.push(...locs);
    }
    const { rows } = await server.testDb.db.query<{ category_id: number }>('SELECT category_id FROM categories ORDER BY category_id');
    expect(named).toEqual([
      `${ORIGIN}/`,
      `${ORIGIN}/productlist/`,
      ...rows.map((row) => `${ORIGIN}/productlist/${row.category_id}`),
      ...(await productIds()).map((id) => `${ORIGIN}/product/${id}`),
    ]);
  });

  it('are compressed as the crawler accepts, with an ETag (304 on revalidation)', async () => {
    const plain = await get('/sitemap/products-1.xml');
    const brotli = await get('/sitemap/products-1.xml', { 'accept-encoding': 'br, gzip' });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe(plain.body);
    expect(plain.headers['cache-control']).toBe('public, max-age=3600');
    const again = await get('/sitemap/products-1.xml', { 'if-none-match': String(plain.headers.etag) });
    expect(again.statusCode).toBe(304);
  });

  it('answer 404 for a page past the last, or any other name', async () => {
    for (const url of [
      '/sitemap/products-7.xml',
      '/sitemap/categories-4.xml',
      '/sitemap/products-0.xml',
      '/sitemap/pages-1.xml',
      '/sitemap/x',
    ]) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.json()).toEqual({ success: false, message: 'Sitemap not found' });
    }
  });

  it('follow the catalogue: a product added or removed is on its page the next time', async () => {
    const added = 'ffffffffffffffffffffff01';
    await server.testDb.db.query(`INSERT INTO products (id, name) VALUES ($1, 'Yeni ürün')`, [added]);
    const lastPage = async () => locsOf((await get('/sitemap/products-6.xml')).body, 'urlset');
    // PostgreSQL tells of the change on a connection of its own, a moment after the write.
    const heard = { timeout: 2000, interval: 5 };
    try {
      await expect.poll(async () => (await lastPage()).at(-1), heard).toBe(`${ORIGIN}/product/${added}`);
    } finally {
      await server.testDb.db.query('DELETE FROM products WHERE id = $1', [added]);
    }
    await expect.poll(async () => (await lastPage()).includes(`${ORIGIN}/product/${added}`), heard).toBe(false);
  });

  it('escape the shop’s address, and page at any size from 2 (the home page and all products alone on the first)', async () => {
    const cache = new CatalogCache({ maxBytes: 1024 * 1024, staleMs: 1000 });
    const sitemaps = new Sitemaps(server.testDb.db, cache, 'https://shop.example/a&b', 2);
    const index = (await sitemaps.index()).body.toString();
    expect(index).toContain('<loc>https://shop.example/a&amp;b/sitemap/categories-1.xml</loc>');
    expect(locsOf(index, 'sitemapindex')).toHaveLength(43 + 105);
    const first = (await sitemaps.page('categories', 1))?.body.toString() ?? '';
    expect(locsOf(first, 'urlset')).toEqual(['https://shop.example/a&b/', 'https://shop.example/a&b/productlist/']);
    const second = (await sitemaps.page('categories', 2))?.body.toString() ?? '';
    expect(locsOf(second, 'urlset')).toHaveLength(2);
    expect(() => new Sitemaps(server.testDb.db, cache, ORIGIN, 1)).toThrow(RangeError);
  });
});

/** The JSON-LD documents in a page's head. */
function structuredData(html: string): Array<Record<string, unknown>> {
  const head = html.slice(0, html.indexOf('</head>'));
  return [...head.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
    ([, json = '']) => JSON.parse(json) as Record<string, unknown>,
  );
}
const canonicalOf = (html: string) => /<link rel="canonical" href="([^"]*)" \/>/.exec(html.slice(0, html.indexOf('</head>')))?.[1];

describe('server-rendered pages for search engines (D25)', () => {
  it('a product page: its canonical address (no ?variant= or other parameter) and its Product JSON-LD', async () => {
    const [id] = await productIds();
    const { rows } = await server.testDb.db.query<{ name: string; price: string | null }>(
      'SELECT name, price FROM products WHERE id = $1',
      [id],
    );
    const response = await get(`/product/${id}?variant=${'a'.repeat(24)}&utm_source=x`);
    expect(response.statusCode).toBe(200);
    expect(canonicalOf(response.body)).toBe(`${ORIGIN}/product/${id}`);
    const [product, ...others] = structuredData(response.body);
    expect(others).toEqual([]);
    expect(product).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Product',
      name: rows[0]?.name,
      sku: id,
      url: `${ORIGIN}/product/${id}`,
    });
    expect((product?.image as string[])[0]).toMatch(new RegExp(`^${ORIGIN}/images/products/${id}-1\\.webp$`));
    if (rows[0]?.price !== null) {
      expect(product?.offers).toEqual(
        expect.arrayContaining([expect.objectContaining({ '@type': 'Offer', price: Number(rows[0]?.price), priceCurrency: 'USD' })]),
      );
    }
  });

  it('a product with variants: an Offer per variant, at its address (?variant=), its price and its stock as the shop tells it', async () => {
    const { rows } = await server.testDb.db.query<{ product_id: string; id: string; stock: number; price: string }>(
      `SELECT v.product_id, v.id, v.stock, coalesce(v.price, p.price)::text AS price FROM product_variants v JOIN products p ON p.id = v.product_id
        WHERE v.product_id = (SELECT min(product_id) FROM product_variants) ORDER BY v.position`,
    );
    const id = rows[0]!.product_id;
    const [product] = structuredData((await get(`/product/${id}`)).body);
    const availability = (stock: number) => (stock === 0 ? 'OutOfStock' : stock <= 3 ? 'LimitedAvailability' : 'InStock');
    expect(product?.offers).toEqual(
      rows.map((variant) =>
        expect.objectContaining({
          sku: variant.id,
          price: Number(variant.price),
          availability: `https://schema.org/${availability(variant.stock)}`,
          url: `${ORIGIN}/product/${id}?variant=${variant.id}`,
        }),
      ),
    );
  });

  it('an unknown product tells search engines nothing', async () => {
    const response = await get(`/product/${'0'.repeat(24)}`);
    expect(response.statusCode).toBe(404);
    expect(canonicalOf(response.body)).toBeUndefined();
    expect(structuredData(response.body)).toEqual([]);
  });

  it("a category's list: its canonical address (the page past the first only, unfiltered) and its category path as a BreadcrumbList", async () => {
    const { rows } = await server.testDb.db.query<{ category_id: number; name: string; parent: string }>(
      `SELECT c.category_id, c.name, p.name AS parent FROM categories c JOIN categories p ON p.category_id = c.parent_category_id
        WHERE p.parent_category_id IS NULL ORDER BY c.category_id LIMIT 1`,
    );
    const child = rows[0]!;
    const paged = await get(`/productlist/${child.category_id}?sort=price-asc&page=2`);
    expect(canonicalOf(paged.body)).toBe(`${ORIGIN}/productlist/${child.category_id}?page=2`);
    const filtered = await get(`/productlist/${child.category_id}?page=2&minPrice=1&inStock=1`);
    expect(canonicalOf(filtered.body)).toBe(`${ORIGIN}/productlist/${child.category_id}`);
    const first = await get(`/productlist/${child.category_id}?sort=price-asc&page=1`);
    expect(canonicalOf(first.body)).toBe(`${ORIGIN}/productlist/${child.category_id}`);
    const [breadcrumbs] = structuredData(first.body);
    expect(breadcrumbs).toMatchObject({ '@context': 'https://schema.org', '@type': 'BreadcrumbList' });
    expect((breadcrumbs?.itemListElement as Array<{ name: string; position: number }>).map((item) => [item.position, item.name])).toEqual([
      [1, 'Home'],
      [2, child.parent],
      [3, child.name],
    ]);
    const all = await get('/productlist/');
    expect(canonicalOf(all.body)).toBe(`${ORIGIN}/productlist/`);
  });

  it('the home page names its canonical address; a page nothing is found on, none', async () => {
    expect(canonicalOf((await get('/?utm_source=x')).body)).toBe(`${ORIGIN}/`);
    expect(canonicalOf((await get('/productlist/99999')).body)).toBeUndefined();
  });
});
