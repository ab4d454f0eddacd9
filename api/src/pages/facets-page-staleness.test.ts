import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderPage } from '../../../storefront/src/shell/entry-server';
import { writeBuiltShop } from '../../../tests/support/built-shop';
import { build, type TestServer } from '../testing/test-server';

/**
 * A rendered category page shows its filter panel's counts (D25), which follow the members'
 * prices and stock within a bound (catalog-cache.ts's soft scopes): a price change keeps the page
 * (the list by name does not move) and shows in its counts soon after; a product leaving the
 * category drops it at once.
 */
let staticDir: string;
let removeShop: () => void;
let server: TestServer;

beforeAll(async () => {
  ({ staticDir, remove: removeShop } = writeBuiltShop());
  server = await build({ seed: true, renderPage, env: { STATIC_DIR: staticDir } });
});

afterAll(async () => {
  await server.close();
  removeShop();
});

const page = async (url: string) => {
  const response = await server.request({ method: 'GET', url });
  expect(response.statusCode).toBe(200);
  return { etag: response.headers.etag, html: response.body };
};

describe('a rendered category page with its filter panel counts', () => {
  it('shows a price change in its counts soon after, and a product leaving the list at once', async () => {
    // The largest category: its last product by name is past the first page, so the page shows it only in its counts.
    const { rows } = await server.testDb.db.query<{ category: number; count: number }>(
      'SELECT ancestor_id AS category, count(*)::int AS count FROM product_listing GROUP BY ancestor_id ORDER BY count DESC, ancestor_id LIMIT 1',
    );
    const { category, count } = rows[0]!;
    expect(count).toBeGreaterThan(24);
    const url = `/productlist/${category}`;
    const last = (
      await server.testDb.db.query<{ id: string }>(
        'SELECT product_id AS id FROM product_listing WHERE ancestor_id = $1 AND price IS NOT NULL ORDER BY name_key DESC LIMIT 1',
        [category],
      )
    ).rows[0]!.id;
    const first = await page(url);
    expect(first.html).not.toContain(last);

    await server.testDb.db.query('UPDATE products SET price = 98765.43 WHERE id = $1', [last]);
    // The counts' price range shows it once the page is made again in the background.
    await expect.poll(async () => (await page(url)).html.includes('98765.43'), { timeout: 5000, interval: 20 }).toBe(true);

    await server.testDb.db.query('DELETE FROM product_categories WHERE product_id = $1', [last]);
    // Membership is never served late: the page is rendered again, its counts without the product.
    await expect.poll(async () => (await page(url)).html.includes('98765.43'), { timeout: 5000, interval: 20 }).toBe(false);
  });
});
