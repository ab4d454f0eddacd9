import { createHash, randomUUID } from 'node:crypto';
import type { Category } from '@shop/core/domain/category';
import { descendantIds } from '@shop/core/domain/category-tree';
import { type ProductSort, searchWords } from '@shop/core/domain/product-search';
import type { ProductFacets } from '@shop/core/ports/catalog-gateway';
import type { Db } from '../db/types';
import { CatalogCache, type CatalogCacheOptions, type Made } from './catalog-cache';
import {
  type AnswerScope,
  type CatalogChange,
  EMPTY_SCOPE,
  heardMark,
  heardToken,
  type ListScope,
  parseCatalogChange,
} from './catalog-change';
import { CatalogRepository, type ListQuery, type ProductFilter, type ProductRecord, type RecordPage } from './catalog-repository';
import type { ListFilters } from './catalog-filters';
import type { Collection } from './collection';
import { relatedProducts } from './related-products';

/**
 * How long after a change of its members' prices, stock or variants a list's filter panel counts
 * may still be served without it (D25, docs/products.md "Filters"): kept
 * and made again in the background, once at a time, instead of dropped (catalog-cache.ts).
 */
export const FACETS_STALE_MS = 1000;

/**
 * How long after a change of a member's price or stock a list filtered by price, stock or option
 * values (its page and its X-Total-Count) may still be served without it (D25, docs/products.md
 * "Filters"), as the counts are: which products a filter lets through is kept and made again in the
 * background, once at a time. A change of a product the page shows, of the order it is sorted in
 * (a price sort), or of which products the list holds, drops it at once, as for any list.
 */
export const FILTERED_LIST_STALE_MS = 1000;

/** Where migration 130_catalog_engine notifies every catalogue change, naming what changed. */
export const CATALOG_CHANGED_CHANNEL = 'catalog_changed';

/** How long a mark sent on the changes' channel is waited for (Catalog's heardUpToNow). */
const MARK_WAIT_MS = 1000;

/**
 * Hears the catalogue's committed changes to this schema (the schemas of one database share the
 * channel): `onChange` for each, `onLive` as in Db.listen, `onMark` for a mark sent on the channel
 * (heardMark). Resolves with the function that stops.
 */
export async function listenToCatalogChanges(
  db: Db,
  handlers: { onChange(change: CatalogChange): void; onLive(live: boolean): void; onMark?(token: string): void },
): Promise<() => Promise<void>> {
  const { rows } = await db.query<{ schema: string }>('SELECT current_schema() AS schema');
  const schema = rows[0]?.schema;
  return db.listen(CATALOG_CHANGED_CHANNEL, {
    onNotify: (payload) => {
      const token = heardToken(payload);
      if (token !== undefined) {
        handlers.onMark?.(token);
        return;
      }
      const change = parseCatalogChange(payload, schema);
      if (change) handlers.onChange(change);
    },
    onLive: (live) => handlers.onLive(live),
  });
}

/** A filter as answers know it: the category ids sorted and deduplicated, and a short key for both filters. */
export interface Filter extends ProductFilter {
  key: string;
}

/**
 * The catalogue (docs/architecture.md, "The catalogue engine"): PostgreSQL answers every read
 * with indexed SQL (catalog-repository.ts); `cache` keeps what the routes and the rendered pages
 * make of the answers, bounded, and drops exactly what each change touches, as the database
 * notifies it (catalog-change.ts). Nothing here holds the whole catalogue.
 */
export class Catalog {
  readonly cache: CatalogCache;
  private readonly repository: CatalogRepository;
  private stopListening: (() => Promise<void>) | undefined;
  /** Marks sent on the changes' channel and not heard yet (heardUpToNow), by token. */
  private readonly marks = new Map<string, () => void>();
  private live = false;
  private schema: Promise<string | undefined> | undefined;

  constructor(
    private readonly db: Db,
    options: CatalogCacheOptions,
  ) {
    this.cache = new CatalogCache(options);
    this.repository = new CatalogRepository(db);
  }

