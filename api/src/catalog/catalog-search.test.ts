import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, type TestServer } from '../testing/test-server';
import { type CatalogEntry, writeCatalog } from './write-catalog';

type Wire = { _id: string; prodName: string; prodPrice?: number };

/** Products of our own, in a category tree of our own, so the demo catalogue can change freely. */
const TOP = 9001;
const LEAF = 9002;
const ours = [TOP, LEAF];
const T = Date.parse('2030-06-01T00:00:00Z');
const entry = (n: number, name: string, description: string | null, price: number | null, createdAt: number): CatalogEntry => ({
  id: `f0000000000000000000000${n}`,
  name,
  description,
  price,
  categoryIds: [n % 2 === 0 ? TOP : LEAF],
  collections: n === 1 ? ['popular'] : [],
  imageCount: 1,
  createdAt: T + createdAt,
});
// Listing order: 3 Bluetooth, 4 Deri, 5 ISIK, 6 İstanbul, 1 Kablosuz, 2 Kulaklık Standı.
const products = [
  entry(1, 'Kablosuz Kulaklık', 'Gürültü engelleyici, uzun pil ömrü.', 1500, 3),
  entry(2, 'Kulaklık Standı', null, 300, 2),
  entry(3, 'Bluetooth Hoparlör', 'Kulaklık girişi ve uzun pil ömrü.', 1500, 4),
  entry(4, 'Deri Çanta', 'El yapımı, İstanbul atölyesinden.', 2500, 1),
  entry(5, 'ISIK Masa Lambası', 'Sıcak ışık veren lamba.', null, 5),
  entry(6, 'İstanbul Kahve Fincanı', 'Porselen.', 450, 0),
];

let server: TestServer;

function search(body: Record<string, unknown>, headers: Record<string, string> = {}): Promise<LightMyRequestResponse> {
  const options: InjectOptions = { method: 'POST', url: '/api/product', payload: body, headers };
  return server.request(options);
}

/** The numbers (1-6) of our products a query answers, in order; asserts a 200. */
async function found(body: Record<string, unknown>): Promise<string> {
  const response = await search({ allCategoryIds: ours, ...body });
  expect(response.statusCode, response.body).toBe(200);
  return response
    .json<Wire[]>()
    .map((product) => product._id.slice(-1))
    .join('');
}

/** On PostgreSQL a change reaches the catalogue's cache over the listening connection: ask until it shows. */
async function eventually(check: () => Promise<void>): Promise<void> {
  await expect
    .poll(
      async () => {
        try {
          await check();
          return true;
        } catch {
          return false;
        }
      },
      { timeout: 5000, interval: 20 },
    )
    .toBe(true);
}

