import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Category } from '@shop/core/domain/category';
import { type ListedProduct, RELATED_MAX, relatedProductIds } from '@shop/core/domain/related-products';
import { reachablePostgres } from '../../../tests/support/reachable-postgres';
import { build, type TestServer } from '../testing/test-server';

/**
 * GET /api/product/{id}/related (D25, docs/products.md): the SQL's answers against the shop's own
 * rule (core/domain/related-products.ts) over the demo catalogue, and what a change drops, on
 * PGlite and on PostgreSQL.
 */
const postgres = await reachablePostgres(process.env.TEST_DATABASE_URL);
const engines = [{ engine: 'pglite', url: null }, ...(postgres ? [{ engine: 'postgres', url: postgres }] : [])];

type Wire = { _id: string; prodName: string; prodPrice?: number };

describe.each(engines)('GET /api/product/{id}/related on $engine', ({ url }) => {
  let server: TestServer;
  let categories: Category[];

  beforeAll(async () => {
    server = await build({ databaseUrl: url, seed: true });
    categories = (await server.request({ method: 'GET', url: '/api/category' })).json<Category[]>();
  });
  afterAll(() => server.close());

  /** Every product in listing order, with its categories, as the database holds them now. */
  async function listed(): Promise<ListedProduct[]> {
    const all = (await server.request({ method: 'POST', url: '/api/product', payload: {} })).json<Wire[]>();
    const { rows } = await server.testDb.db.query<{ product_id: string; category_id: number }>(
      'SELECT product_id, category_id FROM product_categories',
    );
    return all.map((product) => ({
      id: product._id,
      categoryIds: rows.filter((row) => row.product_id === product._id).map((row) => row.category_id),
    }));
  }

  async function related(id: string): Promise<Wire[]> {
    const response = await server.request({ method: 'GET', url: `/api/product/${id}/related` });
    expect(response.statusCode).toBe(200);
    return response.json<Wire[]>();
  }

  /** The first product of a leaf category whose parent has other children, and that category. */
  async function someProduct(): Promise<{ id: string; categoryId: number }> {
    const products = await listed();
    const product = products.find((candidate) => {
      const category = categories.find((each) => each.categoryId === candidate.categoryIds[0]);
      return (
        category?.parentCategoryId != null && categories.filter((each) => each.parentCategoryId === category.parentCategoryId).length > 1
      );
    });
    if (!product) throw new Error('the demo catalogue has a leaf category with siblings');
    return { id: product.id, categoryId: product.categoryIds[0]! };
  }

  it('answers products all over the catalogue with the shop’s rule: its categories first, then its parent’s other children, at most 8, never itself', async () => {
    const products = await listed();
    // Every third product in listing order: products of every part of the catalogue.
    for (const product of products.filter((_, index) => index % 3 === 0)) {
      const answer = await server.app.catalog.related(product.id);
      const ids = answer.value?.map((record) => record.id);
      expect(ids, product.id).toEqual(relatedProductIds(products, categories, product.id));
      expect(ids?.length).toBeLessThanOrEqual(RELATED_MAX);
      expect(ids).not.toContain(product.id);
    }
  });

  it('sends products in wire form, with an ETag and the catalogue’s Cache-Control, and a 304 for the same ETag', async () => {
    const { id } = await someProduct();
    const response = await server.request({ method: 'GET', url: `/api/product/${id}/related` });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=60');
    const products = response.json<Wire[]>();
    expect(products.length).toBeGreaterThan(0);
    const one = (await server.request({ method: 'GET', url: `/api/product/${products[0]!._id}` })).json<Wire>();
    expect(products[0]).toEqual(one);
    const again = await server.request({
      method: 'GET',
      url: `/api/product/${id}/related`,
      headers: { 'if-none-match': String(response.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
  });

  it('answers 400 for a bad id with the message of GET /api/product/{id}, and 404 for an unknown product', async () => {
    const bad = await server.request({ method: 'GET', url: '/api/product/not-an-id/related' });
    const badProduct = await server.request({ method: 'GET', url: '/api/product/not-an-id' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ success: false, message: badProduct.json<{ message: string }>().message });
    const unknown = await server.request({ method: 'GET', url: `/api/product/${'0'.repeat(24)}/related` });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ success: false, message: 'Product not found' });
  });

  it('uses all of a product’s categories', async () => {
    const { id, categoryId } = await someProduct();
    const other = categories.find(
      (category) =>
        category.parentCategoryId !== null &&
        category.categoryId !== categoryId &&
        !categories.some((child) => child.parentCategoryId === category.categoryId),
    )!;
    await server.testDb.db.query('INSERT INTO product_categories (product_id, category_id) VALUES ($1, $2)', [id, other.categoryId]);
    try {
      const products = await listed();
      const expected = relatedProductIds(products, categories, id);
      await expect.poll(async () => (await related(id)).map((product) => product._id), { timeout: 2000, interval: 10 }).toEqual(expected);
      const inOther = products
        .filter((product) => product.categoryIds.includes(other.categoryId) && product.id !== id)
        .map((product) => product.id);
      expect(expected?.some((related) => inOther.includes(related))).toBe(true);
    } finally {
      await server.testDb.db.query('DELETE FROM product_categories WHERE product_id = $1 AND category_id = $2', [id, other.categoryId]);
    }
  });

  it('is kept until a change touches it: a product added to its category, a related product renamed, the product moved', async () => {
    const { id, categoryId } = await someProduct();
    const current = async () => (await related(id)).map((product) => product._id);
    const expected = async () => relatedProductIds(await listed(), categories, id);
    // The last test's change may still be on its way (PostgreSQL notifies after the commit): start from the settled answer.
    const before = (await expected()) ?? [];
    await expect.poll(current, { timeout: 2000, interval: 10 }).toEqual(before);

    // A new product that sorts first in the category joins the answer.
    const newId = 'a'.repeat(24);
    await server.testDb.db.query("INSERT INTO products (id, name, price) VALUES ($1, '0 Yeni ürün', 5)", [newId]);
    await server.testDb.db.query('INSERT INTO product_categories (product_id, category_id) VALUES ($1, $2)', [newId, categoryId]);
    await expect.poll(current, { timeout: 2000, interval: 10 }).toEqual([newId, ...before].slice(0, RELATED_MAX));

    // Renamed, it shows its new name, in its new place.
    await server.testDb.db.query("UPDATE products SET name = 'zz Son ürün' WHERE id = $1", [newId]);
    await expect
      .poll(async () => (await related(id)).find((product) => product._id === newId)?.prodName, { timeout: 2000, interval: 10 })
      .not.toBe('0 Yeni ürün');
    expect(await current()).toEqual(await expected());

    // Out of every category, the product has nothing related; back in, what it had.
    await server.testDb.db.query('DELETE FROM products WHERE id = $1', [newId]);
    const links = await server.testDb.db.query<{ category_id: number }>(
      'DELETE FROM product_categories WHERE product_id = $1 RETURNING category_id',
      [id],
    );
    try {
      await expect.poll(current, { timeout: 2000, interval: 10 }).toEqual([]);
    } finally {
      for (const link of links.rows) {
        await server.testDb.db.query('INSERT INTO product_categories (product_id, category_id) VALUES ($1, $2)', [id, link.category_id]);
      }
    }
    await expect.poll(current, { timeout: 2000, interval: 10 }).toEqual(before);
  });
});