  /** Starts hearing changes (to this schema: the schemas of one database share the channel). */
  async start(): Promise<void> {
    this.stopListening = await listenToCatalogChanges(this.db, {
      onChange: (change) => this.cache.apply(change),
      onLive: (live) => {
        this.live = live;
        this.cache.setLive(live);
      },
      onMark: (token) => this.marks.get(token)?.(),
    });
    this.live = true;
  }

  async stop(): Promise<void> {
    await this.stopListening?.();
    this.stopListening = undefined;
    this.live = false;
  }

  /**
   * Whether every change committed before this call has been heard (the cache applied it): a
   * mark sent on the changes' channel comes back after them, as notifications come in the order
   * they were committed. False when changes are not heard, or the mark is not back within MARK_WAIT_MS.
   */
  private async heardUpToNow(): Promise<boolean> {
    if (!this.stopListening || !this.live) return false;
    const token = randomUUID();
    let timer: NodeJS.Timeout | undefined;
    const back = new Promise<boolean>((resolve) => {
      this.marks.set(token, () => resolve(true));
      timer = setTimeout(() => resolve(false), MARK_WAIT_MS);
    });
    try {
      this.schema ??= this.db.query<{ schema: string }>('SELECT current_schema() AS schema').then(({ rows }) => rows[0]?.schema);
      await this.db.query('SELECT pg_notify($1, $2)', [CATALOG_CHANGED_CHANNEL, heardMark(await this.schema, token)]);
      return (await back) && this.live;
    } finally {
      clearTimeout(timer);
      this.marks.delete(token);
    }
  }

  /** Every product of `filter`, in listing order (SPEC's call). */
  async list(filter: Filter): Promise<Made<ProductRecord[]>> {
    const items = await this.repository.listPage(await this.withSubtree(filter), { words: [], sort: 'name', offset: 0 }, true);
    return made(items, {
      products: items.map((item) => item.id),
      lists: [listScope(filter, { sort: 'name', searched: false })],
      categories: false,
    });
  }

  /** One page of `filter` for a search, a sort and a page (D18), with how many match in all. */
  async page(filter: Filter, query: ListQuery): Promise<Made<RecordPage>> {
    const searched = query.words.length > 0;
    const resolved = await this.withSubtree(filter);
    const [items, total] = await Promise.all([
      this.repository.listPage(resolved, query),
      // Dropped by every change that can alter it: a page is kept as showing what was committed before its making
      // (a filtered one served late only within its own bound), so it is never made of a count served late.
      this.cache.remember(`count:${filter.key}:${query.words.join(' ')}`, async () => {
        const count = await this.repository.count(resolved, query.words);
        return { value: count, scope: { ...EMPTY_SCOPE, lists: [listScope(filter, { searched })] }, bytes: 64 };
      }),
    ]);
    // A page that can follow price changes does from the first change heard after every one it may show.
    const follows = this.repository.followsPage(resolved, query) && (await this.heardUpToNow());
    return this.pageMade(resolved, query, listScope(filter, { sort: query.sort, searched }), { items, total }, follows);
  }

  /**
   * A page as kept (filteredList): a category's page filtered by price follows its products'
   * price changes without reading it again (the repository's followPage) when `follows`.
   */
  private pageMade(resolved: ProductFilter, query: ListQuery, list: ListScope, page: RecordPage, follows: boolean): Made<RecordPage> {
    const follow = async (changes: readonly CatalogChange[]) => {
      const next = await this.repository.followPage(resolved, query, page, changes);
      return next && this.pageMade(resolved, query, list, next, true);
    };
    return filteredList(
      page,
      page.items.map((item) => item.id),
      list,
      follows ? follow : undefined,
    );
  }

