import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reachablePostgres } from '../../../../tests/support/reachable-postgres';
import { type CatalogEntry, writeCatalog } from '../../catalog/write-catalog';
import { openTestDb, type TestDb } from '../../testing/test-db';

/**
 * Migration 171_listing_facets: whatever writes the catalogue (prices, stock, variants, options,
 * links, category moves, deletions), each listing row carries exactly what a full rebuild
 * (`product_listing_facets_refresh_all()`) gives it. On PGlite and on PostgreSQL.
 */
const postgres = await reachablePostgres(process.env.TEST_DATABASE_URL);
const engines = [{ engine: 'pglite', url: null }, ...(postgres ? [{ engine: 'postgres', url: postgres }] : [])];

const TOP = 9301;
const LEAF = 9302;
const OTHER = 9303;
const id = (n: number) => `f3000000000000000000000${n}`;
const variantId = (n: number) => `f40000000000000000000${String(n).padStart(3, '0')}`;
const entry = (n: number, price: number | null, more: Partial<CatalogEntry> = {}): CatalogEntry => ({
  id: id(n),
  name: `Ürün ${n}`,
  description: null,
  price,
  categoryIds: [LEAF],
  collections: [],
  imageCount: 1,
  createdAt: Date.parse('2030-06-01T00:00:00Z') + n,
  ...more,
});
const products = [
  entry(1, 10, {
    options: [
      { name: 'Beden', values: ['S', 'M'] },
      { name: 'Renk', values: ['Siyah', 'Beyaz'] },
    ],
    variants: [
      { id: variantId(11), optionValues: ['S', 'Siyah'], stock: 2 },
      { id: variantId(12), optionValues: ['M', 'Beyaz'], stock: 0 },
    ],
  }),
  entry(2, 20, { stock: 0, categoryIds: [TOP] }),
  entry(3, null),
];

interface Row {
  ancestor_id: number;
  product_id: string;
  price: string | null;
  buyable: boolean;
  pairs: string[];
  pair_ranks: number[];
  pair_places: number[];
  pair_stocked: boolean[];
  stocked_pairs: string[];
}

describe.each(engines)('migration 171_listing_facets on $engine', ({ url }) => {
  let t: TestDb;
  const rows = async () =>
    (
      await t.db.query<Row>(
        `SELECT ancestor_id, product_id, price::text AS price, buyable, pairs, pair_ranks, pair_places, pair_stocked, stocked_pairs
         FROM product_listing WHERE product_id LIKE 'f3%' ORDER BY ancestor_id, product_id`,
      )
    ).rows;
  /** The rows as the triggers kept them equal the rows made again from scratch. */
  const expectKept = async () => {
    const kept = await rows();
    await t.db.query('SELECT product_listing_facets_refresh_all()');
    expect(kept).toEqual(await rows());
    return kept;
  };

  beforeAll(async () => {
    t = await openTestDb(url, 'migrated');
    await writeCatalog(
      t.db,
      [
        { categoryId: TOP, name: 'Üst', parentCategoryId: null },
        { categoryId: LEAF, name: 'Alt', parentCategoryId: TOP },
        { categoryId: OTHER, name: 'Başka', parentCategoryId: null },
      ],
      products,
    );
  }, 60_000);
  afterAll(async () => {
    await t?.close();
  });

  it('carries each product’s price, stock and option values on every listing row', async () => {
    const kept = await expectKept();
    const first = kept.find((row) => row.ancestor_id === TOP && row.product_id === id(1))!;
    expect(first).toMatchObject({
      price: '10.00',
      buyable: true,
      pairs: ['Beden\u001fM', 'Beden\u001fS', 'Renk\u001fBeyaz', 'Renk\u001fSiyah'],
      pair_ranks: [2, 1, 2, 1],
      pair_places: [1, 1, 2, 2],
      pair_stocked: [false, true, false, true],
      stocked_pairs: ['Beden\u001fS', 'Renk\u001fSiyah'],
    });
    expect(kept.filter((row) => row.product_id === id(1)).map((row) => row.ancestor_id)).toEqual([TOP, LEAF]);
    expect(kept.find((row) => row.product_id === id(2))).toMatchObject({ price: '20.00', buyable: false, pairs: [] });
    expect(kept.find((row) => row.product_id === id(3))).toMatchObject({ price: null, buyable: true, pairs: [] });
  });

  it('follows prices, stock, variants, options, links, category moves and deletions', async () => {
    await t.db.query('UPDATE products SET price = 12.5 WHERE id = $1', [id(1)]);
    await t.db.query('UPDATE products SET stock = 3 WHERE id = $1', [id(2)]);
    await expectKept();
    await t.db.query('UPDATE product_variants SET stock = 4 WHERE id = $1', [variantId(12)]);
    await t.db.query('UPDATE product_variants SET stock = 0 WHERE id = $1', [variantId(11)]);
    expect((await expectKept()).find((row) => row.product_id === id(1))?.stocked_pairs).toEqual(['Beden\u001fM', 'Renk\u001fBeyaz']);
    await t.db.query("UPDATE product_options SET name = 'Ölçü' WHERE product_id = $1 AND position = 1", [id(1)]);
    await expectKept();
    await t.db.query('INSERT INTO product_categories (product_id, category_id) VALUES ($1, $2)', [id(1), OTHER]);
    expect((await expectKept()).find((row) => row.ancestor_id === OTHER)?.pairs).toContain('Ölçü\u001fM');
    await t.db.query('UPDATE categories SET parent_category_id = $1 WHERE category_id = $2', [OTHER, LEAF]);
    await expectKept();
    await t.db.query('DELETE FROM product_variants WHERE id = $1', [variantId(12)]);
    await expectKept();
    await t.db.query('DELETE FROM product_variants WHERE product_id = $1', [id(1)]);
    expect((await expectKept()).find((row) => row.product_id === id(1))?.pairs).toEqual([]);
  });

  it("reads a category's counts from its listing rows' primary key alone (migration 173)", async () => {
    // The planner picks by cost, and this catalogue is small: scans other than an index's are taken away.
    const plan = await t.db.transaction(async (tx) => {
      await tx.query('SET LOCAL enable_seqscan = off');
      await tx.query('SET LOCAL enable_bitmapscan = off');
      const { rows: lines } = await tx.query<{ 'QUERY PLAN': string }>(
        `EXPLAIN SELECT count(*) FILTER (WHERE l.price >= 5 AND l.buyable AND l.stocked_pairs && '{Beden\x1fM}'), min(l.price),
           max(cardinality(l.pairs) + cardinality(l.pair_ranks) + cardinality(l.pair_places) + cardinality(l.pair_stocked))
         FROM product_listing l WHERE l.ancestor_id = $1`,
        [TOP],
      );
      return lines.map((line) => line['QUERY PLAN']).join('\n');
    });
    expect(plan).toMatch(/Index Only Scan using product_listing_pkey/);
  });
});
