import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { build, type TestServer } from '../testing/test-server';
import { demoProducts } from '@shop/core/demo/demo-catalog';
import { productIdFromSlug } from '@shop/core/demo/product-id';
import { renderProductImageSvg } from '@shop/core/demo/product-image-svg';
import { pagePolicy } from '@shop/core/node/page-policy';

type Wire = Record<string, unknown> & { _id: string; prodName: string };

let server: TestServer;
let app: FastifyInstance;

beforeAll(async () => {
  server = await build({ seed: true });
  ({ app } = server);
});

afterAll(async () => {
  await server.close();
});

async function listProducts(body: unknown): Promise<Wire[]> {
  const response = await app.inject({ method: 'POST', url: '/api/product', payload: body as object });
  expect(response.statusCode).toBe(200);
  return response.json<Wire[]>();
}

function slugsOf(products: Wire[]): string[] {
  const bySlug = new Map(demoProducts.map((product) => [productIdFromSlug(product.slug), product.slug]));
  return products.map((product) => bySlug.get(product._id) ?? product._id).sort();
}

describe('POST /api/product', () => {
  it('answers {} with the whole catalogue in wire form, ordered by name', async () => {
    const products = await listProducts({});
    expect(products).toHaveLength(demoProducts.length);
    const names = products.map((product) => product.prodName);
    expect(names).toEqual([...names].sort(new Intl.Collator('tr').compare));
    const ultrabook = products.find((product) => product._id === productIdFromSlug('ultrabook-14'));
    expect(ultrabook).toEqual({
      _id: productIdFromSlug('ultrabook-14'),
      prodName: 'Ultrabook 14 inç',
      prodDescription: 'İnce alüminyum kasa, 16 GB bellek, 1 TB SSD ve gün boyu pil ömrü.',
      prodPrice: 32999.9,
      prodImg1: `/images/products/${productIdFromSlug('ultrabook-14')}-1.webp`,
      prodImg2: `/images/products/${productIdFromSlug('ultrabook-14')}-2.webp`,
      prodImg3: `/images/products/${productIdFromSlug('ultrabook-14')}-3.webp`,
    });
  });

  it('omits a missing price and a missing description instead of sending null', async () => {
    const products = await listProducts({});
    const unpriced = products.find((product) => product._id === productIdFromSlug('koleksiyonluk-cep-saati'));
    expect(unpriced).toBeDefined();
    expect(unpriced).not.toHaveProperty('prodPrice');
    const undescribed = products.find((product) => product._id === productIdFromSlug('bakir-cezve'));
    expect(undescribed).not.toHaveProperty('prodDescription');
    expect(undescribed?.prodPrice).toBe(399);
    expect(products.every((product) => !Object.values(product).includes(null))).toBe(true);
  });

  it('filters by exactly the category ids given, without duplicates', async () => {
    const laptops = await listProducts({ allCategoryIds: [111] });
    expect(slugsOf(laptops)).toEqual(['chromebook-11', 'ogrenci-laptopu', 'oyun-laptopu-16', 'ultrabook-14']);
    const twoLeaves = await listProducts({ allCategoryIds: [111, 112, 111] });
    const inTwoLeaves = demoProducts.filter((product) => product.categoryId === 111 || product.categoryId === 112).map((p) => p.slug);
    expect(inTwoLeaves.length).toBeGreaterThan(4);
    expect(slugsOf(twoLeaves)).toEqual(inTwoLeaves.sort());
    // A parent category holds no product itself: descendants are resolved by the client.
    expect(await listProducts({ allCategoryIds: [1] })).toEqual([]);
    expect(await listProducts({ allCategoryIds: [] })).toEqual([]);
    expect(await listProducts({ allCategoryIds: [999_999] })).toEqual([]);
  });

  it('answers each home collection with its own selection', async () => {
    const unusual = await listProducts({ collection: 'unusual' });
    const expected = demoProducts.filter((product) => product.collections.includes('unusual')).map((p) => p.slug);
    expect(slugsOf(unusual)).toEqual([...expected].sort());
    const discounted = await listProducts({ collection: 'discounted' });
    expect(discounted.length).toBeGreaterThanOrEqual(8);
    expect(slugsOf(discounted)).not.toEqual(slugsOf(unusual));
  });

  it('applies a category filter and a collection together', async () => {
    const products = await listProducts({ allCategoryIds: [121, 131], collection: 'popular' });
    expect(slugsOf(products)).toEqual(['akilli-telefon-pro', 'kablosuz-kulak-ici']);
  });

  it.each([
    [{ allCategoryIds: 'x' }],
    [{ allCategoryIds: [1.5] }],
    [{ allCategoryIds: ['1'] }],
    [{ allCategoryIds: [2 ** 31] }],
    [{ allCategoryIds: Array.from({ length: 1001 }, (_, index) => index) }],
    [{ collection: 'old' }],
    [[1, 2]],
  ])('answers bad input %j with 400 { success: false, message }', async (body) => {
    const response = await app.inject({ method: 'POST', url: '/api/product', payload: body as object });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ success: false, message: expect.any(String) });
  });

  it.each(['null', '0', '42', '"all"', '[]', 'true', '{"allCategoryIds": [1'])(
    'answers a body that is not a JSON object (%s) with 400',
    async (json) => {
      const response = await app.inject({
        method: 'POST',
        url: '/api/product',
        headers: { 'content-type': 'application/json' },
        payload: json,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ success: false, message: expect.any(String) });
    },
  );

  it('answers a POST without any body with the whole catalogue', async () => {
    const response = await app.inject({ method: 'POST', url: '/api/product' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toHaveLength(demoProducts.length);
  });
});

