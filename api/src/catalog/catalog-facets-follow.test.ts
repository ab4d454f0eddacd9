import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProductFacets, ProductFilters } from '@shop/core/ports/catalog-gateway';
import { reachablePostgres } from '../../../tests/support/reachable-postgres';
import { openTestDb, type TestDb } from '../testing/test-db';
import { Catalog, filterOf, listenToCatalogChanges } from './catalog';
import type { CatalogChange } from './catalog-change';
import { listFiltersOf } from './catalog-filters';
import { CatalogRepository, type ListQuery, type ProductFilter, type RecordPage } from './catalog-repository';
import { type CatalogEntry, writeCatalog } from './write-catalog';

/**
 * A category's filter panel counts follow its products' price changes without counting again
 * (catalog-filters.ts's followListedFacets), and so do its pages filtered by price
 * (followListedPage): after each of many random price changes, heard as the database notifies
 * them, the followed counts and pages equal a full recount and reread, for filters of every kind;
 * on PGlite and on PostgreSQL.
 */
const postgres = await reachablePostgres(process.env.TEST_DATABASE_URL);
const engines = [{ engine: 'pglite', url: null }, ...(postgres ? [{ engine: 'postgres', url: postgres }] : [])];

const TOP = 9401;
const LEFT = 9402;
const RIGHT = 9403;
const OTHER = 9404;
const PRODUCTS = 48;
const CHANGES = 150;
const id = (n: number) => `f5${String(n).padStart(22, '0')}`;
const variantId = (n: number, k: number) => `f6${String(n * 100 + k).padStart(22, '0')}`;

/** The same numbers on every run. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const next = random(32);
const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!;
/** Prices at and around the filters' ends, ties, none, and any. */
const PRICES = [null, 5, 50, 99.99, 100, 150, 900, 2500, 2500.01, 5000, 5000.01, 7000];
const price = () => (next() < 0.7 ? pick(PRICES) : Math.round(next() * 800_000) / 100);

const SIZES = ['S', 'M', 'L'];
const COLOURS = ['Siyah', 'Beyaz'];
function product(n: number): CatalogEntry {
  const kind = n % 4;
  const options = [
    ...(kind === 1 || kind === 2 ? [{ name: 'Beden', values: SIZES }] : []),
    ...(kind === 2 || kind === 3 ? [{ name: 'Renk', values: COLOURS }] : []),
  ];
  const combinations =
    kind === 1
      ? SIZES.map((size) => [size])
      : kind === 2
        ? SIZES.flatMap((size) => COLOURS.map((colour) => [size, colour]))
        : COLOURS.map((c) => [c]);
  const variants =
    options.length === 0
      ? []
      : combinations
          .filter(() => next() < 0.7)
          .map((values, k) => ({ id: variantId(n, k), optionValues: values, stock: next() < 0.4 ? 0 : 3 }));
  return {
    id: id(n),
    name: `Ürün ${n}`,
    description: null,
    price: price(),
    categoryIds: [pick([LEFT, RIGHT, TOP, OTHER])],
    collections: [],
    imageCount: 1,
    createdAt: Date.parse('2030-06-01T00:00:00Z') + n,
    ...(variants.length > 0 ? { options, variants } : { stock: next() < 0.3 ? 0 : next() < 0.5 ? null : 4 }),
  };
}
const products = Array.from({ length: PRODUCTS }, (_, n) => product(n + 1));

/** Filters of every kind: none, the bench's, a price's end alone, two options, stock and an option. */
const FILTERS: readonly (ProductFilters | undefined)[] = [
  undefined,
  { options: { Beden: ['M'] }, minPrice: 100, maxPrice: 5000, inStock: true },
  { minPrice: 50 },
  { options: { Beden: ['M', 'L'], Renk: ['Siyah'] }, maxPrice: 2500 },
  { inStock: true, options: { Renk: ['Beyaz'] } },
];

