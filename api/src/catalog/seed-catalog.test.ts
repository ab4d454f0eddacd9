import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Db } from '../db/types';
import { collections } from './collection';
import { demoProducts } from '@shop/core/demo/demo-catalog';
import { productIdFromSlug } from '@shop/core/demo/product-id';
import { seedCatalog } from './seed-catalog';
import { openTestDb, type TestDb } from '../testing/test-db';

async function counts(db: Db): Promise<Record<string, number>> {
  const { rows } = await db.query<Record<string, number>>(
    `SELECT (SELECT count(*)::int FROM categories) AS categories,
            (SELECT count(*)::int FROM products) AS products,
            (SELECT count(*)::int FROM product_images) AS images,
            (SELECT count(*)::int FROM product_categories) AS links,
            (SELECT count(*)::int FROM product_collections) AS memberships`,
  );
  return rows[0] as Record<string, number>;
}

describe('seedCatalog', () => {
  let testDb: TestDb;
  let db: Db;
  beforeEach(async () => {
    testDb = await openTestDb();
    db = testDb.db;
  });
  afterEach(async () => {
    await testDb.close();
  });

  it('is idempotent: a second run leaves the same rows', async () => {
    await seedCatalog(db);
    const first = await counts(db);
    const firstProducts = await db.query('SELECT id, name, description, price FROM products ORDER BY id');
    await seedCatalog(db);
    expect(await counts(db)).toEqual(first);
    expect((await db.query('SELECT id, name, description, price FROM products ORDER BY id')).rows).toEqual(firstProducts.rows);
    expect(first.products).toBe(demoProducts.length);
  });

  it('restores a demo product edited in the database and keeps products it does not own', async () => {
    await seedCatalog(db);
    const id = productIdFromSlug('bakir-cezve');
    await db.query(`UPDATE products SET name = 'Changed' WHERE id = $1`, [id]);
    await db.query(`DELETE FROM product_images WHERE product_id = $1 AND position = 2`, [id]);
    await db.query(`INSERT INTO products (id, name) VALUES ('aaaaaaaaaaaaaaaaaaaaaaaa', 'Mağaza ürünü')`);
    await seedCatalog(db);
    const { rows } = await db.query<{ name: string; images: number }>(
      `SELECT name, (SELECT count(*)::int FROM product_images WHERE product_id = $1) AS images FROM products WHERE id = $1`,
      [id],
    );
    expect(rows[0]).toEqual({ name: 'Bakır Cezve', images: 2 });
    expect((await counts(db)).products).toBe(demoProducts.length + 1);
  });

  it('builds a tree at least three levels deep where every leaf has at least two products', async () => {
    await seedCatalog(db);
    const { rows: depth } = await db.query<{ depth: number }>(
      `WITH RECURSIVE tree AS (
         SELECT category_id, 1 AS depth FROM categories WHERE parent_category_id IS NULL
         UNION ALL
         SELECT c.category_id, tree.depth + 1 FROM categories c JOIN tree ON c.parent_category_id = tree.category_id)
       SELECT max(depth)::int AS depth FROM tree`,
    );
    expect(depth[0]?.depth).toBeGreaterThanOrEqual(3);
    const { rows: leaves } = await db.query<{ category_id: number; products: number }>(
      `SELECT c.category_id, (SELECT count(*)::int FROM product_categories pc WHERE pc.category_id = c.category_id) AS products
       FROM categories c
       WHERE NOT EXISTS (SELECT 1 FROM categories child WHERE child.parent_category_id = c.category_id)`,
    );
    expect(leaves.length).toBeGreaterThanOrEqual(10);
    for (const leaf of leaves) expect(leaf.products, `leaf ${leaf.category_id}`).toBeGreaterThanOrEqual(2);
    // Products live in leaves only: the client resolves descendants itself.
    const { rows: inner } = await db.query(
      `SELECT 1 FROM product_categories pc
       WHERE EXISTS (SELECT 1 FROM categories child WHERE child.parent_category_id = pc.category_id)`,
    );
    expect(inner).toHaveLength(0);
  });

  it('fills every home collection with at least eight products and gives each product 2-3 images', async () => {
    await seedCatalog(db);
    for (const collection of collections) {
      const { rows } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM product_collections WHERE collection = $1', [
        collection,
      ]);
      expect(rows[0]?.n, collection).toBeGreaterThanOrEqual(8);
    }
    const { rows } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM product_images GROUP BY product_id');
    expect(rows.every((row) => row.n >= 2 && row.n <= 3)).toBe(true);
  });
});

describe('seedCatalog creation times', () => {
  it('are deterministic, and the new arrivals are the newest', async () => {
    const testDb = await openTestDb();
    try {
      const read = async () =>
        (
          await testDb.db.query<{ id: string; created: string }>(
            `SELECT id, to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS') AS created FROM products ORDER BY created_at DESC, id`,
          )
        ).rows;
      await seedCatalog(testDb.db);
      const first = await read();
      await seedCatalog(testDb.db);
      expect(await read()).toEqual(first);
      const isNew = new Set(demoProducts.filter((p) => p.collections.includes('new')).map((p) => productIdFromSlug(p.slug)));
      expect(first.slice(0, isNew.size).every((row) => isNew.has(row.id))).toBe(true);
      expect(first.at(-1)?.created.slice(0, 10)).toBe('2026-01-01');
    } finally {
      await testDb.close();
    }
  });
});
