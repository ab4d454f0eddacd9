import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { descendantIds } from '@shop/core/domain/category-tree';
import { type ProductSort, ProductSearchIndex, productSorts, searchWords } from '@shop/core/domain/product-search';
import { scaleCatalog } from '../../../tests/bench/scale-catalog';
import { reachablePostgres } from '../../../tests/support/reachable-postgres';
import { openTestDb, type TestDb } from '../testing/test-db';
import { Catalog, filterOf, subtreeRoot } from './catalog';
import { CatalogRepository, type ProductRecord } from './catalog-repository';
import { collections } from './collection';
import { writeCatalog } from './write-catalog';

/**
 * The same answers as the in-memory model gave (issue 27, D21): every sort, search and filter of
 * the 10,000-product scale catalogue, answered by SQL, against the shop's own rules
 * (core/domain/product-search.ts's index, which the in-memory model answered with), on PGlite and
 * on PostgreSQL.
 */
const postgres = await reachablePostgres(process.env.TEST_DATABASE_URL);
const engines = [{ engine: 'pglite', url: null }, ...(postgres ? [{ engine: 'postgres', url: postgres }] : [])];

const catalog = scaleCatalog({ products: 10_000, categories: 2_000 });
const categories = catalog.categories.map((category) => ({ ...category, categoryName: category.name }));
const tops = categories.filter((category) => category.parentCategoryId === null);
const SEARCHES = ['', 'deri çanta', 'KULAKLIK', 'isik', 'çay', 'pro', "istanbul'da", 'zzz'];

/** Filters as the shop sends them: the whole catalogue, top categories with their descendants, a few deeper ones, the collections. */
const filters: Array<{ name: string; categoryIds?: number[]; collection?: (typeof collections)[number] }> = [
  { name: 'everything' },
  ...tops.slice(0, 3).map((top) => ({ name: top.name, categoryIds: descendantIds(categories, top.categoryId) })),
  ...[40, 400, 1900].map((index) => ({ name: `category ${index}`, categoryIds: descendantIds(categories, categories[index]!.categoryId) })),
  ...collections.map((collection) => ({ name: collection, collection })),
  { name: 'a category and a collection', categoryIds: descendantIds(categories, tops[0]!.categoryId), collection: 'popular' as const },
];

describe.each(engines)('the catalogue engine on $engine answers as the in-memory model did', ({ url }) => {
  let t: TestDb;
  let repository: CatalogRepository;
  /** The engine with nothing kept: every read is SQL (a category with its descendants read from product_listing). */
  let engine: Catalog;
  let reference: ProductSearchIndex<ProductRecord>;
  const members = new Map<string, ProductRecord[]>();

  beforeAll(async () => {
    t = await openTestDb(url, 'migrated');
    await writeCatalog(t.db, catalog.categories, catalog.products);
    repository = new CatalogRepository(t.db);
    engine = new Catalog(t.db, { maxBytes: 0, staleMs: 0 });
    const records = await repository.findProducts(catalog.products.map((product) => product.id));
    reference = new ProductSearchIndex(records.values());
    for (const filter of filters) {
      const wanted = new Set(filter.categoryIds ?? []);
      const inFilter = catalog.products.filter(
        (product) =>
          (!filter.categoryIds || product.categoryIds.some((id) => wanted.has(id))) &&
          (!filter.collection || product.collections.includes(filter.collection)),
      );
      members.set(
        filter.name,
        inFilter.map((product) => records.get(product.id)!),
      );
    }
  }, 120_000);
  afterAll(async () => {
    await t.close();
  });

  it.each(filters)('$name: every sort and search, in full, with its count', async (filter) => {
    const engineFilter = filterOf(filter.categoryIds, filter.collection);
    const candidates = filter.categoryIds || filter.collection ? members.get(filter.name) : undefined;
    for (const text of SEARCHES) {
      const words = searchWords(text);
      const sorts: readonly ProductSort[] = words.length > 0 ? productSorts : productSorts.filter((sort) => sort !== 'relevance');
      for (const sort of sorts) {
        const expected = reference.query({ q: words.join(' '), sort }, candidates);
        const { value } = await engine.page(engineFilter, { words, sort, offset: 0 });
        expect(
          value.items.map((product) => product.id),
          `${filter.name} / "${text}" / ${sort}`,
        ).toEqual(expected.items.map((product) => product.id));
        expect(value.total, `${filter.name} / "${text}" / ${sort} count`).toBe(expected.total);
      }
    }
  });

  it('pages: the first, one deep inside, the last and one past the end', async () => {
    const filter = filters[1]!;
    const candidates = members.get(filter.name);
    const total = candidates!.length;
    for (const sort of ['name', 'price-desc', 'newest'] as const) {
      for (const offset of [0, 24 * 20, Math.floor(total / 24) * 24, total + 24]) {
        const expected = reference.query({ sort, offset, limit: 24 }, candidates);
        const page = (await engine.page(filterOf(filter.categoryIds, undefined), { words: [], sort, offset, limit: 24 })).value.items;
        expect(
          page.map((product) => product.id),
          `${sort} from ${offset}`,
        ).toEqual(expected.items.map((product) => product.id));
        expect(page).toEqual(expected.items);
      }
    }
  });

  it('reads a category with its descendants from product_listing, which follows names, links, parents and deletions', async () => {
    const top = tops[0]!;
    const ids = descendantIds(categories, top.categoryId);
    expect(subtreeRoot(categories, ids)).toBe(top.categoryId);
    expect(subtreeRoot(categories, ids.slice(1))).toBeUndefined();
    expect(subtreeRoot(categories, [...ids, tops[1]!.categoryId])).toBeUndefined();

    const listed = async (categoryId: number) =>
      (
        await t.db.query<{ id: string }>(
          'SELECT product_id AS id FROM product_listing WHERE ancestor_id = $1 ORDER BY name_key, product_id',
          [categoryId],
        )
      ).rows.map((row) => row.id);
    const joined = async (categoryId: number) => {
      const all = await repository.categories();
      const page = await repository.listPage(filterOf(descendantIds(all, categoryId), undefined), { words: [], sort: 'name', offset: 0 });
      return page.map((product) => product.id);
    };
    const [first, second] = (await listed(top.categoryId)).slice(0, 2);
    const leaf = catalog.products.find((product) => product.id === second)!.categoryIds[0]!;
    const otherTop = tops[1]!.categoryId;
    await t.db.query("UPDATE products SET name = 'Zzz ' || name WHERE id = $1", [first]);
    await t.db.query('DELETE FROM product_categories WHERE product_id = $1', [second]);
    await t.db.query('INSERT INTO product_categories (product_id, category_id) VALUES ($1, $2)', [second, otherTop]);
    await t.db.query('UPDATE categories SET parent_category_id = $1 WHERE category_id = $2', [otherTop, leaf]);
    await t.db.query(
      'DELETE FROM products WHERE id = (SELECT product_id FROM product_listing WHERE ancestor_id = $1 ORDER BY name_key DESC LIMIT 1)',
      [otherTop],
    );
    for (const categoryId of [top.categoryId, otherTop, leaf]) {
      const ordered = await listed(categoryId);
      expect(ordered.length).toBeGreaterThan(0);
      expect(ordered).toEqual(await joined(categoryId));
    }
  });
});
