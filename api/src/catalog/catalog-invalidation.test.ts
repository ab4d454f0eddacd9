import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reachablePostgres } from '../../../tests/support/reachable-postgres';
import { buildApp } from '../app';
import { openPgDb } from '../db/pg-db';
import { build, type TestServer } from '../testing/test-server';
import { type Catalog, FILTERED_LIST_STALE_MS, filterOf } from './catalog';
import { listFiltersOf } from './catalog-filters';
import { demoProducts } from '@shop/core/demo/demo-catalog';
import { productIdFromSlug } from '@shop/core/demo/product-id';

/**
 * A change drops exactly what it touches (issue 27, D21): values made from the catalogue are kept
 * under their own keys, a change is written by plain SQL, and the database's notification alone
 * decides what goes. On PGlite and on PostgreSQL; on PostgreSQL, also two servers on one database.
 */
const postgres = await reachablePostgres(process.env.TEST_DATABASE_URL);
const engines = [{ engine: 'pglite', url: null }, ...(postgres ? [{ engine: 'postgres', url: postgres }] : [])];

/** Two products in two categories, each category holding more than one product. */
async function twoProducts(server: TestServer) {
  const { rows } = await server.testDb.db.query<{ product_id: string; category_id: number }>(
    `SELECT DISTINCT ON (c.category_id) c.product_id, c.category_id FROM product_categories c
     WHERE (SELECT count(*) FROM product_categories o WHERE o.category_id = c.category_id) > 1
     ORDER BY c.category_id, c.product_id LIMIT 2`,
  );
  const [p, q] = rows;
  if (!p || !q) throw new Error('the demo catalogue has two categories of several products');
  return { p: p.product_id, c: p.category_id, q: q.product_id, d: q.category_id };
}

