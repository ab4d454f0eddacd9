import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProductFacets } from '@shop/core/ports/catalog-gateway';
import { build, type TestServer } from '../testing/test-server';
import { type CatalogEntry, writeCatalog } from './write-catalog';

/** Products of our own, in a category tree of our own, so the demo catalogue can change freely (PGlite, or TEST_DATABASE_URL). */
const TOP = 9101;
const LEAF = 9102;
const ours = [TOP, LEAF];
const id = (n: number) => `f1000000000000000000000${n}`;
const variantId = (n: number) => `f20000000000000000000${String(n).padStart(3, '0')}`;
const entry = (n: number, name: string, price: number | null, more: Partial<CatalogEntry> = {}): CatalogEntry => ({
  id: id(n),
  name,
  description: null,
  price,
  categoryIds: [n % 2 === 0 ? TOP : LEAF],
  collections: [],
  imageCount: 1,
  createdAt: Date.parse('2030-06-01T00:00:00Z') + n,
  ...more,
});
// Listing order: 5 Çanta, 4 Kalem, 3 Kupa, 1 Tişört A, 2 Tişört B.
const products = [
  entry(1, 'Tişört A', 10, {
    options: [
      { name: 'Beden', values: ['S', 'M', 'L'] },
      { name: 'Renk', values: ['Siyah', 'Beyaz'] },
    ],
    variants: [
      { id: variantId(11), optionValues: ['S', 'Siyah'], stock: 2 },
      { id: variantId(12), optionValues: ['M', 'Siyah'], stock: 0 },
      { id: variantId(13), optionValues: ['M', 'Beyaz'], stock: 3 },
      { id: variantId(14), optionValues: ['L', 'Beyaz'], stock: 0 },
    ],
  }),
  entry(2, 'Tişört B', 20, {
    options: [{ name: 'Beden', values: ['S', 'M'] }],
    variants: [
      { id: variantId(21), optionValues: ['S'], stock: 0 },
      { id: variantId(22), optionValues: ['M'], stock: 5 },
    ],
  }),
  entry(3, 'Kupa', 30, { stock: 0 }),
  entry(4, 'Kalem', null),
  entry(5, 'Çanta', 50),
];

let server: TestServer;

const post = (url: string, body: Record<string, unknown>) =>
  server.request({ method: 'POST', url, payload: { allCategoryIds: ours, ...body } });

/** The numbers of our products a filtered page answers, in order; asserts a 200 with X-Total-Count. */
async function found(body: Record<string, unknown>): Promise<string> {
  const response = await post('/api/product', body);
  expect(response.statusCode, response.body).toBe(200);
  const list = response.json<{ _id: string }[]>();
  expect(response.headers['x-total-count']).toBe(String(list.length));
  return list.map((product) => product._id.slice(-1)).join('');
}

/** The panel's counts of our products' options: Beden S, M, L and Renk Siyah, Beyaz, in that order. */
function optionCounts([s, m, l]: [number, number, number], [siyah, beyaz]: [number, number]): ProductFacets['options'] {
  const beden = { S: s, M: m, L: l };
  const renk = { Siyah: siyah, Beyaz: beyaz };
  return [
    { name: 'Beden', values: Object.entries(beden).map(([value, count]) => ({ value, count })) },
    { name: 'Renk', values: Object.entries(renk).map(([value, count]) => ({ value, count })) },
  ];
}

async function facets(body: Record<string, unknown>): Promise<ProductFacets> {
  const response = await post('/api/product/facets', body);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<ProductFacets>();
}

