import { compareForListing, type ProductPage, type ProductQuery, ProductSearchIndex } from '../../../src/domain/product-search';
import { RecentlyUsed } from '../recently-used';
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

export interface CategoryRecord {
  categoryId: number;
  name: string;
  parentCategoryId: number | null;
}

export interface ProductFilter {
  /** Products linked to any of exactly these categories (descendants are the client's job). */
  categoryIds?: readonly number[];
  collection?: Collection;
}

/** The catalogue tables as read in one transaction (catalog-repository.ts). */
export interface CatalogRows {
  /** `catalog_version.version`: bumped by every statement that changes a catalogue table. */
  version: string;
  products: ProductRecord[];
  categories: CategoryRecord[];
  links: Array<{ productId: string; categoryId: number }>;
  memberships: Array<{ productId: string; collection: string }>;
}

/**
 * How many derived values (answers) one version keeps; the least recently used go first. Room
 * for every product and picture of the demo (about 650) with the lists and searches besides;
 * a search page holds at most 100 products, so the bound also bounds memory.
 */
const MAX_DERIVED = 2048;

/**
 * One version of the catalogue, in memory and immutable: the reads the routes need, answered
 * without the database, and a cache of what is derived from it (serialised answers), which
 * lives exactly as long as the version.
 */
export class CatalogSnapshot {
  readonly version: string;
  readonly categories: readonly CategoryRecord[];
  /** By name (Turkish collation), then id: the order every listing keeps (compareForListing). */
  private readonly products: readonly ProductRecord[];
  private readonly byId: ReadonlyMap<string, ProductRecord>;
  private readonly categoryIdsOf: ReadonlyMap<string, readonly number[]>;
  private readonly membersOf: ReadonlyMap<string, ReadonlySet<string>>;
  private readonly derived = new RecentlyUsed<string, unknown>(MAX_DERIVED);
  private index: ProductSearchIndex<ProductRecord> | undefined;

  constructor(rows: CatalogRows) {
    this.version = rows.version;
    this.categories = [...rows.categories].sort((a, b) => a.categoryId - b.categoryId);
    this.products = [...rows.products].sort(compareForListing);
    this.byId = new Map(this.products.map((product) => [product.id, product]));
    const categoryIdsOf = new Map<string, number[]>();
    for (const { productId, categoryId } of rows.links) categoryIdsOf.set(productId, [...(categoryIdsOf.get(productId) ?? []), categoryId]);
    for (const ids of categoryIdsOf.values()) ids.sort((a, b) => a - b);
    this.categoryIdsOf = categoryIdsOf;
    const membersOf = new Map<string, Set<string>>();
    for (const { productId, collection } of rows.memberships) {
      const members = membersOf.get(collection) ?? new Set<string>();
      members.add(productId);
      membersOf.set(collection, members);
    }
    this.membersOf = membersOf;
  }

  /** Products matching every filter given, in listing order. */
  listProducts(filter: ProductFilter): ProductRecord[] {
    const wanted = filter.categoryIds ? new Set(filter.categoryIds) : undefined;
    const members = filter.collection ? (this.membersOf.get(filter.collection) ?? new Set<string>()) : undefined;
    return this.products.filter(
      (product) =>
        (!wanted || (this.categoryIdsOf.get(product.id) ?? []).some((id) => wanted.has(id))) && (!members || members.has(product.id)),
    );
  }

  /**
   * Search, sort and page (D18) over the products matching `filter`: the shop's own rules
   * (src/domain/product-search.ts), on an index built at the first search of this version.
   */
  searchProducts(filter: ProductFilter, query: ProductQuery): ProductPage<ProductRecord> {
    this.index ??= new ProductSearchIndex(this.products);
    if (filter.categoryIds === undefined && filter.collection === undefined) return this.index.query(query);
    // The pages, sorts and searches of one category share its product list.
    const candidates = this.derive(`filter:${filter.collection ?? '*'}:${filter.categoryIds?.join(',') ?? '*'}`, () =>
      this.listProducts(filter),
    );
    return this.index.query(query, candidates);
  }

  findProduct(id: string): ProductRecord | undefined {
    return this.byId.get(id);
  }

  /** What an image needs to be drawn, or undefined when the product has no such image. */
  findImageSource(productId: string, position: number): { name: string; categoryId: number } | undefined {
    const product = this.byId.get(productId);
    if (!product?.imagePositions.includes(position)) return undefined;
    return { name: product.name, categoryId: this.categoryIdsOf.get(productId)?.[0] ?? 0 };
  }

  /**
   * A value computed from this version once and kept while it is current (at most
   * MAX_DERIVED of them; a key the caller's input chooses cannot grow memory without bound).
   */
  derive<T>(key: string, make: () => T): T {
    const kept = this.derived.get(key);
    if (kept !== undefined) return kept as T;
    const value = make();
    this.derived.set(key, value);
    return value;
  }
}
