import { setImmediate as nextTurn } from 'node:timers/promises';
import type { Category } from '@shop/core/domain/category';
import type { ProductSort, SearchPage } from '@shop/core/domain/product-search';
import type { ProductFacets } from '@shop/core/ports/catalog-gateway';
import type { Db } from '../db/types';
import { type CatalogChange, priceSteps } from './catalog-change';
import {
  filterConditions,
  followListedFacets,
  followListedPage,
  type ListFilters,
  listedFilterConditions,
  readFacets,
  readListedFacets,
} from './catalog-filters';
import type { Collection } from './collection';

export interface ProductRecord {
  id: string;
  name: string;
  description: string | null;
  price: number | null;
  /** Image URL paths in order (position 1 first). */
  images: string[];
  /** The stored position of each image, in the same order. */
  imagePositions: number[];
  /** When the product joined the catalogue, epoch milliseconds (`newest`, D18). */
  createdAt: number;
  /** Units that can be bought now (D25: its own, or its variants' sum); null: not tracked. */
  stock: number | null;
  /** Its options in display order (D25); empty without variants. */
  options: OptionRecord[];
  /** Its variants in display order (D25): only when read with them (findProducts' `variants`), else undefined. */
  variants?: VariantRecord[];
}

export interface OptionRecord {
  name: string;
  values: string[];
}

export interface VariantRecord {
  id: string;
  /** One value per option, in option order. */
  options: string[];
  price: number | null;
  stock: number;
  /** Its own pictures' URL paths (of the product's, first shown first); null: the product's. */
  images: string[] | null;
}

/** What findProducts reads besides the list fields. */
export interface FindOptions {
  /** Each product's variants too (a product's own answer; lists leave them out). */
  variants?: boolean;
}

export interface ProductFilter {
  /** Products linked to any of exactly these categories (descendants are the client's job). */
  categoryIds?: readonly number[];
  /**
   * When `categoryIds` are exactly one category and all its descendants (as the shop sends
   * them): that category, whose products `product_listing` holds in listing order.
   */
  subtree?: number;
  collection?: Collection;
  /** Price, stock and option filters (D25, catalog-filters.ts). */
  filters?: ListFilters;
}

/** A page of a list as the API asks for it, already normalised: search words (D18), the sort, the page. */
export interface ListQuery {
  words: readonly string[];
  sort: ProductSort;
  offset: number;
  /** Without it, every match from `offset` on. */
  limit?: number;
}

interface ProductRow {
  id: string;
  name: string;
  description: string | null;
  price: number | string | null;
  images: string[] | null;
  image_positions: number[] | null;
  created_at_ms: number | string;
  stock: number | null;
  options: OptionRecord[] | null;
  variants?: Array<{ id: string; options: string[]; price: number | null; stock: number; image_positions: number[] | null }> | null;
}

// Images, options (and variants) are aggregated in the same query (no query per product).
// price::float8 (and the creation time as epoch milliseconds) so both drivers hand back a JS
// number; options and variants as JSON, which both drivers parse.
const productSelect = (variants: boolean) => `
  SELECT p.id, p.name, p.description, p.price::float8 AS price, p.stock,
         (extract(epoch FROM p.created_at) * 1000)::float8 AS created_at_ms,
         (SELECT array_agg(i.url ORDER BY i.position) FROM product_images i WHERE i.product_id = p.id) AS images,
         (SELECT array_agg(i.position ORDER BY i.position) FROM product_images i WHERE i.product_id = p.id) AS image_positions,
         (SELECT json_agg(json_build_object('name', o.name, 'values', o.option_values) ORDER BY o.position)
            FROM product_options o WHERE o.product_id = p.id) AS options${
              variants
                ? `,
         (SELECT json_agg(json_build_object('id', v.id, 'options', v.option_values, 'price', v.price::float8, 'stock', v.stock,
                                            'image_positions', v.image_positions) ORDER BY v.position)
            FROM product_variants v WHERE v.product_id = p.id) AS variants`
                : ''
            }
  FROM products p`;
const PRODUCT_SELECT = productSelect(false);
const PRODUCT_WITH_VARIANTS_SELECT = productSelect(true);

/** Products read per turn of an unpaged list (findProductsInTurns). */
const PRODUCTS_PER_TURN = 25;

