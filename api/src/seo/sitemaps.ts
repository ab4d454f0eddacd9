import type { Db } from '../db/types';
import type { CatalogCache, Made } from '../catalog/catalog-cache';
import { type AnswerScope, EMPTY_SCOPE } from '../catalog/catalog-change';
import { PreparedAnswer } from '@shop/core/node/prepared-answer';

/** The most URLs one sitemap may name (sitemaps.org). */
export const SITEMAP_MAX_URLS = 50_000;

/** How many ids one query reads while a page is written (a page is never read whole at once). */
const READ_BATCH = 5_000;

/** The two kinds of sitemap page: product pages, and the home page with the category lists. */
export type SitemapKind = 'products' | 'categories';

export const XML = 'application/xml; charset=utf-8';

const SITEMAP_NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';

/** A product page's address changes only when products come or go: any change of membership (catalog-change.ts). */
const PRODUCTS_SCOPE: AnswerScope = { ...EMPTY_SCOPE, lists: [{ searched: false }] };
const CATEGORIES_SCOPE: AnswerScope = { ...EMPTY_SCOPE, categories: true };
const INDEX_SCOPE: AnswerScope = { ...PRODUCTS_SCOPE, categories: true };

/** The paths the categories' pages name before the categories themselves: the home page and the list of all products. */
const LEADING_PATHS = ['/', '/productlist/'] as const;

/** Where each kind's ids are read: constant SQL names, never input. */
const SOURCES = {
  products: { table: 'products', column: 'id', path: (id: string) => `/product/${id}` },
  categories: { table: 'categories', column: 'category_id', path: (id: string) => `/productlist/${id}` },
} as const;

/**
 * The shop's sitemaps (D25): an index (`/sitemap.xml`) naming pages of at most `pageSize` URLs,
 * `/sitemap/products-<n>.xml` (product pages) and `/sitemap/categories-<n>.xml` (the home page,
 * all products and each category's list; one page unless the shop has more categories than a
 * page holds). Ids are read by SQL in id order, a page at a time and in batches (keyset), never
 * the whole catalogue; where each page starts is worked out once per catalogue change. Every
 * answer is kept in the catalogue's cache (compressed on demand, with an ETag) until a change
 * touches it: products coming or going, or the categories. The catalogue keeps no modification
 * time, so no URL carries a `lastmod`.
 */
export class Sitemaps {
  constructor(
    private readonly db: Db,
    private readonly cache: CatalogCache,
    /** The shop's address (PUBLIC_URL, no trailing slash). */
    private readonly origin: string,
    private readonly pageSize = SITEMAP_MAX_URLS,
  ) {
    if (!Number.isInteger(pageSize) || pageSize < LEADING_PATHS.length || pageSize > SITEMAP_MAX_URLS) {
      throw new RangeError(`A sitemap page holds ${LEADING_PATHS.length} to ${SITEMAP_MAX_URLS} URLs`);
    }
  }

  /** The sitemap index. */
  index(): Promise<PreparedAnswer> {
    return this.cache.remember('sitemap:index', async () => {
      const [products, categories] = await Promise.all([this.starts('products'), this.starts('categories')]);
      const pages = [
        ...categories.map((_, index) => `/sitemap/categories-${index + 1}.xml`),
        ...products.map((_, index) => `/sitemap/products-${index + 1}.xml`),
      ];
      const entries = pages.map((path) => `<sitemap><loc>${this.loc(path)}</loc></sitemap>`);
      return prepared(`<sitemapindex xmlns="${SITEMAP_NS}">\n${entries.join('\n')}\n</sitemapindex>`, INDEX_SCOPE);
    });
  }

  /** Page `page` (from 1) of `kind`; undefined when there is no such page. */
  async page(kind: SitemapKind, page: number): Promise<PreparedAnswer | undefined> {
    const starts = await this.starts(kind);
    const start = starts[page - 1];
    if (start === undefined) return undefined;
    return this.cache.remember(`sitemap:${kind}:${page}`, async () => {
      const leading = start === FROM_START ? LEADING_PATHS : [];
      const ids = await this.readIds(kind, start, this.pageSize - leading.length);
      const paths = [...leading, ...ids.map(SOURCES[kind].path)];
      const entries = paths.map((path) => `<url><loc>${this.loc(path)}</loc></url>`);
      return prepared(
        `<urlset xmlns="${SITEMAP_NS}">\n${entries.join('\n')}\n</urlset>`,
        kind === 'products' ? PRODUCTS_SCOPE : CATEGORIES_SCOPE,
      );
    });
  }

  /**
   * Where each page of `kind` starts, in order: the id of its first row (one scan of the ids' index:
   * row numbers, every `pageSize`-th kept). The first categories' page starts with the leading
   * paths, then the first categories (FROM_START), so the others start that many rows earlier.
   */
  private starts(kind: SitemapKind): Promise<string[]> {
    return this.cache.remember(`sitemap:starts:${kind}`, async () => {
      const lead = kind === 'categories' ? LEADING_PATHS.length : 0;
      const { table, column } = SOURCES[kind];
      const { rows } = await this.db.query<{ id: string }>(
        `SELECT id::text AS id FROM (SELECT ${column} AS id, row_number() OVER (ORDER BY ${column}) AS n FROM ${table}) AS numbered
         WHERE (n + $2 - 1) % $1 = 0 ORDER BY n`,
        [this.pageSize, lead],
      );
      const starts = rows.map((row) => row.id);
      if (kind === 'categories') starts.unshift(FROM_START);
      return { value: starts, scope: kind === 'products' ? PRODUCTS_SCOPE : CATEGORIES_SCOPE, bytes: 64 + starts.length * 64 };
    });
  }

  /** Up to `count` ids of `kind` from `start` on (from the first with FROM_START), in id order, read in batches (keyset). */
  private async readIds(kind: SitemapKind, start: string, count: number): Promise<string[]> {
    const { table, column } = SOURCES[kind];
    const type = kind === 'products' ? 'text' : 'integer';
    const ids: string[] = [];
    // The first batch from `start` itself, each next one after the last id read.
    let bound = start === FROM_START ? 'true' : `${column} >= $1::${type}`;
    let from: string | undefined = start === FROM_START ? undefined : start;
    while (ids.length < count) {
      const limit = Math.min(READ_BATCH, count - ids.length);
      const { rows } = await this.db.query<{ id: string }>(
        `SELECT ${column}::text AS id FROM ${table} WHERE ${bound} ORDER BY ${column} LIMIT ${from === undefined ? '$1' : '$2'}`,
        from === undefined ? [limit] : [from, limit],
      );
      ids.push(...rows.map((row) => row.id));
      if (rows.length < limit) break;
      bound = `${column} > $1::${type}`;
      from = rows.at(-1)?.id;
    }
    return ids;
  }

  /** `path` on the shop's address, escaped for XML. */
  private loc(path: string): string {
    return escapeXml(`${this.origin}${path}`);
  }
}

/** Where the first categories' page starts: before the first category. */
const FROM_START = '';

function prepared(body: string, scope: AnswerScope): Made<PreparedAnswer> {
  const answer = new PreparedAnswer(Buffer.from(`<?xml version="1.0" encoding="UTF-8"?>\n${body}\n`), XML);
  return { value: answer, scope, bytes: answer.body.length * 2 };
}

/** Text for XML content: the five characters XML reserves as entities. */
export function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => XML_ENTITIES[char] ?? char);
}

const XML_ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };
