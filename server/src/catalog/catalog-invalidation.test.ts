import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reachablePostgres } from '../../../tests/support/reachable-postgres';
import { buildApp } from '../app';
import { openPgDb } from '../db/pg-db';
import { build, type TestServer } from '../testing/test-server';
import { type Catalog, filterOf } from './catalog';

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