  /**
   * The filter panel's counts (D25) over the products of `filter` matching every word, each
   * reflecting every other active filter (catalog-filters.ts). A change of a member's price, stock
   * or variants shows within FACETS_STALE_MS (the counts are made again in the background); a
   * change of which products the list holds drops them.
   */
  async facets(filter: Filter, words: readonly string[]): Promise<Made<ProductFacets>> {
    const resolved = await this.withSubtree(filter);
    const facets = await this.repository.facets(resolved, words);
    // Counts that can follow price changes do from the first change heard after every one they may show.
    const follows = this.repository.followsFacets(resolved, words) && (await this.heardUpToNow());
    return this.facetsMade(filter, resolved, words, facets, follows);
  }

  /**
   * The counts as kept: which products the list holds drops them at once; their prices, stock and
   * variants show within the bound; a category's counts follow its products' price changes without
   * counting again (the repository's followFacets) when `follows`.
   */
  private facetsMade(
    filter: Filter,
    resolved: ProductFilter,
    words: readonly string[],
    facets: ProductFacets,
    follows: boolean,
  ): Made<ProductFacets> {
    const { filtered, ...list } = listScope(filter, { searched: words.length > 0 });
    // A price change that stays on its side of the price filter, within the counted prices' range, changes no count.
    const prices = { ...filtered?.prices, span: facets.price };
    const follow = async (changes: readonly CatalogChange[]) => {
      const next = await this.repository.followFacets(resolved, facets, changes);
      return next && this.facetsMade(filter, resolved, words, next, true);
    };
    return {
      ...made(facets, { ...EMPTY_SCOPE, lists: [list] }),
      softScope: { ...EMPTY_SCOPE, lists: [{ ...list, filtered: { price: true, stock: true, prices } }] },
      refreshWithinMs: FACETS_STALE_MS,
      ...(follows ? { follow } : {}),
    };
  }

  /** The filter, naming its category when its ids are exactly one category and its descendants (the shop's usual call). */
  private async withSubtree(filter: Filter): Promise<ProductFilter> {
    if (filter.categoryIds === undefined) return filter;
    const root = subtreeRoot((await this.categories()).value, filter.categoryIds);
    return root === undefined ? filter : { ...filter, subtree: root };
  }

  /** One product with its variants (D25), or undefined. */
  async product(id: string): Promise<Made<ProductRecord | undefined>> {
    const product = (await this.repository.findProducts([id], { variants: true })).get(id);
    return made(product, { ...EMPTY_SCOPE, products: [id] });
  }

  /** The products a product's page suggests (related-products.ts), or undefined for an unknown product. */
  related(id: string): Promise<Made<ProductRecord[] | undefined>> {
    return relatedProducts(this.db, this.repository, () => this.categories(), id);
  }

  /**
   * Every category: kept (every rendered page's layout reads them) for as long as the categories
   * stay, and handed out as the same objects each time (never to be changed by whoever reads them).
   */
  async categories(): Promise<Made<Category[]>> {
    const scope = { ...EMPTY_SCOPE, categories: true };
    const categories = await this.cache.remember('records:categories', async () => {
      const records = await this.repository.categories();
      return { value: records, scope, bytes: records.reduce((sum, record) => sum + 64 + record.categoryName.length * 2, 0) };
    });
    return made(categories, scope);
  }

  /** What a product's picture is drawn from, or undefined when it has no such picture. */
  async imageSource(productId: string, position: number): Promise<Made<{ name: string; categoryId: number } | undefined>> {
    return made(await this.repository.imageSource(productId, position), { ...EMPTY_SCOPE, products: [productId] });
  }
}

/** A value and its scope. Records are not kept as they are: what keeps something made of them sets its cost. */
function made<T>(value: T, scope: AnswerScope): Made<T> {
  return { value, scope, bytes: 0 };
}