describe.each(engines)('a category’s counts and filtered pages follow price changes on $engine', ({ url }) => {
  let t: TestDb;
  let repository: CatalogRepository;
  const heard: CatalogChange[] = [];
  let stop: () => Promise<void>;

  beforeAll(async () => {
    t = await openTestDb(url, 'migrated');
    await writeCatalog(
      t.db,
      [
        { categoryId: TOP, name: 'Üst', parentCategoryId: null },
        { categoryId: LEFT, name: 'Sol', parentCategoryId: TOP },
        { categoryId: RIGHT, name: 'Sağ', parentCategoryId: TOP },
        { categoryId: OTHER, name: 'Başka', parentCategoryId: null },
      ],
      products,
    );
    repository = new CatalogRepository(t.db);
    stop = await listenToCatalogChanges(t.db, { onChange: (change) => heard.push(change), onLive: () => undefined });
  }, 60_000);
  afterAll(async () => {
    await stop?.();
    await t?.close();
  });

  /** Changes one product's price and waits until its change is heard. */
  async function changePrice(n: number, to: number | null): Promise<CatalogChange> {
    heard.length = 0;
    await t.db.query('UPDATE products SET price = $2 WHERE id = $1', [id(n), to]);
    for (let waited = 0; waited < 2000; waited += 5) {
      const change = heard.find((known) => known.kind === 'products' && known.products.has(id(n)));
      if (change) return change;
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    throw new Error(`the price change of ${id(n)} was not heard`);
  }

  it('equal a recount after every change, followed from the followed counts, and mostly without one', async () => {
    const filters = FILTERS.map((sent) => ({ categoryIds: [TOP, LEFT, RIGHT], subtree: TOP, ...optional(listFiltersOf(sent)) }));
    const kept: ProductFacets[] = await Promise.all(filters.map((filter) => repository.facets(filter, [])));
    let followed = 0;
    let recounted = 0;
    for (let change = 0; change < CHANGES; change += 1) {
      const n = 1 + Math.floor(next() * PRODUCTS);
      const heardChange = await changePrice(n, price());
      for (const [index, filter] of filters.entries()) {
        const after = await repository.followFacets(filter, kept[index]!, [heardChange]);
        const recount = await repository.facets(filter, []);
        if (after === undefined) recounted += 1;
        else {
          followed += 1;
          expect(
            after,
            `${JSON.stringify(FILTERS[index])} after ${JSON.stringify([...(heardChange.kind === 'products' ? (heardChange.prices ?? []) : [])])}`,
          ).toEqual(recount);
        }
        kept[index] = after ?? recount;
      }
    }
    // Only a price leaving the lowest or highest price from its end takes a recount.
    expect(followed).toBeGreaterThan(recounted * 3);
  }, 120_000);

  it('follow several changes at once, in the order heard', async () => {
    const filter: ProductFilter = { categoryIds: [TOP, LEFT, RIGHT], subtree: TOP, ...optional(listFiltersOf(FILTERS[1])) };
    const before = await repository.facets(filter, []);
    const changes = [await changePrice(2, 150), await changePrice(6, 4000), await changePrice(2, 7000), await changePrice(10, null)];
    const after = await repository.followFacets(filter, before, changes);
    if (after !== undefined) expect(after).toEqual(await repository.facets(filter, []));
    // A change of anything but prices is counted again.
    const stock: CatalogChange = { ...(changes[0] as Extract<CatalogChange, { kind: 'products' }>), fields: new Set(['stock']) };
    expect(await repository.followFacets(filter, before, [stock])).toBeUndefined();
  });

  /** A page read afresh: its products and its count. */
  async function reread(filter: ProductFilter, query: ListQuery): Promise<RecordPage> {
    return { items: await repository.listPage(filter, query), total: await repository.count(filter, query.words) };
  }
  const ids = (page: RecordPage) => page.items.map((item) => item.id);

  it('filtered by price, equal a reread after every change, and mostly without one', async () => {
    // Filters with a price range; the first page, a later one, and a page holding the whole list (its end).
    const filters = [FILTERS[1], FILTERS[2], FILTERS[3]].map((sent) => ({
      categoryIds: [TOP, LEFT, RIGHT],
      subtree: TOP,
      ...optional(listFiltersOf(sent)),
    }));
    const queries: ListQuery[] = [
      { words: [], sort: 'name', offset: 0, limit: 3 },
      { words: [], sort: 'name', offset: 3, limit: 3 },
      { words: [], sort: 'name', offset: 0, limit: 100 },
    ];
    const cases = filters.flatMap((filter) => queries.map((query) => ({ filter, query })));
    expect(cases.every(({ filter, query }) => repository.followsPage(filter, query))).toBe(true);
    const kept = await Promise.all(cases.map(({ filter, query }) => reread(filter, query)));
    let followed = 0;
    let reads = 0;
    for (let change = 0; change < CHANGES; change += 1) {
      const n = 1 + Math.floor(next() * PRODUCTS);
      const heardChange = await changePrice(n, price());
      for (const [index, { filter, query }] of cases.entries()) {
        const fresh = await reread(filter, query);
        // A change of a product the page shows drops it (its hard scope): never followed.
        const after = ids(kept[index]!).includes(id(n))
          ? undefined
          : await repository.followPage(filter, query, kept[index]!, [heardChange]);
        if (after === undefined) reads += 1;
        else {
          followed += 1;
          expect({ ids: ids(after), total: after.total }, `${JSON.stringify(filter.filters)} ${JSON.stringify(query)}`).toEqual({
            ids: ids(fresh),
            total: fresh.total,
          });
        }
        kept[index] = after ?? fresh;
      }
    }
    // Only a product sorting into the page, or one the page shows, takes a reread.
    expect(followed).toBeGreaterThan(reads * 2);
    // A change of anything but prices, or a page not filtered by price, is read again.
    const { filter, query } = cases[0]!;
    const stock: CatalogChange = {
      kind: 'products',
      products: new Set([id(1)]),
      fields: new Set(['stock']),
      categories: new Set(),
      collections: new Set(),
    };
    expect(await repository.followPage(filter, query, kept[0]!, [stock])).toBeUndefined();
    const unpriced = { ...filter, ...optional(listFiltersOf(FILTERS[4])) };
    expect(repository.followsPage(unpriced, query)).toBe(false);
    expect(repository.followsPage(filter, { ...query, sort: 'newest' })).toBe(false);
  }, 180_000);

  it('are followed by the catalogue once it hears every change they may show, not before it listens', async () => {
    const catalog = new Catalog(t.db, { maxBytes: 1_000_000, staleMs: 60_000 });
    const filter = filterOf([TOP, LEFT, RIGHT], undefined, listFiltersOf(FILTERS[1]));
    expect((await catalog.facets(filter, [])).follow).toBeUndefined();
    expect((await catalog.page(filter, { words: [], sort: 'name', offset: 0, limit: 3 })).follow).toBeUndefined();
    await catalog.start();
    try {
      expect((await catalog.facets(filter, [])).follow).toBeDefined();
      // A search's counts are counted again.
      expect((await catalog.facets(filter, ['urun'])).follow).toBeUndefined();
      // So are its pages filtered by price; not those of other filters.
      const query: ListQuery = { words: [], sort: 'name', offset: 0, limit: 3 };
      expect((await catalog.page(filter, query)).follow).toBeDefined();
      expect((await catalog.page(filterOf([TOP, LEFT, RIGHT], undefined, listFiltersOf(FILTERS[4])), query)).follow).toBeUndefined();
    } finally {
      await catalog.stop();
    }
  });
});

function optional<T>(filters: T | undefined): { filters?: T } {
  return filters === undefined ? {} : { filters };
}