describe.each(engines)('what a change drops, on $engine', ({ url }) => {
  let server: TestServer;
  let catalog: Catalog;
  beforeAll(async () => {
    server = await build({ databaseUrl: url, seed: true });
    catalog = server.app.catalog;
  });
  afterAll(() => server.close());

  /** Keeps what the routes would, under test keys. */
  async function keep(ids: { p: string; c: number; q: string; d: number }) {
    const inC = filterOf([ids.c], undefined);
    const inD = filterOf([ids.d], undefined);
    const page = (sort: 'name' | 'price-asc') => ({ words: [], sort, offset: 0, limit: 100 });
    const kept: Record<string, () => Promise<unknown>> = {
      'product p': () => catalog.cache.remember('product p', () => catalog.product(ids.p)),
      'product q': () => catalog.cache.remember('product q', () => catalog.product(ids.q)),
      'c by name': () => catalog.cache.remember('c by name', () => catalog.page(inC, page('name'))),
      'c by price': () => catalog.cache.remember('c by price', () => catalog.page(inC, page('price-asc'))),
      'd by name': () => catalog.cache.remember('d by name', () => catalog.page(inD, page('name'))),
      'd by price': () => catalog.cache.remember('d by price', () => catalog.page(inD, page('price-asc'))),
      categories: () => catalog.cache.remember('categories', () => catalog.categories()),
    };
    for (const make of Object.values(kept)) await make();
    return Object.keys(kept);
  }

  /** The keys kept once the change has been heard (`expected` names what must be gone). */
  async function keptAfter(keys: string[], gone: string[]): Promise<string[]> {
    await expect.poll(() => gone.every((key) => catalog.cache.get(key) === undefined), { timeout: 2000, interval: 5 }).toBe(true);
    return keys.filter((key) => catalog.cache.get(key) !== undefined);
  }

  it("a price: the product's answers and its categories' price orders; nothing else", async () => {
    const ids = await twoProducts(server);
    const keys = await keep(ids);
    await server.testDb.db.query('UPDATE products SET price = price + 1 WHERE id = $1', [ids.p]);
    expect(await keptAfter(keys, ['product p', 'c by name', 'c by price'])).toEqual(['product q', 'd by name', 'd by price', 'categories']);
  });

  it("a name: the product's answers and every order of its categories", async () => {
    const ids = await twoProducts(server);
    const keys = await keep(ids);
    await server.testDb.db.query("UPDATE products SET name = name || ' 2' WHERE id = $1", [ids.q]);
    expect(await keptAfter(keys, ['product q', 'd by name', 'd by price'])).toEqual(['product p', 'c by name', 'c by price', 'categories']);
  });

  it("a stock (D25): the product's answers at once, the lists filtered by stock within their bound; not a list that neither shows it nor filters by stock", async () => {
    const ids = await twoProducts(server);
    const keys = await keep(ids);
    const past = { words: [], sort: 'name' as const, offset: 10_000, limit: 10 };
    const inStock = filterOf([ids.c], undefined, listFiltersOf({ inStock: true }));
    const totalInStock = async () => (await catalog.cache.remember('c in stock, past the end', () => catalog.page(inStock, past))).total;
    await catalog.cache.remember('c past the end', () => catalog.page(filterOf([ids.c], undefined), past));
    const before = await totalInStock();
    // In stock becomes sold out, or the other way round: the filtered list's X-Total-Count moves by one.
    await server.testDb.db.query('UPDATE products SET stock = CASE WHEN stock IS NULL OR stock > 0 THEN 0 ELSE 3 END WHERE id = $1', [
      ids.p,
    ]);
    expect(await keptAfter([...keys, 'c past the end'], ['product p', 'c by name', 'c by price'])).toEqual([
      'product q',
      'd by name',
      'd by price',
      'categories',
      'c past the end',
    ]);
    await expect.poll(totalInStock, { timeout: FILTERED_LIST_STALE_MS + 1000, interval: 5 }).not.toBe(before);
  });

  it('a price that stays on its side of a price filter keeps the filtered list as it is; one crossing it shows within its bound', async () => {
    const { p, c } = await twoProducts(server);
    const priceOf = async () =>
      (await server.request({ method: 'GET', url: `/api/product/${p}` })).json<{ prodPrice?: number }>().prodPrice;
    await priceOf();
    await server.testDb.db.query('UPDATE products SET price = 10 WHERE id = $1', [p]);
    await expect.poll(priceOf, { timeout: 1000, interval: 5 }).toBe(10);

    let makings = 0;
    const priced = filterOf([c], undefined, listFiltersOf({ minPrice: 5, maxPrice: 50 }));
    const past = { words: [], sort: 'name' as const, offset: 10_000, limit: 10 };
    const total = async () =>
      (
        await catalog.cache.remember('c 5-50, past the end', () => {
          makings += 1;
          return catalog.page(priced, past);
        })
      ).total;
    /** Changes p's price and waits until the change is heard (it drops p's own answer). */
    const reprice = async (price: number) => {
      await catalog.cache.remember('product p', () => catalog.product(p));
      await server.testDb.db.query('UPDATE products SET price = $2 WHERE id = $1', [p, price]);
      await expect.poll(() => catalog.cache.get('product p'), { timeout: 1000, interval: 5 }).toBeUndefined();
    };
    const before = await total();

    await reprice(20);
    expect(await total()).toBe(before);
    expect(makings).toBe(1);

    await reprice(70);
    // In use, so made again in the background as soon as the change is heard, once: reads meanwhile
    // are served the kept list (or already the new one), and within its bound it is without p.
    for (const seen of [await total(), await total()]) expect([before, before - 1]).toContain(seen);
    await expect.poll(total, { timeout: FILTERED_LIST_STALE_MS + 1000, interval: 5 }).toBe(before - 1);
    expect(makings).toBe(2);
  });

  it("the API shows a variant's stock changed by SQL on its next read, and the product's sum with it (D25)", async () => {
    const seed = demoProducts.find((product) => product.slug === 'basic-pamuklu-tisort')!;
    const id = productIdFromSlug(seed.slug);
    type Answer = { prodStock: number; prodVariants: Array<{ _id: string; label: string; stock: number; price?: number }> };
    const read = async () => (await server.request({ method: 'GET', url: `/api/product/${id}` })).json<Answer>();
    const before = await read();
    const variant = before.prodVariants.find((v) => v.label === 'S / Beyaz')!;
    await server.testDb.db.query('UPDATE product_variants SET stock = stock + 4 WHERE id = $1', [variant._id]);
    await expect
      .poll(
        async () => {
          const after = await read();
          return [after.prodVariants.find((v) => v._id === variant._id)?.stock, after.prodStock];
        },
        { timeout: 1000, interval: 5 },
      )
      .toEqual([variant.stock + 4, before.prodStock + 4]);
    // A variant's own price changes no product row: its own notification drops the answer.
    await server.testDb.db.query('UPDATE product_variants SET price = 99.5 WHERE id = $1', [variant._id]);
    await expect
      .poll(async () => (await read()).prodVariants.find((v) => v._id === variant._id), { timeout: 1000, interval: 5 })
      .toMatchObject({ price: 99.5 });
  });

  it('a category link: the product, and the lists of every category it is now in (the one it joins and the one it was in)', async () => {
    const ids = await twoProducts(server);
    const keys = await keep(ids);
    await server.testDb.db.query('INSERT INTO product_categories (product_id, category_id) VALUES ($1, $2)', [ids.q, ids.c]);
    expect(await keptAfter(keys, ['product q', 'c by name', 'c by price', 'd by name', 'd by price'])).toEqual(['product p', 'categories']);
  });

  it('a category name: the categories only', async () => {
    const ids = await twoProducts(server);
    const keys = await keep(ids);
    await server.testDb.db.query("UPDATE categories SET name = name || '!' WHERE category_id = $1", [ids.c]);
    expect(await keptAfter(keys, ['categories'])).toEqual(keys.filter((key) => key !== 'categories'));
  });

  it('the API shows a price changed by SQL on its next read', async () => {
    const { p } = await twoProducts(server);
    const before = (await server.request({ method: 'GET', url: `/api/product/${p}` })).json<{ prodPrice: number }>();
    await server.testDb.db.query('UPDATE products SET price = 4321.5 WHERE id = $1', [p]);
    await expect
      .poll(async () => (await server.request({ method: 'GET', url: `/api/product/${p}` })).json<{ prodPrice: number }>().prodPrice, {
        timeout: 1000,
        interval: 5,
      })
      .toBe(4321.5);
    expect(before.prodPrice).not.toBe(4321.5);
  });
});