describe('GET /api/product/:id', () => {
  it('answers a product in wire form', async () => {
    const id = productIdFromSlug('parasut-hamak');
    const response = await app.inject({ method: 'GET', url: `/api/product/${id}` });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      _id: id,
      prodName: 'Paraşüt Kumaşı Hamak',
      prodDescription: '200 kg taşıma kapasiteli, ağaç kayışlı.',
      prodPrice: 499,
      prodImg1: `/images/products/${id}-1.webp`,
      prodImg2: `/images/products/${id}-2.webp`,
    });
  });

  it('answers an unknown id with 404 Product not found', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/product/0123456789abcdef01234567' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ success: false, message: 'Product not found' });
  });

  it.each(['abc', 'ZZZZZZZZZZZZZZZZZZZZZZZZ', `${productIdFromSlug('parasut-hamak')}0`, "1' OR '1'='1"])(
    'answers a malformed id %j with 400',
    async (id) => {
      const response = await app.inject({ method: 'GET', url: `/api/product/${encodeURIComponent(id)}` });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ success: false });
    },
  );
});

describe('GET /api/Category and /api/category', () => {
  it('answers the category tree under both casings (D11)', async () => {
    const upper = await app.inject({ method: 'GET', url: '/api/Category' });
    const lower = await app.inject({ method: 'GET', url: '/api/category' });
    expect(upper.statusCode).toBe(200);
    expect(lower.statusCode).toBe(200);
    expect(upper.json()).toEqual(lower.json());
    const categories = upper.json<Array<{ categoryId: number; categoryName: string; parentCategoryId: number | null }>>();
    expect(categories).toContainEqual({ categoryId: 1, categoryName: 'Elektronik', parentCategoryId: null });
    expect(categories).toContainEqual({ categoryId: 111, categoryName: 'Dizüstü Bilgisayar', parentCategoryId: 11 });
    expect(categories.filter((category) => category.parentCategoryId === null).length).toBeGreaterThanOrEqual(3);
    expect(categories.length).toBeGreaterThanOrEqual(20);
  });
});

