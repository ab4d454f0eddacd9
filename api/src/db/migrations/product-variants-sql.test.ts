import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reachablePostgres } from '../../../../tests/support/reachable-postgres';
import { openTestDb, type TestDb } from '../../testing/test-db';

const postgres = await reachablePostgres(process.env.TEST_DATABASE_URL);
const engines = [{ engine: 'pglite', url: null }, ...(postgres ? [{ engine: 'postgres', url: postgres }] : [])];

const PRODUCT = 'a0000000000000000000000a';
const variant = (n: number) => `b${String(n).padStart(23, '0')}`;

describe.each(engines)('product variants on $engine', ({ url }) => {
  let t: TestDb;
  beforeAll(async () => {
    t = await openTestDb(url, 'migrated');
    await t.db.query(`INSERT INTO products (id, name, price) VALUES ($1, 'Tişört', 10)`, [PRODUCT]);
    await t.db.query(`INSERT INTO product_options (product_id, position, name, option_values) VALUES ($1, 1, 'Beden', '{S,M}')`, [PRODUCT]);
  });
  afterAll(async () => {
    await t.close();
  });

  const stock = async () =>
    (await t.db.query<{ stock: number | null }>('SELECT stock FROM products WHERE id = $1', [PRODUCT])).rows[0]!.stock;

  it("keeps a product's stock the sum of its variants' through inserts, updates and deletes", async () => {
    expect(await stock()).toBeNull();
    await t.db.query(
      `INSERT INTO product_variants (id, product_id, position, option_values, stock) VALUES ($1, $3, 1, '{S}', 2), ($2, $3, 2, '{M}', 5)`,
      [variant(1), variant(2), PRODUCT],
    );
    expect(await stock()).toBe(7);
    await t.db.query('UPDATE product_variants SET stock = stock - 2 WHERE id = $1', [variant(1)]);
    expect(await stock()).toBe(5);
    await t.db.query('DELETE FROM product_variants WHERE id = $1', [variant(2)]);
    expect(await stock()).toBe(0);
  });

  it('refuses negative stock and a second variant with the same values', async () => {
    await expect(t.db.query('UPDATE product_variants SET stock = -1 WHERE id = $1', [variant(1)])).rejects.toThrow();
    await expect(
      t.db.query(`INSERT INTO product_variants (id, product_id, position, option_values, stock) VALUES ($1, $2, 3, '{S}', 1)`, [
        variant(3),
        PRODUCT,
      ]),
    ).rejects.toThrow();
  });
});