beforeAll(async () => {
  server = await build({ seed: true });
  await writeCatalog(
    server.testDb.db,
    [
      { categoryId: TOP, name: 'Arama', parentCategoryId: null },
      { categoryId: LEAF, name: 'Arama alt', parentCategoryId: TOP },
    ],
    products,
  );
  // On PostgreSQL the change reaches the catalogue's cache over the listening connection.
  for (let tries = 0; (await found({})) !== '345612'; tries += 1) {
    if (tries > 250) throw new Error('the catalogue change did not show');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
});

afterAll(async () => {
  await server.close();
});

describe('POST /api/product: search (D18)', () => {
  it('ignores case with Turkish rules', async () => {
    for (const q of ['istanbul', 'İstanbul', 'İSTANBUL', 'ISTANBUL']) expect(await found({ q })).toBe('64');
    for (const q of ['ışık', 'ISIK', 'isik', 'Işık']) expect(await found({ q })).toBe('5');
  });

  it('ignores diacritics', async () => {
    for (const q of ['canta', 'Çanta', 'ÇANTA']) expect(await found({ q })).toBe('4');
    for (const q of ['kulaklik', 'Kulaklık', 'KULAKLIK']) expect(await found({ q })).toBe('123');
    expect(await found({ q: 'gurultu' })).toBe('1');
  });

  it('matches the start of a word of the name or the description', async () => {
    expect(await found({ q: 'kulak' })).toBe('123');
    expect(await found({ q: 'atolye' })).toBe('4');
    expect(await found({ q: 'laklik' })).toBe('');
    expect(await found({ q: 'zzz' })).toBe('');
  });

  it('needs every word', async () => {
    expect(await found({ q: 'kulak pil' })).toBe('13');
    expect(await found({ q: 'kulaklık standı' })).toBe('2');
    expect(await found({ q: 'kulak çanta' })).toBe('');
  });

  it('ranks name matches above description matches', async () => {
    // 6 has İstanbul in its name, 4 only in its description (and comes first in listing order).
    expect(await found({ q: 'istanbul' })).toBe('64');
    expect(await found({ q: 'kulak', sort: 'name' })).toBe('312');
  });

  it('trims the text: the same words are the same answer', async () => {
    const plain = await search({ allCategoryIds: ours, q: 'kulak' });
    const padded = await search({ allCategoryIds: ours, q: '  KULAK ' });
    expect(padded.body).toBe(plain.body);
    expect(padded.headers.etag).toBe(plain.headers.etag);
  });

  it('searches the whole catalogue and within a collection', async () => {
    const everything = await search({ q: 'kablosuz kulaklık' });
    expect(everything.json<Wire[]>().map((product) => product._id)).toContain(products[0]!.id);
    expect(await found({ q: 'kulak', collection: 'popular' })).toBe('1');
  });
});

describe('POST /api/product: sorting and paging (D18)', () => {
  it('sorts by name, price (unpriced last) and newest', async () => {
    expect(await found({ sort: 'name' })).toBe('345612');
    expect(await found({ sort: 'relevance' })).toBe('345612');
    expect(await found({ sort: 'price-asc' })).toBe('263145');
    expect(await found({ sort: 'price-desc' })).toBe('431625');
    expect(await found({ sort: 'newest' })).toBe('531246');
    expect(await found({ q: 'kulak', sort: 'price-asc' })).toBe('231');
  });

  it('pages after sorting, with the total in X-Total-Count', async () => {
    const page = await search({ allCategoryIds: ours, sort: 'price-asc', limit: 2, offset: 1 });
    expect(page.statusCode).toBe(200);
    expect(page.json<Wire[]>().map((product) => product.prodName)).toEqual(['İstanbul Kahve Fincanı', 'Bluetooth Hoparlör']);
    expect(page.headers['x-total-count']).toBe('6');
    const searched = await search({ allCategoryIds: ours, q: 'kulak', limit: 1 });
    expect(searched.json<Wire[]>()).toHaveLength(1);
    expect(searched.headers['x-total-count']).toBe('3');
    const past = await search({ allCategoryIds: ours, limit: 5, offset: 6 });
    expect(past.json()).toEqual([]);
    expect(past.headers['x-total-count']).toBe('6');
    const rest = await search({ allCategoryIds: ours, offset: 4 });
    expect(rest.json<Wire[]>()).toHaveLength(2);
    expect(rest.headers['x-total-count']).toBe('6');
    const none = await search({ allCategoryIds: ours, q: 'zzz', limit: 10 });
    expect(none.json()).toEqual([]);
    expect(none.headers['x-total-count']).toBe('0');
  });

  it("answers SPEC's call as before: the whole list, no X-Total-Count", async () => {
    const spec = await search({ allCategoryIds: ours });
    expect(spec.headers['x-total-count']).toBeUndefined();
    const sorted = await search({ allCategoryIds: ours, sort: 'name' });
    expect(sorted.body).toBe(spec.body);
    expect(sorted.headers['x-total-count']).toBe('6');
  });

  it('revalidates each query with its own ETag, and sends the total with the 304', async () => {
    const first = await search({ allCategoryIds: ours, q: 'kulak', limit: 2 });
    const etag = String(first.headers.etag);
    const again = await search({ allCategoryIds: ours, q: 'kulak', limit: 2 }, { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers['x-total-count']).toBe('3');
    const other = await search({ allCategoryIds: ours, q: 'kulak', limit: 2, offset: 1 }, { 'if-none-match': etag });
    expect(other.statusCode).toBe(200);
    expect(other.headers.etag).not.toBe(etag);
    // An empty page of another total is another answer.
    const emptyA = await search({ allCategoryIds: ours, offset: 50 });
    const emptyB = await search({ allCategoryIds: ours, q: 'kulak', offset: 50 });
    expect(emptyA.body).toBe(emptyB.body);
    expect(emptyA.headers.etag).not.toBe(emptyB.headers.etag);
  });

  it('refuses bad values with 400 and the error shape', async () => {
    const bad: Array<Record<string, unknown>> = [
      { sort: 'cheapest' },
      { sort: 1 },
      { limit: 0 },
      { limit: 101 },
      { limit: 1000 },
      { limit: 2.5 },
      { limit: '10' },
      { offset: -1 },
      { offset: 1.5 },
      { offset: '0' },
      { q: '' },
      { q: '   ' },
      { q: 'a'.repeat(101) },
      { q: 42 },
      { q: ['kulak'] },
      { q: null },
    ];
    for (const body of bad) {
      const response = await search(body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json()).toEqual({ success: false, message: expect.stringMatching(/^Invalid request\. (q|sort|limit|offset): /) });
    }
    expect((await search({ q: ` ${'a'.repeat(100)} ` })).statusCode).toBe(200);
    expect((await search({ limit: 100, offset: 0 })).statusCode).toBe(200);
  });
});

describe('POST /api/product: a catalogue change', () => {
  it('shows in a search on the next read', async () => {
    const before = await search({ allCategoryIds: ours, q: 'semaver' });
    expect(before.json()).toEqual([]);
    await server.testDb.db.query(`UPDATE products SET name = 'Bakır Semaver' WHERE id = $1`, [products[1]!.id]);
    await eventually(async () => {
      const after = await search({ allCategoryIds: ours, q: 'SEMAVER', limit: 24 });
      expect(after.json<Wire[]>().map((product) => product.prodName)).toEqual(['Bakır Semaver']);
      expect(after.headers['x-total-count']).toBe('1');
    });
    await eventually(async () => expect(await found({ q: 'kulak' })).toBe('13'));
  });
});