function listScope(filter: ProductFilter, order: Pick<ListScope, 'sort' | 'searched'>): ListScope {
  const filters = filter.filters;
  return {
    ...(filter.categoryIds === undefined ? {} : { categoryIds: filter.categoryIds }),
    ...(filter.collection === undefined ? {} : { collection: filter.collection }),
    ...order,
    ...(filters === undefined
      ? {}
      : {
          filtered: {
            price: filters.minPrice !== undefined || filters.maxPrice !== undefined,
            stock: filters.inStock === true || filters.options !== undefined,
            prices: {
              range: {
                ...(filters.minPrice === undefined ? {} : { min: filters.minPrice }),
                ...(filters.maxPrice === undefined ? {} : { max: filters.maxPrice }),
              },
              ...(filters.options === undefined ? {} : { options: true as const }),
            },
          },
        }),
  };
}

/**
 * A value made from a list (a page, a count): what it shows and how the list is ordered touch it
 * at once; which products its filters (D25) let through, within FILTERED_LIST_STALE_MS, or
 * followed (`follow`) when it can be.
 */
function filteredList<T>(value: T, products: readonly string[], list: ListScope, follow?: Made<T>['follow']): Made<T> {
  const { filtered, ...unfiltered } = list;
  if (filtered === undefined) return made(value, { ...EMPTY_SCOPE, products, lists: [list] });
  return {
    ...made(value, { ...EMPTY_SCOPE, products, lists: [unfiltered] }),
    softScope: { ...EMPTY_SCOPE, lists: [list] },
    refreshWithinMs: FILTERED_LIST_STALE_MS,
    ...(follow ? { follow } : {}),
  };
}

/**
 * A filter as answers know it: `[112, 111, 112]` and `[111, 112]` are one filter, with one short
 * key (a large category's list is hundreds of ids, too long for every answer's cache key), as
 * are the same D25 filters however they were sent (catalog-filters.ts's listFiltersOf).
 */
export function filterOf(
  sentCategoryIds: readonly number[] | undefined,
  collection: Collection | undefined,
  filters?: ListFilters,
): Filter {
  const ids = sentCategoryIds === undefined ? undefined : [...new Set(sentCategoryIds)].sort((a, b) => a - b);
  const idsKey = ids === undefined ? '*' : shortHash(ids.join(','));
  return {
    ...(ids ? { categoryIds: ids } : {}),
    ...(collection ? { collection } : {}),
    ...(filters ? { filters } : {}),
    key: `${collection ?? '*'}:${idsKey}${filters ? `:${shortHash(filters.key)}` : ''}`,
  };
}

const shortHash = (text: string) => createHash('sha256').update(text).digest('base64url').slice(0, 22);

/**
 * A page as the engine reads it (D18): the search text as its words (queries that search the
 * same words share one answer: "Kulak" and "kulak "), relevance first when there are words, else
 * the listing order.
 */
export function listQueryOf(q: string | undefined, sort: ProductSort | undefined, offset: number, limit: number | undefined): ListQuery {
  const words = searchWords(q ?? null);
  return { words, sort: sort ?? (words.length > 0 ? 'relevance' : 'name'), offset, ...(limit === undefined ? {} : { limit }) };
}

/** A category list's parent of each category, worked out once per list. */
const parentsOfList = new WeakMap<readonly Category[], Map<number, number | null>>();

/**
 * The category whose subtree `ids` are exactly (itself and every descendant), or undefined: the
 * one id whose parent is not among them, and its descendants are the ids, no more, no fewer.
 */
export function subtreeRoot(categories: readonly Category[], ids: readonly number[]): number | undefined {
  let parents = parentsOfList.get(categories);
  if (!parents) {
    parents = new Map(categories.map((category) => [category.categoryId, category.parentCategoryId]));
    parentsOfList.set(categories, parents);
  }
  const wanted = new Set(ids);
  let root: number | undefined;
  for (const id of wanted) {
    if (!parents.has(id)) return undefined;
    const parent = parents.get(id);
    if (parent === null || parent === undefined || !wanted.has(parent)) {
      if (root !== undefined) return undefined;
      root = id;
    }
  }
  if (root === undefined) return undefined;
  const subtree = descendantIds(categories, root);
  return subtree.length === wanted.size && subtree.every((id) => wanted.has(id)) ? root : undefined;
}
