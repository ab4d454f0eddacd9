import { setImmediate as nextTurn } from 'node:timers/promises';
import type { Category } from '../../../src/domain/category';
import type { ProductPage, ProductSort } from '../../../src/domain/product-search';
import type { Db } from '../db/types';
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
}

// Images are aggregated in the same query (no query per product). price::float8 (and the creation
// time as epoch milliseconds) so both drivers hand back a JS number.
const PRODUCT_SELECT = `
  SELECT p.id, p.name, p.description, p.price::float8 AS price,
         (extract(epoch FROM p.created_at) * 1000)::float8 AS created_at_ms,
         (SELECT array_agg(i.url ORDER BY i.position) FROM product_images i WHERE i.product_id = p.id) AS images,
         (SELECT array_agg(i.position ORDER BY i.position) FROM product_images i WHERE i.product_id = p.id) AS image_positions
  FROM products p`;

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
 * engine"); the same class style as the account store (account-store.ts).
 */
export class CatalogRepository {
  constructor(private readonly db: Db) {}

  /**
   * Products as the database holds them now, by id, in one query: what an order is priced from,
   * inside the order's own transaction, and what a page of ids is filled with. Unknown ids are
   * simply absent.
   */
  async findProducts(ids: readonly string[]): Promise<Map<string, ProductRecord>> {
    if (ids.length === 0) return new Map();
    const { rows } = await this.db.query<ProductRow>(`${PRODUCT_SELECT} WHERE p.id = ANY($1::text[])`, [ids]);
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
    const ids = listedInOrder(filter, query) ? await this.listedPage(filter.subtree!, query) : await this.matchingPage(filter, query);
    const found = inTurns ? await this.findProductsInTurns(ids) : await this.findProducts(ids);
    return ids.flatMap((id) => found.get(id) ?? []);
  }

  /** A page of a category and its descendants in listing order: one range of `product_listing_order_idx`. */
  private async listedPage(category: number, query: ListQuery): Promise<string[]> {
    const params: unknown[] = [category];
    const limit = query.limit === undefined ? '' : ` LIMIT $${params.push(query.limit)}`;
    const offset = query.offset > 0 ? ` OFFSET $${params.push(query.offset)}` : '';
    const { rows } = await this.db.query<{ id: string }>(
      `SELECT l.product_id AS id FROM product_listing l WHERE l.ancestor_id = $1 ORDER BY l.name_key, l.product_id${limit}${offset}`,
      params,
    );
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
      const { rows } = await this.db.query<{ count: number }>('SELECT count(*)::int AS count FROM product_listing WHERE ancestor_id = $1', [
        filter.subtree,
      ]);
      return rows[0]?.count ?? 0;
    }
    const where = new Where(filter, words);
    const { rows } = await this.db.query<{ count: number }>(`SELECT count(*)::int AS count FROM products p${where.sql()}`, where.params);
    return rows[0]?.count ?? 0;
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
  private readonly conditions: string[] = [];

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
  }

  /** A placeholder for `value`. */
  param(value: unknown): string {
    this.params.push(value);
    return `$${this.params.length}`;
  }

  /**
   * Every word as the start of a word (`word:*`, all of them). The words are normalised search
   * words (letters and digits only, src/domain/product-search.ts), so none holds query syntax.
   */
  prefixQuery(words: readonly string[]): string {
    return `to_tsquery('simple', ${this.param(words.map((word) => `${word}:*`).join(' & '))})`;
  }

  sql(): string {
    return this.conditions.length > 0 ? ` WHERE ${this.conditions.join(' AND ')}` : '';
  }
}

function toRecord(row: ProductRow): ProductRecord {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    price: row.price === null ? null : Number(row.price),
    images: row.images ?? [],
    imagePositions: row.image_positions ?? [],
    createdAt: Number(row.created_at_ms),
  };
}

/** A page of records, as the routes and the rendered pages take it. */
export type RecordPage = ProductPage<ProductRecord>;