beforeAll(async () => {
  server = await build({ seed: true });
  await writeCatalog(
    server.testDb.db,
    [
      { categoryId: TOP, name: 'Süzgeç', parentCategoryId: null },
      { categoryId: LEAF, name: 'Süzgeç alt', parentCategoryId: TOP },
    ],
    products,
  );
  // On PostgreSQL the change reaches the catalogue's cache over the listening connection.
  for (let tries = 0; (await found({ sort: 'name' })) !== '54312'; tries += 1) {
    if (tries > 250) throw new Error('the catalogue change did not show');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
});

afterAll(async () => {
  await server.close();
});

describe('POST /api/product: filters (D25)', () => {
  it('filters by price, inclusive, never matching a product without one', async () => {
    expect(await found({ minPrice: 20, maxPrice: 30 })).toBe('32');
    expect(await found({ minPrice: 0 })).toBe('5312');
    expect(await found({ maxPrice: 10 })).toBe('1');
  });

  it('keeps what can be bought now with inStock (an untracked stock always can)', async () => {
    expect(await found({ inStock: true })).toBe('5412');
    expect(await found({ inStock: false })).toBe('54312');
  });

  it('asks one variant for a value of every named option, and that it is in stock with inStock', async () => {
    expect(await found({ options: { Beden: ['M'] } })).toBe('12');
    expect(await found({ options: { Beden: ['L', 'S'] } })).toBe('12');
    expect(await found({ options: { Beden: ['M'], Renk: ['Siyah'] } })).toBe('1');
    expect(await found({ options: { Beden: ['M'], Renk: ['Siyah'] }, inStock: true })).toBe('');
    expect(await found({ options: { Beden: ['L'] }, inStock: true })).toBe('');
    expect(await found({ options: { Beden: ['M'] }, inStock: true, sort: 'price-desc' })).toBe('21');
    expect(await found({ options: { Beden: [] } })).toBe('54312');
  });

  it('pages a filtered list', async () => {
    const response = await post('/api/product', { inStock: true, limit: 1, offset: 1 });
    expect(response.json<{ _id: string }[]>().map((product) => product._id)).toEqual([id(4)]);
    expect(response.headers['x-total-count']).toBe('4');
  });

  it('refuses filters out of bounds with a 400 naming the problem', async () => {
    const refused = async (body: Record<string, unknown>) => {
      const response = await post('/api/product/facets', body);
      expect(response.statusCode).toBe(400);
      const list = await post('/api/product', body);
      expect(list.statusCode).toBe(400);
      return response.json<{ success: boolean; message: string }>();
    };
    expect(await refused({ minPrice: 30, maxPrice: 20 })).toEqual({
      success: false,
      message: 'Invalid request. minPrice: minPrice must not be more than maxPrice.',
    });
    expect((await refused({ minPrice: -1 })).message).toContain('0 or more');
    expect((await refused({ options: Object.fromEntries(Array.from({ length: 11 }, (_, n) => [`O${n}`, ['x']])) })).message).toContain(
      'at most 10 options',
    );
    expect((await refused({ options: { Beden: Array.from({ length: 31 }, (_, n) => `v${n}`) } })).message).toContain('at most 30 values');
    expect((await refused({ options: { Beden: ['x'.repeat(41)] } })).message).toContain('1 to 40 characters');
    expect((await refused({ inStock: 'yes' })).success).toBe(false);
  });
});

describe('POST /api/product/facets (D25)', () => {
  it("counts a list's products, prices, stock and option values", async () => {
    expect(await facets({})).toEqual({
      total: 5,
      price: { min: 10, max: 50 },
      inStock: 4,
      options: optionCounts([2, 2, 1], [1, 1]),
    });
  });

  it('makes each count reflect every other active filter', async () => {
    expect(await facets({ options: { Beden: ['M'], Ölçü: ['XL'] }, inStock: true, minPrice: 15 })).toEqual({
      total: 0,
      price: null,
      inStock: 0,
      options: [...optionCounts([0, 0, 0], [0, 0]), { name: 'Ölçü', values: [{ value: 'XL', count: 0 }] }],
    });
    expect(await facets({ options: { Beden: ['M'] }, inStock: true })).toEqual({
      total: 2,
      price: { min: 10, max: 20 },
      inStock: 2,
      options: optionCounts([1, 2, 0], [0, 1]),
    });
  });

  it('counts within a search and shares one answer for the same filters sent in another order', async () => {
    expect((await facets({ q: 'tişört', options: { Renk: ['Beyaz', 'Siyah'], Beden: ['M'] } })).total).toBe(1);
    const first = await post('/api/product/facets', { options: { Beden: ['M', 'S'] }, maxPrice: 25 });
    const again = await post('/api/product/facets', { maxPrice: 25, options: { Beden: ['S', 'M', 'S'] } });
    expect(again.headers.etag).toBe(first.headers.etag);
    expect(again.json()).toEqual(first.json());
  });

  it('shows a stock change in kept counts (made again in the background, FACETS_STALE_MS at most) and filtered pages', async () => {
    expect((await facets({ inStock: true })).inStock).toBe(4);
    expect(await found({ options: { Beden: ['M'] }, inStock: true })).toBe('12');
    await server.testDb.db.query('UPDATE product_variants SET stock = 0 WHERE id = $1', [variantId(22)]);
    await expect.poll(async () => (await facets({ inStock: true })).inStock, { timeout: 5000, interval: 20 }).toBe(3);
    await expect.poll(() => found({ options: { Beden: ['M'] }, inStock: true }), { timeout: 5000, interval: 20 }).toBe('1');
  });
});