/** The listing order (migration 130_catalog_engine's name_key: Turkish collation), then id: every sort's last words. */
const LISTING = 'p.name_key, p.id';
const ORDER_BY: Record<Exclude<ProductSort, 'relevance'>, string> = {
  name: LISTING,
  'price-asc': `p.price ASC NULLS LAST, ${LISTING}`,
  'price-desc': `p.price DESC NULLS LAST, ${LISTING}`,
  newest: `p.created_at DESC, ${LISTING}`,
};

/**
 * The catalogue's reads from the database, as indexed SQL (docs/architecture.md, "The catalogue
 * engine"); the same class style as the account repository (account-repository.ts).
 */
export class CatalogRepository {
  constructor(private readonly db: Db) {}

  /**
   * Products as the database holds them now, by id, in one query: what an order is priced from,
   * inside the order's own transaction, and what a page of ids is filled with; with their
   * variants when asked (D25). Unknown ids are simply absent.
   */
  async findProducts(ids: readonly string[], options: FindOptions = {}): Promise<Map<string, ProductRecord>> {
    if (ids.length === 0) return new Map();
    const select = options.variants ? PRODUCT_WITH_VARIANTS_SELECT : PRODUCT_SELECT;
    const { rows } = await this.db.query<ProductRow>(`${select} WHERE p.id = ANY($1::text[])`, [ids]);
    return new Map(rows.map((row) => [row.id, toRecord(row)]));
  }

  /**
   * findProducts for an unpaged list (SPEC's call, which anyone may ask for any category set):
   * in slices, each on a turn of the event loop of its own, so that on PGlite, whose queries run
   * on the event loop, other requests are read in between (issue 34).
   */
  async findProductsInTurns(ids: readonly string[]): Promise<Map<string, ProductRecord>> {
    const found = new Map<string, ProductRecord>();
    for (let start = 0; start < ids.length; start += PRODUCTS_PER_TURN) {
      if (start > 0) await nextTurn();
      for (const [id, record] of await this.findProducts(ids.slice(start, start + PRODUCTS_PER_TURN))) found.set(id, record);
    }
    return found;
  }

  /** The products of `filter` matching every word, in the query's order, the page asked for. */
  async listPage(filter: ProductFilter, query: ListQuery, inTurns = false): Promise<ProductRecord[]> {
    const ids = listedInOrder(filter, query)
      ? await this.listedPage(filter.subtree!, query, filter.filters)
      : await this.matchingPage(filter, query);
    const found = inTurns ? await this.findProductsInTurns(ids) : await this.findProducts(ids);
    return ids.flatMap((id) => found.get(id) ?? []);
  }

  /**
   * A page of a category and its descendants in listing order: one range of `product_listing_order_idx`;
   * with filters, walked in that order until the page is full.
   */
  private async listedPage(category: number, query: ListQuery, filters?: ListFilters): Promise<string[]> {
    const params: unknown[] = [category];
    const param = (value: unknown) => `$${params.push(value)}`;
    // D25 filters on the listing rows themselves (migration 171: each carries its product's price, stock and option values).
    const conditions = filters ? listedFilterConditions(filters, param) : [];
    const limit = query.limit === undefined ? '' : ` LIMIT ${param(query.limit)}`;
    const offset = query.offset > 0 ? ` OFFSET ${param(query.offset)}` : '';
    const sql = `SELECT l.product_id AS id FROM product_listing l WHERE ${['l.ancestor_id = $1', ...conditions].join(' AND ')}
      ORDER BY l.name_key, l.product_id${limit}${offset}`;
    const { rows } = await this.db.query<{ id: string }>(sql, params);
    return rows.map((row) => row.id);
  }

  private async matchingPage(filter: ProductFilter, query: ListQuery): Promise<string[]> {
    const where = new Where(filter, query.words);
    const order =
      query.sort === 'relevance' && query.words.length > 0
        ? `${query.words.map((word) => `(p.name_words @@ ${where.prefixQuery([word])})::int`).join(' + ')} DESC, ${LISTING}`
        : ORDER_BY[query.sort === 'relevance' ? 'name' : query.sort];
    const limit = query.limit === undefined ? '' : ` LIMIT ${where.param(query.limit)}`;
    const offset = query.offset > 0 ? ` OFFSET ${where.param(query.offset)}` : '';
    const { rows } = await this.db.query<{ id: string }>(
      `SELECT p.id FROM products p${where.sql()} ORDER BY ${order}${limit}${offset}`,
      where.params,
    );
    return rows.map((row) => row.id);
  }

