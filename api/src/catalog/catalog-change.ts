import type { ProductSort } from '@shop/core/domain/product-search';
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
      /** With `price`: each product's price before and after (null: none), when the notification names them (migration 172). */
      prices?: ReadonlyMap<string, PriceChange>;
    };

/** A product's price before and after a change (null: it had, or has, none), and whether it is sold in options (D25). */
export type PriceChange = readonly [before: number | null, after: number | null, options?: boolean];

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
  filtered?: { price: boolean; stock: boolean; prices?: PriceBounds };
}

/**
 * Which price changes of a member can alter a filtered answer (with `filtered.price`), when the
 * change names the prices before and after; without this, or without them, every one can.
 */
export interface PriceBounds {
  /** A price filter: a change matters when the price enters or leaves this range (ends included). */
  range?: { min?: number; max?: number };
  /**
   * The lowest and highest price an answer shows (a filter panel's price range; null: no product
   * had one): a change matters when it can move them, i.e. unless the price was strictly inside
   * them (or none) and stays inside them (or none).
   */
  span?: { min: number; max: number } | null;
  /** An option filter: only a product sold in options can be on the list, or counted. */
  options?: true;
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
    // A mark a server sent itself (heardMark), no change.
    if (typeof raw.heard === 'string') return undefined;
    if (raw.all === true) return { kind: 'all' };
    if (raw.categories === true) return { kind: 'categories' };
    if (!Array.isArray(raw.products) || !Array.isArray(raw.fields) || !Array.isArray(raw.categories) || !Array.isArray(raw.collections)) {
      return { kind: 'all' };
    }
    const prices = pricesOf(raw.prices);
    return {
      kind: 'products',
      products: new Set(raw.products.map(String)),
      fields: new Set(FIELDS.filter((field) => (raw.fields as unknown[]).includes(field))),
      categories: new Set(raw.categories.map(Number)),
      collections: new Set(raw.collections.map(String)),
      ...(prices ? { prices } : {}),
    };
  } catch {
    return { kind: 'all' };
  }
}

/** A notification's `prices` (`{ "<id>": [before, after, options] }`), or undefined when absent or not understood. */
function pricesOf(raw: unknown): ReadonlyMap<string, PriceChange> | undefined {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return undefined;
  const prices = new Map<string, PriceChange>();
  const price = (value: unknown) => (value === null ? null : typeof value === 'number' && Number.isFinite(value) ? value : undefined);
  for (const [id, pair] of Object.entries(raw)) {
    if (!Array.isArray(pair) || pair.length < 2 || pair.length > 3) return undefined;
    const [before, after, options] = [price(pair[0]), price(pair[1]), pair[2] as unknown];
    if (before === undefined || after === undefined || (options !== undefined && typeof options !== 'boolean')) return undefined;
    prices.set(id, options === undefined ? [before, after] : [before, after, options]);
  }
  return prices;
}

/** Whether `change` can alter an answer made from `scope`. */
export function touches(scope: AnswerScope, change: CatalogChange): boolean {
  if (change.kind === 'all') return true;
  if (change.kind === 'categories') return scope.categories;
  if (scope.products.some((id) => change.products.has(id))) return true;
  return scope.lists.some((list) => inList(list, change) && reorders(list, change));
}

/** Whether the changed products were or are in the list (both filters, when both are set). */
function inList(list: ListScope, change: Extract<CatalogChange, { kind: 'products' }>): boolean {
  const byCategory = list.categoryIds === undefined || list.categoryIds.some((id) => change.categories.has(id));
  const byCollection = list.collection === undefined || change.collections.has(list.collection);
  return byCategory && byCollection;
}

/** Fields that never change a product's stock or variants: any other (or a change naming none, as a stock update's may) can. */
const NOT_STOCK: ReadonlySet<string> = new Set(['price', 'text', 'created', 'images']);

/** The payload of a mark on the changes' channel (no change): heard once every change committed before it was. */
export const heardMark = (schema: string | undefined, token: string): string => JSON.stringify({ schema, heard: token });

/** The mark's token, when `payload` is one. */
export function heardToken(payload: string): string | undefined {
  if (!payload.includes('"heard"')) return undefined;
  try {
    const raw = JSON.parse(payload) as Record<string, unknown>;
    return typeof raw.heard === 'string' ? raw.heard : undefined;
  } catch {
    return undefined;
  }
}

/** One product's price before and after one change, in the order the changes were heard. */
export interface PriceStep {
  product: string;
  before: number | null;
  after: number | null;
  /** Whether it is sold in options, when the change names it. */
  options?: boolean;
}

/**
 * The price steps of these changes, when they changed nothing but prices (and the text, pictures or
 * creation time, which no count shows) and name every price before and after; else undefined.
 */
export function priceSteps(changes: readonly CatalogChange[]): PriceStep[] | undefined {
  const steps: PriceStep[] = [];
  for (const change of changes) {
    if (change.kind !== 'products' || change.fields.size === 0 || [...change.fields].some((field) => !NOT_STOCK.has(field)))
      return undefined;
    if (!change.fields.has('price')) continue;
    for (const product of change.products) {
      const prices = change.prices?.get(product);
      if (prices === undefined) return undefined;
      const [before, after, options] = prices;
      steps.push({ product, before, after, ...(options === undefined ? {} : { options }) });
    }
  }
  return steps;
}

function changesStock(fields: ReadonlySet<ChangedField>): boolean {
  return fields.size === 0 || [...fields].some((field) => !NOT_STOCK.has(field));
}

/**
 * Whether a change of these fields of a member can change which products the list holds, in what
 * order: membership always; a name or description for a sorted or searched list (search words,
 * and the listing order every sort falls back on), not for a count alone; a price for the price sorts, and for a list
 * filtered by price when it can cross the list's PriceBounds; the creation time for `newest`. Pictures
 * only change the answers that show the product.
 */
function reorders(list: ListScope, change: Extract<CatalogChange, { kind: 'products' }>): boolean {
  const fields = change.fields;
  if (fields.has('membership')) return true;
  if (list.filtered?.price && fields.has('price') && pricesMatter(list.filtered.prices, change)) return true;
  if (list.filtered?.stock && changesStock(fields)) return true;
  if (fields.has('text') && (list.sort !== undefined || list.searched)) return true;
  if (fields.has('price') && (list.sort === 'price-asc' || list.sort === 'price-desc')) return true;
  return fields.has('created') && list.sort === 'newest';
}

/** Whether the change's prices can alter an answer filtered within `bounds`: yes when it does not name them all. */
function pricesMatter(bounds: PriceBounds | undefined, change: Extract<CatalogChange, { kind: 'products' }>): boolean {
  if (bounds === undefined || change.prices === undefined) return true;
  for (const id of change.products) {
    const prices = change.prices.get(id);
    if (prices === undefined) return true;
    if (bounds.options && prices[2] === false) continue;
    if (crossesRange(bounds.range, prices) || movesSpan(bounds.span, prices)) return true;
  }
  return false;
}

function crossesRange(range: PriceBounds['range'], [before, after]: PriceChange): boolean {
  if (range === undefined) return false;
  const inside = (price: number | null) =>
    price !== null && (range.min === undefined || price >= range.min) && (range.max === undefined || price <= range.max);
  return inside(before) !== inside(after);
}

function movesSpan(span: PriceBounds['span'], [before, after]: PriceChange): boolean {
  if (span === undefined) return false;
  if (span === null) return before !== after;
  const keptInside = before === null || (before > span.min && before < span.max);
  const staysInside = after === null || (after >= span.min && after <= span.max);
  return !(keptInside && staysInside);
}
