import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { descendantIds } from '../../../src/domain/category-tree';
import { type ProductSort, ProductSearchIndex, productSorts, searchWords } from '../../../src/domain/product-search';
import { scaleCatalog } from '../../../tests/bench/scale-catalog';
import { reachablePostgres } from '../../../tests/support/reachable-postgres';
import { openTestDb, type TestDb } from '../testing/test-db';
import { filterOf } from './catalog';
import { CatalogRepository, type ProductRecord } from './catalog-repository';
import { collections } from './collection';
import { writeCatalog } from './write-catalog';

/**
 * The same answers as the in-memory model gave (issue 27, D21): every sort, search and filter of
 * the 10,000-product scale catalogue, answered by SQL, against the shop's own rules
 * (src/domain/product-search.ts's index, which the in-memory model answered with), on PGlite and
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
  let reference: ProductSearchIndex<ProductRecord>;
  const members = new Map<string, ProductRecord[]>();

  beforeAll(async () => {
    t = await openTestDb(url, 'migrated');
    await writeCatalog(t.db, catalog.categories, catalog.products);
    repository = new CatalogRepository(t.db);
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
        const ids = (await repository.listPage(engineFilter, { words, sort, offset: 0 })).map((product) => product.id);
        expect(ids, `${filter.name} / "${text}" / ${sort}`).toEqual(expected.items.map((product) => product.id));
      }
      expect(await repository.count(engineFilter, words), `${filter.name} / "${text}" count`).toBe(
        reference.query({ q: words.join(' ') }, candidates).total,
      );
    }
  });

  it('pages: the first, one deep inside, the last and one past the end', async () => {
    const filter = filters[1]!;
    const candidates = members.get(filter.name);
    const total = candidates!.length;
    for (const sort of ['name', 'price-desc', 'newest'] as const) {
      for (const offset of [0, 24 * 20, Math.floor(total / 24) * 24, total + 24]) {
        const expected = reference.query({ sort, offset, limit: 24 }, candidates);
        const page = await repository.listPage(filterOf(filter.categoryIds, undefined), { words: [], sort, offset, limit: 24 });
        expect(
          page.map((product) => product.id),
          `${sort} from ${offset}`,
        ).toEqual(expected.items.map((product) => product.id));
        expect(page).toEqual(expected.items);
      }
    }
  });
});