  /** How many products of `filter` match every word. */
  async count(filter: ProductFilter, words: readonly string[]): Promise<number> {
    if (filter.subtree !== undefined && filter.collection === undefined && words.length === 0) {
      // A category with its descendants: its listing rows, filtered by what they carry of their products (migration 171).
      const params: unknown[] = [filter.subtree];
      const conditions = filter.filters ? listedFilterConditions(filter.filters, (value) => `$${params.push(value)}`) : [];
      const { rows } = await this.db.query<{ count: number }>(
        `SELECT count(*)::int AS count FROM product_listing l WHERE ${['l.ancestor_id = $1', ...conditions].join(' AND ')}`,
        params,
      );
      return rows[0]?.count ?? 0;
    }
    const where = new Where(filter, words);
    const { rows } = await this.db.query<{ count: number }>(`SELECT count(*)::int AS count FROM products p${where.sql()}`, where.params);
    return rows[0]?.count ?? 0;
  }

  /** The filter panel's counts over the products of `filter` matching every word (D25, catalog-filters.ts). */
  async facets(filter: ProductFilter, words: readonly string[]): Promise<ProductFacets> {
    const { filters, subtree, ...list } = filter;
    if (subtree === undefined) {
      const where = new Where(list, words);
      return readFacets(this.db, { from: 'products p', conditions: where.conditions, params: where.params }, filters);
    }
    // A category and its descendants, nothing else: its listing rows carry what the counts read (migration 171).
    if (list.collection === undefined && words.length === 0) return readListedFacets(this.db, subtree, filters);
    // A category and its descendants: its products are one range of product_listing, in product order.
    const { categoryIds: _categoryIds, ...rest } = list;
    const where = new Where(rest, words);
    const conditions = [`l.ancestor_id = ${where.param(subtree)}`, ...where.conditions];
    return readFacets(
      this.db,
      { from: 'product_listing l JOIN products p ON p.id = l.product_id', conditions, params: where.params },
      filters,
    );
  }

  /** Whether the counts of `filter` matching every word can follow price changes (followFacets): a category's, nothing else. */
  followsFacets(filter: ProductFilter, words: readonly string[]): boolean {
    return filter.subtree !== undefined && filter.collection === undefined && words.length === 0;
  }

  /**
   * The counts of `filter` (followsFacets) after these changes, made from `kept` (its counts before
   * them) without counting again (catalog-filters.ts's followListedFacets); undefined when they
   * cannot be: a change of anything but prices, too many products, a price span's end moving inward.
   */
  async followFacets(filter: ProductFilter, kept: ProductFacets, changes: readonly CatalogChange[]): Promise<ProductFacets | undefined> {
    const steps = priceSteps(changes);
    if (steps === undefined || !this.followsFacets(filter, [])) return undefined;
    return followListedFacets(this.db, filter.subtree!, filter.filters, kept, steps);
  }

  /**
   * Whether a page of `filter` can follow price changes (followPage): a category's products in
   * listing order, filtered by price (a price change crossing no filter's range changes no other page).
   */
  followsPage(filter: ProductFilter, query: ListQuery): boolean {
    const filters = filter.filters;
    return listedInOrder(filter, query) && filters !== undefined && (filters.minPrice !== undefined || filters.maxPrice !== undefined);
  }

  /**
   * The page of `filter` and `query` (followsPage) after these changes, made from `kept` (the page
   * before them) without reading it again (catalog-filters.ts's followListedPage); undefined when
   * it cannot be: a change of anything but prices, too many products, one sorting into the page.
   */
  async followPage(
    filter: ProductFilter,
    query: ListQuery,
    kept: RecordPage,
    changes: readonly CatalogChange[],
  ): Promise<RecordPage | undefined> {
    const steps = priceSteps(changes);
    if (steps === undefined || !this.followsPage(filter, query)) return undefined;
    const ids = kept.items.map((item) => item.id);
    const full = query.limit !== undefined && ids.length === query.limit;
    const total = await followListedPage(this.db, filter.subtree!, filter.filters!, { ids, full, total: kept.total }, steps);
    return total === undefined ? undefined : { items: kept.items, total };
  }

