import type { Product } from '@shop/core/domain/product';
import type { ProductFacets, ProductFilters } from '@shop/core/ports/catalog-gateway';

/**
 * The list filters and the filter panel's counts (D25, docs/products.md "Filters") from memory,
 * as the reference server answers them (api/src/catalog/catalog-filters.ts): one variant must
 * have one of the wanted values of every named option (and, with `inStock`, be in stock).
 */

/** The reference server's bounds (api/src/catalog/filter-fields.ts). */
const OPTIONS_MAX = 10;
const VALUES_MAX = 30;
const TEXT_MAX = 40;

/** The D25 fields of a product-list body. */
export const FILTER_FIELDS = ['minPrice', 'maxPrice', 'options', 'inStock'] as const;

const isText = (value: unknown): value is string => typeof value === 'string' && value.length >= 1 && value.length <= TEXT_MAX;
const isPrice = (value: unknown) => value === undefined || (typeof value === 'number' && Number.isFinite(value) && value >= 0);

/** What the reference server refuses in a body's filters, as its 400 message; undefined when valid. */
export function invalidFilters({ minPrice, maxPrice, options, inStock }: Record<string, unknown>): string | undefined {
  if (!isPrice(minPrice)) return 'Invalid request. minPrice: Prices must be 0 or more.';
  if (!isPrice(maxPrice)) return 'Invalid request. maxPrice: Prices must be 0 or more.';
  if (inStock !== undefined && typeof inStock !== 'boolean') return 'Invalid request. inStock must be true or false.';
  if (options !== undefined) {
    if (typeof options !== 'object' || options === null || Array.isArray(options)) return 'Invalid request. options must be an object.';
    const entries = Object.entries(options);
    if (entries.length > OPTIONS_MAX) return `Invalid request. options: options may name at most ${OPTIONS_MAX} options.`;
    for (const [name, values] of entries) {
      if (!isText(name) || !Array.isArray(values) || !values.every(isText)) {
        return `Invalid request. options: Option names and values must hold 1 to ${TEXT_MAX} characters.`;
      }
      if (values.length > VALUES_MAX) return `Invalid request. options: An option may name at most ${VALUES_MAX} values.`;
    }
  }
  if (typeof minPrice === 'number' && typeof maxPrice === 'number' && minPrice > maxPrice) {
    return 'Invalid request. minPrice: minPrice must not be more than maxPrice.';
  }
  return undefined;
}

/** The active filters of a (valid) body; undefined when none is. */
export function activeFilters(body: Record<string, unknown>): ProductFilters | undefined {
  const { minPrice, maxPrice, options, inStock } = body as ProductFilters;
  const named = Object.entries(options ?? {}).filter(([, values]) => values.length > 0);
  const filters: ProductFilters = {
    ...(minPrice === undefined ? {} : { minPrice }),
    ...(maxPrice === undefined ? {} : { maxPrice }),
    ...(named.length === 0 ? {} : { options: Object.fromEntries(named) }),
    ...(inStock === true ? { inStock } : {}),
  };
  return Object.keys(filters).length === 0 ? undefined : filters;
}

interface Variant {
  /** option name -> value */
  values: Map<string, string>;
  /** Each value's place among its option's values (1 first; 0 when the option does not list it). */
  ranks: Map<string, number>;
  /** The option's place in the product (1 first). */
  places: Map<string, number>;
  inStock: boolean;
}

function variantsOf(product: Product): Variant[] {
  const options = product.prodOptions ?? [];
  return (product.prodVariants ?? []).map((variant) => {
    const named = options.slice(0, variant.options.length);
    return {
      values: new Map(named.map((option, index) => [option.name, variant.options[index]!])),
      ranks: new Map(named.map((option, index) => [option.name, option.values.indexOf(variant.options[index]!) + 1])),
      places: new Map(named.map((option, index) => [option.name, index + 1])),
      inStock: variant.stock > 0,
    };
  });
}

const priceMatches = (product: Product, { minPrice, maxPrice }: ProductFilters) =>
  (minPrice === undefined && maxPrice === undefined) ||
  (product.prodPrice !== undefined &&
    (minPrice === undefined || product.prodPrice >= minPrice) &&
    (maxPrice === undefined || product.prodPrice <= maxPrice));

const canBuy = (product: Product) => product.prodStock === undefined || product.prodStock > 0;

/** Whether a variant has one of the wanted values of every option filter but `except`'s. */
function variantMatches(variant: Variant, options: Record<string, string[]>, except?: string): boolean {
  return Object.entries(options).every(([name, values]) => name === except || values.includes(variant.values.get(name) ?? '\u0000'));
}

/** Whether a product passes `filters`. */
export function matchesFilters(product: Product, filters: ProductFilters): boolean {
  if (!priceMatches(product, filters)) return false;
  if (filters.inStock && !canBuy(product)) return false;
  const options = filters.options ?? {};
  if (Object.keys(options).length === 0) return true;
  return variantsOf(product).some((variant) => (!filters.inStock || variant.inStock) && variantMatches(variant, options));
}

const byCodePoint = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** The filter panel's counts over `products` (the list's, before its filters), as POST /api/product/facets answers them. */
export function facetsOf(products: readonly Product[], filters: ProductFilters = {}): ProductFacets {
  const { minPrice: _min, maxPrice: _max, ...unpriced } = filters;
  const priced = products.filter((product) => product.prodPrice !== undefined && matchesFilters(product, unpriced));
  const prices = priced.map((product) => product.prodPrice!);
  const chosen = filters.options ?? {};
  const found = new Map<string, { place: number; values: Map<string, { rank: number; products: Set<Product> }> }>();
  for (const product of products) {
    const counts = priceMatches(product, filters);
    for (const variant of variantsOf(product)) {
      const live = counts && (!filters.inStock || variant.inStock);
      for (const [name, value] of variant.values) {
        let option = found.get(name);
        if (!option) found.set(name, (option = { place: Infinity, values: new Map() }));
        option.place = Math.min(option.place, variant.places.get(name)!);
        let entry = option.values.get(value);
        if (!entry) option.values.set(value, (entry = { rank: Infinity, products: new Set() }));
        entry.rank = Math.min(entry.rank, variant.ranks.get(name)!);
        if (live && variantMatches(variant, chosen, name)) entry.products.add(product);
      }
    }
  }
  for (const [name, values] of Object.entries(chosen)) {
    let option = found.get(name);
    if (!option) found.set(name, (option = { place: Number.MAX_SAFE_INTEGER, values: new Map() }));
    for (const value of values)
      if (!option.values.has(value)) option.values.set(value, { rank: Number.MAX_SAFE_INTEGER, products: new Set() });
  }
  return {
    total: products.filter((product) => matchesFilters(product, filters)).length,
    price: prices.length === 0 ? null : { min: Math.min(...prices), max: Math.max(...prices) },
    inStock: products.filter((product) => matchesFilters(product, { ...filters, inStock: true })).length,
    options: [...found]
      .sort(([a, x], [b, y]) => x.place - y.place || byCodePoint(a, b))
      .map(([name, option]) => ({
        name,
        values: [...option.values]
          .sort(([a, x], [b, y]) => x.rank - y.rank || byCodePoint(a, b))
          .map(([value, entry]) => ({ value, count: entry.products.size })),
      })),
  };
}