describe('GET /images/products/:file', () => {
  it("is framed no more than the shop's page: its CSP keeps the page's frame-ancestors (webp, svg, unknown)", async () => {
    const id = productIdFromSlug('ultrabook-14');
    const page = pagePolicy('').directives.frameAncestors.join(' ');
    expect(page).toBe("'none'");
    for (const url of [`/images/products/${id}-1.webp`, `/images/products/${id}-1.svg`, `/images/products/${'0'.repeat(24)}-1.svg`]) {
      const response = await app.inject({ method: 'GET', url });
      const csp = String(response.headers['content-security-policy']);
      expect(csp).toBe(`default-src 'none'; style-src 'unsafe-inline'; frame-ancestors ${page}`);
    }
  });

  it('serves the stored link (.webp) as an 800x800 WebP of the drawing, with image headers and never recompressed', async () => {
    const id = productIdFromSlug('ultrabook-14');
    const url = `/images/products/${id}-3.webp`;
    const response = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br, gzip' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/webp');
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.headers['cache-control']).toBe('public, max-age=86400');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    const picture = await sharp(response.rawPayload).metadata();
    expect([picture.format, picture.width, picture.height]).toEqual(['webp', 800, 800]);
    // The drawing's backdrop colour (its category's hue) fills the corner.
    const corner = await sharp(response.rawPayload).extract({ left: 0, top: 0, width: 1, height: 1 }).raw().toBuffer();
    const expected = await sharp(
      Buffer.from(renderProductImageSvg({ productName: 'Ultrabook 14 inç', categoryId: 111, position: 3, icon: 'laptop' })),
    )
      .extract({ left: 0, top: 0, width: 1, height: 1 })
      .raw()
      .toBuffer();
    for (const [index, channel] of [...expected.subarray(0, 3)].entries())
      expect(Math.abs((corner[index] ?? 0) - channel)).toBeLessThanOrEqual(3);

    const again = await app.inject({ method: 'GET', url, headers: { 'if-none-match': String(response.headers.etag) } });
    expect(again.statusCode).toBe(304);
  });

  it('serves narrower copies of a WebP picture for thumbnails (?w=200, ?w=400), each with its own ETag', async () => {
    const url = `/images/products/${productIdFromSlug('ultrabook-14')}-1.webp`;
    const stored = await app.inject({ method: 'GET', url });
    const etags = new Set([String(stored.headers.etag)]);
    for (const width of [200, 400]) {
      const response = await app.inject({ method: 'GET', url: `${url}?w=${width}` });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('image/webp');
      expect(response.headers['cache-control']).toBe('public, max-age=86400');
      const picture = await sharp(response.rawPayload).metadata();
      expect([picture.format, picture.width, picture.height]).toEqual(['webp', width, width]);
      expect(response.rawPayload.length).toBeLessThan(stored.rawPayload.length);
      etags.add(String(response.headers.etag));
      const again = await app.inject({
        method: 'GET',
        url: `${url}?w=${width}`,
        headers: { 'if-none-match': String(response.headers.etag) },
      });
      expect(again.statusCode).toBe(304);
    }
    expect(etags.size).toBe(3);
  });

  it.each(['300', '800', '0', '-400', '400px', ''])('refuses the width ?w=%s with 400 JSON naming the widths there are', async (width) => {
    const response = await app.inject({ method: 'GET', url: `/images/products/${productIdFromSlug('ultrabook-14')}-1.webp?w=${width}` });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ success: false, message: 'Invalid request. w: w must be one of 200, 400.' });
  });

  it('serves an SVG drawing the same whatever width is asked for', async () => {
    const url = `/images/products/${productIdFromSlug('ultrabook-14')}-3.svg`;
    const stored = await app.inject({ method: 'GET', url });
    const narrow = await app.inject({ method: 'GET', url: `${url}?w=200` });
    expect(narrow.statusCode).toBe(200);
    expect(narrow.body).toBe(stored.body);
  });

  it('serves an older link (.svg) as the SVG drawing itself', async () => {
    const id = productIdFromSlug('ultrabook-14');
    const response = await app.inject({ method: 'GET', url: `/images/products/${id}-3.svg` });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/svg+xml');
    expect(response.headers['cache-control']).toBe('public, max-age=86400');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.body).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" width="800" height="800"/);
    expect(response.body).toContain('Ultrabook 14 inç');
  });

  it('draws the product’s own icon in its category’s colours', async () => {
    const id = productIdFromSlug('klasik-gitar');
    const response = await app.inject({ method: 'GET', url: `/images/products/${id}-2.svg` });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe(renderProductImageSvg({ productName: 'Klasik Gitar 4/4', categoryId: 521, position: 2, icon: 'guitar' }));
  });

  it('gives each image of a product its own picture and the same picture every time', async () => {
    const id = productIdFromSlug('ultrabook-14');
    const first = await app.inject({ method: 'GET', url: `/images/products/${id}-1.svg` });
    const second = await app.inject({ method: 'GET', url: `/images/products/${id}-2.svg` });
    const firstAgain = await app.inject({ method: 'GET', url: `/images/products/${id}-1.svg` });
    expect(first.body).not.toBe(second.body);
    expect(firstAgain.body).toBe(first.body);
  });

  it('answers an image the product does not have, or an unknown product, with 404 JSON', async () => {
    const id = productIdFromSlug('parasut-hamak');
    for (const url of [
      `/images/products/${id}-3.webp`,
      `/images/products/${id}-3.svg`,
      '/images/products/0123456789abcdef01234567-1.webp',
    ]) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
      expect(response.json()).toEqual({ success: false, message: 'Image not found' });
    }
  });

  it.each([
    ['/images/products/..%2F..%2Fpackage.json', 404],
    ['/images/products/%2e%2e%2fcatalog-routes.ts', 404],
    ['/images/products/../../package.json', 404],
    // NUL never reaches the route: the app's edge refuses it (http/reject-unsafe-text.ts).
    [`/images/products/${productIdFromSlug('parasut-hamak')}-1.svg%00.png`, 400],
    [`/images/products/${productIdFromSlug('parasut-hamak')}-1.SVG`, 404],
    [`/images/products/${productIdFromSlug('parasut-hamak')}-1.png`, 404],
    ['/images/products/catalog-routes.ts', 404],
  ])('rejects %s without reading any file', async (url, status) => {
    const response = await app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(status);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.json()).toMatchObject({ success: false });
  });
});