  /** Every category, by id. */
  async categories(): Promise<Category[]> {
    const { rows } = await this.db.query<{ category_id: number; name: string; parent_category_id: number | null }>(
      'SELECT category_id, name, parent_category_id FROM categories ORDER BY category_id',
    );
    return rows.map((row) => ({ categoryId: row.category_id, categoryName: row.name, parentCategoryId: row.parent_category_id }));
  }

  /** What a product's picture is drawn from (its name and first category), or undefined when it has no such picture. */
  async imageSource(productId: string, position: number): Promise<{ name: string; categoryId: number } | undefined> {
    const { rows } = await this.db.query<{ name: string; category_id: number | null }>(
      `SELECT p.name, (SELECT min(c.category_id) FROM product_categories c WHERE c.product_id = p.id) AS category_id
       FROM products p
       WHERE p.id = $1 AND EXISTS (SELECT 1 FROM product_images i WHERE i.product_id = p.id AND i.position = $2)`,
      [productId, position],
    );
    const row = rows[0];
    return row ? { name: row.name, categoryId: row.category_id ?? 0 } : undefined;
  }
}

/** Whether a page is a category's (and its descendants') products in listing order, nothing else. */
function listedInOrder(filter: ProductFilter, query: ListQuery): boolean {
  return (
    filter.subtree !== undefined &&
    filter.collection === undefined &&
    query.words.length === 0 &&
    (query.sort === 'name' || query.sort === 'relevance')
  );
}

/** A WHERE clause for a filter and search words, with its parameters. */
class Where {
  readonly params: unknown[] = [];
  readonly conditions: string[] = [];

  constructor(filter: ProductFilter, words: readonly string[]) {
    if (filter.subtree !== undefined) {
      this.conditions.push(`p.id IN (SELECT l.product_id FROM product_listing l WHERE l.ancestor_id = ${this.param(filter.subtree)})`);
    } else if (filter.categoryIds !== undefined) {
      this.conditions.push(
        `p.id IN (SELECT c.product_id FROM product_categories c WHERE c.category_id = ANY(${this.param(filter.categoryIds)}::int[]))`,
      );
    }
    if (filter.collection !== undefined) {
      this.conditions.push(
        `p.id IN (SELECT c.product_id FROM product_collections c WHERE c.collection = ${this.param(filter.collection)})`,
      );
    }
    if (words.length > 0) this.conditions.push(`p.search_words @@ ${this.prefixQuery(words)}`);
    if (filter.filters) this.conditions.push(...filterConditions(filter.filters, (value) => this.param(value)));
  }

  /** A placeholder for `value`. */
  param(value: unknown): string {
    this.params.push(value);
    return `$${this.params.length}`;
  }

  /**
   * Every word as the start of a word (`word:*`, all of them). The words are normalised search
   * words (letters and digits only, core/domain/product-search.ts), so none holds query syntax.
   */
  prefixQuery(words: readonly string[]): string {
    return `to_tsquery('simple', ${this.param(words.map((word) => `${word}:*`).join(' & '))})`;
  }

  sql(): string {
    return this.conditions.length > 0 ? ` WHERE ${this.conditions.join(' AND ')}` : '';
  }
}

function toRecord(row: ProductRow): ProductRecord {
  const images = row.images ?? [];
  const imagePositions = row.image_positions ?? [];
  const record: ProductRecord = {
    id: row.id,
    name: row.name,
    description: row.description,
    price: row.price === null ? null : Number(row.price),
    images,
    imagePositions,
    createdAt: Number(row.created_at_ms),
    stock: row.stock,
    options: row.options ?? [],
  };
  if (row.variants !== undefined) {
    // A variant's pictures are positions of the product's; a position it no longer has is skipped.
    const urlAt = new Map(imagePositions.map((position, index) => [position, images[index]!]));
    record.variants = (row.variants ?? []).map((variant) => ({
      id: variant.id,
      options: variant.options,
      price: variant.price,
      stock: variant.stock,
      images: variant.image_positions === null ? null : variant.image_positions.flatMap((position) => urlAt.get(position) ?? []),
    }));
  }
  return record;
}

/** A page of records, as the routes and the rendered pages take it. */
export type RecordPage = SearchPage<ProductRecord>;
