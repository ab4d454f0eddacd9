import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { renderPage } from '../../../storefront/src/shell/entry-server';
import type { RenderPage } from '@shop/core/node/page-shell';
import { reachablePostgres } from '../../../tests/support/reachable-postgres';
import { writeBuiltShop } from '../../../tests/support/built-shop';
import { build, type TestServer } from '../testing/test-server';

/**
 * A rendered category page shows its filter panel's counts (D25), which follow a price change of
 * the category's products without a recount (catalog-filters.ts's followListedFacets): the page
 * follows with them. A price change that leaves the counts as they are keeps the rendered page
 * (no render, the same ETag); one that changes them renders it again from the followed counts (no
 * recount). On PGlite and on PostgreSQL (their notifications are heard differently).
 */
const postgres = await reachablePostgres(process.env.TEST_DATABASE_URL);
const engines = [{ engine: 'pglite', url: null }, ...(postgres ? [{ engine: 'postgres', url: postgres }] : [])];

let staticDir: string;
let removeShop: () => void;

beforeAll(() => {
  ({ staticDir, remove: removeShop } = writeBuiltShop());
});

afterAll(() => removeShop());

describe.each(engines)('a rendered category page under price changes ($engine)', ({ url: databaseUrl }) => {
  let server: TestServer;
  let renders = 0;
  const countingRender: RenderPage = (...args) => {
    renders += 1;
    return renderPage(...args);
  };

  beforeAll(async () => {
    server = await build({ seed: true, renderPage: countingRender, databaseUrl, env: { STATIC_DIR: staticDir } });
  });

  afterAll(() => server.close());

  const page = async (url: string) => {
    const response = await server.request({ method: 'GET', url });
    expect(response.statusCode).toBe(200);
    return { etag: response.headers.etag, html: response.body };
  };
  const query = async <T>(sql: string, params: unknown[] = []) => (await server.testDb.db.query<T>(sql, params)).rows;
  const setPrice = (ids: string[], price: number) => query('UPDATE products SET price = $2 WHERE id = ANY($1)', [ids, price]);

  /** Until `product`'s answer shows `price`: every change committed before was heard too (they are heard in commit order). */
  const heard = async (product: string, price: number) => {
    await setPrice([product], price);
    await expect
      .poll(
        async () => (await server.request({ method: 'GET', url: `/api/product/${product}` })).json<{ prodPrice?: number }>().prodPrice,
        {
          timeout: 5000,
          interval: 10,
        },
      )
      .toBe(price);
  };

  it('keeps the page through a price change that leaves its counts as they are, and renders it from the followed counts otherwise', async () => {
    // The largest category: its last two products by name are past the first page, so the page shows them only in its counts.
    const { category, count } = (
      await query<{ category: number; count: number }>(
        'SELECT ancestor_id AS category, count(*)::int AS count FROM product_listing GROUP BY ancestor_id ORDER BY count DESC, ancestor_id LIMIT 1',
      )
    )[0]!;
    expect(count).toBeGreaterThan(26);
    const lastTwo = (
      await query<{ id: string }>('SELECT product_id AS id FROM product_listing WHERE ancestor_id = $1 ORDER BY name_key DESC LIMIT 2', [
        category,
      ])
    ).map((row) => row.id);
    const { low, high } = (
      await query<{ low: number; high: number }>(
        'SELECT min(price)::float AS low, max(price)::float AS high FROM product_listing WHERE ancestor_id = $1',
        [category],
      )
    )[0]!;
    // A product of no listing of the category: its price change touches nothing the page shows.
    const elsewhere = (
      await query<{ id: string }>(
        'SELECT id FROM products WHERE id NOT IN (SELECT product_id FROM product_listing WHERE ancestor_id = $1) ORDER BY id LIMIT 1',
        [category],
      )
    )[0]!.id;
    const url = `/productlist/${category}`;
    const key = `page:${url}`;
    await page(url);
    const before = renders;
    const facets = vi.spyOn(server.app.catalog, 'facets');

    /** Reads the page until it is neither stale nor being made again: what it shows now. */
    const settled = async () => {
      await page(url);
      await expect.poll(() => server.app.catalog.cache.isMaking(key), { timeout: 5000, interval: 5 }).toBe(false);
      const shown = await page(url);
      expect(server.app.catalog.cache.isMaking(key)).toBe(false);
      return shown;
    };

    // Both at a new highest price: the counts' price range changes, the page is rendered again from the followed counts.
    const top = Math.ceil(high) + 1000.5;
    await setPrice(lastTwo, top);
    await heard(elsewhere, 12.34);
    const widened = await settled();
    expect(widened.html).toContain(String(top));
    expect(renders).toBe(before + 1);
    expect(facets).not.toHaveBeenCalled();

    // One of them leaves the highest price, which the other still has: the counts stay, and so does the page.
    await setPrice([lastTwo[0]!], Math.round((low + high) / 2));
    await heard(elsewhere, 23.45);
    const kept = await settled();
    expect(renders).toBe(before + 1);
    expect(kept.etag).toBe(widened.etag);
    expect(facets).not.toHaveBeenCalled();
    facets.mockRestore();
  });
});
