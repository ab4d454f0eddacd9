import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoCategories, demoProducts } from '../../storefront/src/adapters/fake/demo-catalog';
import { FakeCatalogGateway } from '../../storefront/src/adapters/fake/fake-catalog-gateway';
import { descendantIds } from '@shop/core/domain/category-tree';
import type { ProductSort } from '@shop/core/domain/product-search';
import type { ProductFilters } from '@shop/core/ports/catalog-gateway';
import { reachablePostgres } from '../support/reachable-postgres';
import { openTestDb, type TestDb } from '../../api/src/testing/test-db';
import { Catalog, filterOf, listQueryOf } from '../../api/src/catalog/catalog';
import { listFiltersOf } from '../../api/src/catalog/catalog-filters';

/**
 * The shop's fake server (storefront/src/adapters/fake/fake-filters.ts) and the reference server filter the
 * demo catalogue alike (D25, docs/products.md "Filters"): for every option value, price ranges,
 * stock and their combinations, over the whole catalogue, a top category with its descendants, a
 * leaf category and a search text, the same page (ids in order), the same X-Total-Count and the
 * same filter panel counts. The engine keeps nothing, so every answer is SQL; on PGlite and on
 * PostgreSQL (TEST_DATABASE_URL).
 */
const postgres = await reachablePostgres(process.env.TEST_DATABASE_URL);
const engines = [{ engine: 'pglite', url: null }, ...(postgres ? [{ engine: 'postgres', url: postgres }] : [])];

/** The demo's options, with every value any product lists. */
const optionValues = new Map<string, string[]>();
for (const product of demoProducts)
  for (const option of product.prodOptions ?? []) {
    const known = optionValues.get(option.name) ?? [];
    optionValues.set(option.name, [...new Set([...known, ...option.values])]);
  }
const [first, second] = [...optionValues.keys()];
if (first === undefined || second === undefined) throw new Error('The demo catalogue sells no products in two options (D25)');
const valuesOf = (name: string) => optionValues.get(name)!;

/** Where the clothes are: the leaf category of the first product with options, and its top category. */
const clothed = demoProducts.find((product) => product.prodOptions !== undefined)!;
const parentOf = new Map(demoCategories.map((category) => [category.categoryId, category.parentCategoryId]));
let top = clothed.categoryId;
while (parentOf.get(top) != null) top = parentOf.get(top)!;

const lists: Array<{ name: string; categoryIds?: number[]; q?: string }> = [
  { name: 'the whole catalogue' },
  { name: `category ${top} with its descendants`, categoryIds: descendantIds(demoCategories, top) },
  { name: `category ${clothed.categoryId}`, categoryIds: [clothed.categoryId] },
  { name: 'a search', q: clothed.prodName.split(' ')[0]! },
];

const filterSets: ProductFilters[] = [
  {},
  { inStock: true },
  // Every value of every option, every other one with inStock.
  ...[...optionValues].flatMap(([name, values]) =>
    values.map((value, index) => ({ options: { [name]: [value] }, ...(index % 2 === 1 ? { inStock: true } : {}) })),
  ),
  { options: { [first]: valuesOf(first).slice(0, 2) } },
  { options: { [first]: [valuesOf(first)[1]!], [second]: [valuesOf(second)[0]!] } },
  { options: { [first]: valuesOf(first).slice(1, 3), [second]: valuesOf(second).slice(0, 2) }, inStock: true },
  { options: { [first]: ['none of these'] } },
  { options: { [first]: [], [second]: [valuesOf(second)[2] ?? valuesOf(second)[0]!] } },
  { minPrice: 0, maxPrice: 100 },
  { minPrice: 100, maxPrice: 500 },
  { minPrice: clothed.prodPrice!, maxPrice: clothed.prodPrice! },
  { minPrice: 1000 },
  { maxPrice: 250, inStock: true },
  { minPrice: 50, maxPrice: 1000, options: { [first]: [valuesOf(first)[0]!] }, inStock: true },
  { maxPrice: 300, options: { [second]: valuesOf(second) } },
];

const SORTS: readonly ProductSort[] = ['name', 'price-asc'];

describe.each(engines)('the fake server and the reference server on $engine filter alike', ({ url }) => {
  let t: TestDb;
  let engine: Catalog;
  const fake = new FakeCatalogGateway();

  beforeAll(async () => {
    t = await openTestDb(url, 'seeded');
    engine = new Catalog(t.db, { maxBytes: 0, staleMs: 0 });
  }, 60_000);
  afterAll(async () => {
    await t.close();
  });

  it.each(lists)('$name: pages, totals and facets of every filter set', async ({ categoryIds, q }) => {
    let matched = 0;
    for (const [index, filters] of filterSets.entries()) {
      const label = `${JSON.stringify(filters)} ${q ?? ''}`;
      const filter = filterOf(categoryIds, undefined, listFiltersOf(filters));
      const query = { ...(categoryIds ? { filter: { allCategoryIds: categoryIds } } : {}), ...(q ? { q } : {}), filters };

      const expected = await fake.getFacets(query);
      if (!expected.ok) throw new Error(`the fake refused ${label}`);
      const { value: facets } = await engine.facets(filter, listQueryOf(q, undefined, 0, undefined).words);
      expect(facets, `facets ${label}`).toEqual(expected.data);

      // By name and by price, in turns.
      {
        const sort = SORTS[index % SORTS.length]!;
        const page = await fake.listProductPage({ ...query, sort, limit: 24, offset: 0 });
        if (!page.ok) throw new Error(`the fake refused ${label}`);
        const { value } = await engine.page(filter, listQueryOf(q, sort, 0, 24));
        expect(
          value.items.map((product) => product.id),
          `${sort} ${label}`,
        ).toEqual(page.data.products.map((product) => product._id));
        expect(value.total, `${sort} ${label} total`).toBe(page.data.total);
        expect(value.total, `${label}: the facets' total`).toBe(facets.total);
      }
      if (facets.total > 0 && Object.keys(filters).length > 0) matched += 1;
    }
    // The filter sets find something in every list: no comparison of empty answers only.
    expect(matched).toBeGreaterThan(3);
  });
});