if (postgres) {
  describe('two servers on one PostgreSQL', () => {
    let first: TestServer;
    let second: Awaited<ReturnType<typeof buildApp>>;
    beforeAll(async () => {
      first = await build({ databaseUrl: postgres, seed: true });
      // Its own pool and its own listening connection on the same schema: nothing shared but the database.
      const db = await openPgDb(postgres, { searchPath: first.testDb.schema! });
      second = await buildApp({ config: first.config, db });
      second.addHook('onClose', () => db.close());
      await second.ready();
    });
    afterAll(async () => {
      await second.close();
      await first.close();
    });

    it('both show a price changed by SQL on their next read', async () => {
      const { p } = await twoProducts(first);
      const read = async (app: TestServer['app']) =>
        (await app.inject({ method: 'GET', url: `/api/product/${p}` })).json<{ prodPrice: number }>();
      expect((await read(first.app)).prodPrice).toBe((await read(second)).prodPrice);
      const writer = new pg.Client({ connectionString: postgres, options: `-c search_path=${first.testDb.schema!}` });
      await writer.connect();
      await writer.query('UPDATE products SET price = 1234.5 WHERE id = $1', [p]);
      await writer.end();
      for (const app of [first.app, second]) {
        await expect.poll(async () => (await read(app)).prodPrice, { timeout: 1000, interval: 5 }).toBe(1234.5);
      }
    });
  });
}
