import type { ProductSort } from '../../../src/domain/product-search';
import type { Collection } from './collection';

/**
 * What a product's change touched (migration 130_catalog_engine's notifications, and
 * 151_variant_notifications's for D25: its stock, its options, its variants).
 */
export type ChangedField = 'price' | 'text' | 'created' | 'images' | 'membership' | 'stock' | 'options' | 'variants';

/** One committed change to the catalogue, as its notification names it. */
export type CatalogChange =
  | { kind: 'all' }
  | { kind: 'categories' }
  | {
      kind: 'products';
      products: ReadonlySet<string>;
      fields: ReadonlySet<ChangedField>;
      /** The categories and collections the products were or are in. */
      categories: ReadonlySet<number>;
      collections: ReadonlySet<string>;
    };

/** A list of products an answer is drawn from: a filter, the order it is read in, and whether it is searched. */
export interface ListScope {
  /** Undefined: any category. */
  categoryIds?: readonly number[];
  collection?: Collection;
  /** Undefined: only how many there are (X-Total-Count), not their order. */
  sort?: ProductSort;
  searched: boolean;
  /**
   * What else decides which products it holds (D25): prices (a price filter, or the price range
   * of a filter panel's counts), stock and variants (an in-stock or option filter, or the panel's
   * counts). Undefined: neither.
   */
  filtered?: { price: boolean; stock: boolean };
}

/** What an answer was made from: a change that touches none of it leaves the answer as it is. */
export interface AnswerScope {
  /** The products whose fields the answer shows. */
  products: readonly string[];
  /** The lists it is a page (or the count) of. */
  lists: readonly ListScope[];
  /** Whether it shows the category table. */
  categories: boolean;
}

export const EMPTY_SCOPE: AnswerScope = { products: [], lists: [], categories: false };

/** One scope for what several answers were made from (a rendered page). */
export function mergeScopes(scopes: readonly AnswerScope[]): AnswerScope {
  return {
    products: [...new Set(scopes.flatMap((scope) => scope.products))],
    lists: scopes.flatMap((scope) => scope.lists),
    categories: scopes.some((scope) => scope.categories),
  };
}

const FIELDS: readonly ChangedField[] = ['price', 'text', 'created', 'images', 'membership', 'stock', 'options', 'variants'];

/**
 * A notification's payload, or undefined when it is about another schema of the same database;
 * anything it cannot read is taken as a change of everything.
 */
export function parseCatalogChange(payload: string, schema?: string): CatalogChange | undefined {
  try {
    const raw = JSON.parse(payload) as Record<string, unknown>;
    if (schema !== undefined && typeof raw.schema === 'string' && raw.schema !== schema) return undefined;
    if (raw.all === true) return { kind: 'all' };
    if (raw.categories === true) return { kind: 'categories' };
    if (!Array.isArray(raw.products) || !Array.isArray(raw.fields) || !Array.isArray(raw.categories) || !Array.isArray(raw.collections)) {
      return { kind: 'all' };
    }
    return {
      kind: 'products',
      products: new Set(raw.products.map(String)),
      fields: new Set(FIELDS.filter((field) => (raw.fields as unknown[]).includes(field))),
      categories: new Set(raw.categories.map(Number)),
      collections: new Set(raw.collections.map(String)),
    };
  } catch {
    return { kind: 'all' };
  }
}

/** Whether `change` can alter an answer made from `scope`. */
export function touches(scope: AnswerScope, change: CatalogChange): boolean {
  if (change.kind === 'all') return true;
  if (change.kind === 'categories') return scope.categories;
  if (scope.products.some((id) => change.products.has(id))) return true;
  return scope.lists.some((list) => inList(list, change) && reorders(list, change.fields));
}

/** Whether the changed products were or are in the list (both filters, when both are set). */
function inList(list: ListScope, change: Extract<CatalogChange, { kind: 'products' }>): boolean {
  const byCategory = list.categoryIds === undefined || list.categoryIds.some((id) => change.categories.has(id));
  const byCollection = list.collection === undefined || change.collections.has(list.collection);
  return byCategory && byCollection;
}

/** Fields that never change a product's stock or variants: any other (or a change naming none, as a stock update's may) can. */
const NOT_STOCK: ReadonlySet<string> = new Set(['price', 'text', 'created', 'images']);

function changesStock(fields: ReadonlySet<ChangedField>): boolean {
  return fields.size === 0 || [...fields].some((field) => !NOT_STOCK.has(field));
}

/**
 * Whether a change of these fields of a member can change which products the list holds, in what
 * order: membership always; a name or description for a sorted or searched list (search words,
 * and the listing order every sort falls back on), not for a count alone; a price for the price sorts; the creation time for `newest`. Pictures
 * only change the answers that show the product.
 */
function reorders(list: ListScope, fields: ReadonlySet<ChangedField>): boolean {
  if (fields.has('membership')) return true;
  if (list.filtered?.price && fields.has('price')) return true;
  if (list.filtered?.stock && changesStock(fields)) return true;
  if (fields.has('text') && (list.sort !== undefined || list.searched)) return true;
  if (fields.has('price') && (list.sort === 'price-asc' || list.sort === 'price-desc')) return true;
  return fields.has('created') && list.sort === 'newest';
}
