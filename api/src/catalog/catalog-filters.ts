import type { ProductFacets, ProductFilters } from '@shop/core/ports/catalog-gateway';
import type { Db } from '../db/types';
import type { PriceStep } from './catalog-change';

/**
 * The list filters of D25 (docs/products.md, "Filters") in SQL: price, stock and option values,
 * read from `products` and migration 160_product_filters' `product_filter_variants` (a variant's
 * `name U+001F value` pairs, whether it is in stock).
 *
 * An option filter asks for one variant that has one of the wanted values of every named option
 * (values of one option are OR, options are AND) and, with `inStock`, is itself in stock: a
 * shopper asking for M, Siyah and in stock wants an M Siyah that can be bought.
 */

/** Filters as answers know them: names and values sorted and deduplicated, empty ones left out, a key for all of them. */
export interface ListFilters {
  minPrice?: number;
  maxPrice?: number;
  /** By name; values sorted. */
  options?: readonly { name: string; values: readonly string[] }[];
  inStock?: true;
  /** The same for every body asking the same: `{"Renk":["Siyah"],"Beden":["M","L"]}` and its reordering share it. */
  key: string;
}

/** Between an option's name and a value in `product_filter_variants.pairs`. */
export const PAIR_SEPARATOR = '\u001f';

const byCodePoint = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** The filters of a body, normalised; undefined when none is active (the list is answered as without them). */
export function listFiltersOf(sent: ProductFilters | undefined): ListFilters | undefined {
  if (sent === undefined) return undefined;
  const options = Object.entries(sent.options ?? {})
    .map(([name, values]) => ({ name, values: [...new Set(values)].sort(byCodePoint) }))
    .filter((option) => option.values.length > 0)
    .sort((a, b) => byCodePoint(a.name, b.name));
  const filters = {
    ...(sent.minPrice === undefined ? {} : { minPrice: sent.minPrice }),
    ...(sent.maxPrice === undefined ? {} : { maxPrice: sent.maxPrice }),
    ...(options.length === 0 ? {} : { options }),
    ...(sent.inStock === true ? { inStock: true as const } : {}),
  };
  if (Object.keys(filters).length === 0) return undefined;
  return { ...filters, key: JSON.stringify(filters) };
}

/** A placeholder for a value, in the statement being built. */
export type Param = (value: unknown) => string;

/** Whether a product can be bought now: stock not tracked, or some left. */
const IN_STOCK = '(p.stock IS NULL OR p.stock > 0)';

/** `filters` without some of them (a count that reflects every other filter). */
function without(filters: ListFilters, drop: { price?: boolean; option?: string }): ListFilters {
  const { minPrice, maxPrice, options, ...rest } = filters;
  const kept = options?.filter((option) => option.name !== drop.option);
  return {
    ...rest,
    ...(drop.price ? {} : { ...(minPrice === undefined ? {} : { minPrice }), ...(maxPrice === undefined ? {} : { maxPrice }) }),
    ...(kept && kept.length > 0 ? { options: kept } : {}),
  };
}

/** The wanted pairs of an option, as `product_filter_variants.pairs` holds them. */
const pairsOf = (option: { name: string; values: readonly string[] }) =>
  option.values.map((value) => `${option.name}${PAIR_SEPARATOR}${value}`);

/** The price filter's conditions on the product `p` (a product without a price never matches one). */
function priceConditions(filters: ListFilters, param: Param): string[] {
  return [
    ...(filters.minPrice === undefined ? [] : [`p.price >= ${param(filters.minPrice)}`]),
    ...(filters.maxPrice === undefined ? [] : [`p.price <= ${param(filters.maxPrice)}`]),
  ];
}

/** A variant `v` with one of the wanted values of every option filter. */
const variantMatches = (options: NonNullable<ListFilters['options']>, param: Param) =>
  options.map((option) => `v.pairs && ${param(pairsOf(option))}::text[]`).join(' AND ');

/**
 * Conditions on the product `p` for `filters` (none when there are none); `matched(inStock)`: the
 * SQL saying the product has a variant matching the option filters (in stock when asked).
 */
export function filterConditions(
  filters: ListFilters,
  param: Param,
  matched = (inStock: boolean) =>
    `EXISTS (SELECT 1 FROM product_filter_variants v WHERE v.product_id = p.id AND ${variantMatches(filters.options ?? [], param)}${inStock ? ' AND v.in_stock' : ''})`,
): string[] {
  const conditions = priceConditions(filters, param);
  if (filters.inStock) conditions.push(IN_STOCK);
  if (filters.options) conditions.push(matched(filters.inStock === true));
  return conditions;
}

const all = (conditions: readonly string[]) => (conditions.length > 0 ? conditions.join(' AND ') : 'true');

/** What the facets are counted over: a FROM clause naming the product `p`, conditions on it, their parameters. */
export interface FacetBase {
  from: string;
  conditions: readonly string[];
  params: readonly unknown[];
}

interface SummaryRow {
  total: number;
  in_stock: number;
  min_price: number | null;
  max_price: number | null;
}

interface PairRow {
  pair: string;
  rank: number;
  place: number;
  count: number;
}

/**
 * The filter panel's counts over the products of a list, each reflecting every other active
 * filter: one pass over the list's products (each product's variants read once, when options are
 * filtered), one over their variants' option values, grouped by product first (a product counts
 * once for a value, however many of its variants have it). Planned without JIT: compiling costs
 * more than these short scans (150 ms and more at a million products).
 */
export async function readFacets(db: Db, base: FacetBase, filters: ListFilters | undefined): Promise<ProductFacets> {
  const active = filters ?? { key: '' };
  const options = active.options ?? [];
  const where = all(base.conditions);

  const params = [...base.params];
  const param: Param = (value) => `$${params.push(value)}`;
  // With option filters, whether some variant matches them (m.hit) and some in stock (m.hit_in_stock): one read of its variants.
  const lateral =
    options.length === 0
      ? ''
      : ` LEFT JOIN LATERAL (SELECT bool_or(${variantMatches(options, param)}) AS hit, bool_or(${variantMatches(options, param)} AND v.in_stock) AS hit_in_stock
           FROM product_filter_variants v WHERE v.product_id = p.id) AS m ON true`;
  const matched = (inStock: boolean) => (inStock ? 'coalesce(m.hit_in_stock, false)' : 'coalesce(m.hit, false)');
  const total = all(filterConditions(active, param, matched));
  const inStock = all(filterConditions({ ...active, inStock: true }, param, matched));
  const priced = all(filterConditions(without(active, { price: true }), param, matched));
  const summarySql = `SELECT count(*) FILTER (WHERE ${total})::int AS total, count(*) FILTER (WHERE ${inStock})::int AS in_stock,
            (min(p.price) FILTER (WHERE ${priced}))::float8 AS min_price, (max(p.price) FILTER (WHERE ${priced}))::float8 AS max_price
     FROM ${base.from}${lateral} WHERE ${where}`;

  // A variant's value counts for its option when the variant matches every other option filter (and is in stock, with inStock).
  const pairParams = [...base.params];
  const pairParam: Param = (value) => `$${pairParams.push(value)}`;
  const counted = [
    ...priceConditions(active, pairParam),
    ...(active.inStock ? ['v.in_stock'] : []),
    ...options.map(
      (option) => `(starts_with(u.pair, ${pairParam(option.name + PAIR_SEPARATOR)}) OR v.pairs && ${pairParam(pairsOf(option))}::text[])`,
    ),
  ];
  const pairsSql = `SELECT pair, min(rank)::int AS rank, min(place)::int AS place, count(*) FILTER (WHERE hit)::int AS count
     FROM (
       SELECT p.id, u.pair, min(u.rank) AS rank, min(u.place) AS place, bool_or(${all(counted)}) AS hit
       FROM ${base.from}
         JOIN product_filter_variants v ON v.product_id = p.id
         CROSS JOIN LATERAL unnest(v.pairs, v.ranks) WITH ORDINALITY AS u (pair, rank, place)
       WHERE ${where}
       GROUP BY p.id, u.pair
     ) AS per_product
     GROUP BY pair`;

  const [sums, values] = await Promise.all([
    rowsWithoutJit<SummaryRow>(db, summarySql, params),
    rowsWithoutJit<PairRow>(db, pairsSql, pairParams),
  ]);
  const row = sums[0] ?? { total: 0, in_stock: 0, min_price: null, max_price: null };
  return {
    total: row.total,
    price: row.min_price === null || row.max_price === null ? null : { min: Number(row.min_price), max: Number(row.max_price) },
    inStock: row.in_stock,
    options: optionFacets(values, options),
  };
}

/**
 * Conditions on a listing row `l` (migration 171_listing_facets) for `filters`, as
 * filterConditions says them on the product: an option filter is an overlap test on the row's
 * pairs (its in-stock pairs with inStock); with two or more, a row passing them all asks its
 * product's variants whether one has them all.
 */
export function listedFilterConditions(filters: ListFilters, param: Param): string[] {
  const inStock = filters.inStock === true;
  const wanted = (filters.options ?? []).map((option) => `${param(pairsOf(option))}::text[]`);
  return [
    ...(filters.minPrice === undefined ? [] : [`l.price >= ${param(filters.minPrice)}`]),
    ...(filters.maxPrice === undefined ? [] : [`l.price <= ${param(filters.maxPrice)}`]),
    ...(inStock ? ['l.buyable'] : []),
    ...wanted.map((pairs) => `l.${inStock ? 'stocked_pairs' : 'pairs'} && ${pairs}`),
    ...(wanted.length < 2
      ? []
      : [
          `EXISTS (SELECT 1 FROM product_filter_variants v WHERE v.product_id = l.product_id AND ${wanted
            .map((pairs) => `v.pairs && ${pairs}`)
            .join(' AND ')}${inStock ? ' AND v.in_stock' : ''})`,
        ]),
  ];
}

/**
 * The filter panel's counts of a category with its descendants and no other narrowing (the shop's
 * category page), read from the category's `product_listing` rows alone (migration
 * 171_listing_facets: each row carries its product's price, stock and option values), as
 * readFacets counts them:
 *
 * - the summary is one pass over the rows: an option filter is an overlap test on the row's
 *   pairs (its in-stock pairs with `inStock`); with two or more, a product passing every test
 *   asks its variants whether one has them all;
 * - a value's count, when no option filter but its own applies to it, is exact from the row's
 *   pairs (every value without option filters; the filtered option's values with one);
 * - the other values' counts (with option filters) read the variants of the few products that
 *   can count: those passing every option filter's test but at most one.
 *
 * With `only`, the counts of that one product (its listing row, $2): what it adds to the list's.
 */
export async function readListedFacets(
  db: Db,
  ancestorId: number,
  filters: ListFilters | undefined,
  only?: string,
): Promise<ProductFacets> {
  const active = filters ?? { key: '' };
  const options = active.options ?? [];
  const stocked = active.inStock === true;
  const column = (inStock: boolean) => (inStock ? 'l.stocked_pairs' : 'l.pairs');
  const first = only === undefined ? [ancestorId] : [ancestorId, only];
  const rows = only === undefined ? 'l.ancestor_id = $1' : 'l.ancestor_id = $1 AND l.product_id = $2';

  /** One statement's parameters ($1 the category, $2 the product with `only`) and the filters' SQL in them. */
  const statement = () => {
    const params: unknown[] = [...first];
    const param: Param = (value) => `$${params.push(value)}`;
    const price = [
      ...(active.minPrice === undefined ? [] : [`l.price >= ${param(active.minPrice)}`]),
      ...(active.maxPrice === undefined ? [] : [`l.price <= ${param(active.maxPrice)}`]),
    ];
    const wanted = () => options.map((option) => `${param(pairsOf(option))}::text[]`);
    return { params, param, price, wanted };
  };

  // The summary: one pass over the rows.
  const summary = { params: [...first] as unknown[], param: ((value) => `$${summary.params.push(value)}`) as Param };
  const unpriced = all(listedFilterConditions(without(active, { price: true }), summary.param));
  const summarySql = `SELECT count(*) FILTER (WHERE ${all(listedFilterConditions(active, summary.param))})::int AS total,
      count(*) FILTER (WHERE ${all(listedFilterConditions({ ...active, inStock: true }, summary.param))})::int AS in_stock,
      (min(l.price) FILTER (WHERE ${unpriced}))::float8 AS min_price, (max(l.price) FILTER (WHERE ${unpriced}))::float8 AS max_price
    FROM product_listing l WHERE ${rows}`;

  // Every value of the list's products, with its count where the row's pairs tell it exactly.
  const listed = statement();
  const own =
    options.length === 0
      ? 'true'
      : options.length === 1
        ? `starts_with(u.pair, ${listed.param(options[0]!.name + PAIR_SEPARATOR)})`
        : 'false';
  const pairsSql = `SELECT u.pair, min(u.rank)::int AS rank, min(u.place)::int AS place,
      count(*) FILTER (WHERE ${all([own, ...listed.price, ...(stocked ? ['u.stocked'] : [])])})::int AS count
    FROM product_listing l CROSS JOIN LATERAL unnest(l.pairs, l.pair_ranks, l.pair_places, l.pair_stocked) AS u (pair, rank, place, stocked)
    WHERE ${rows} AND cardinality(l.pairs) > 0
    GROUP BY u.pair`;

  // The other values' counts, from the variants of the products that can count for them.
  const variants = statement();
  const wanted = variants.wanted();
  const candidate =
    options.length === 1
      ? [`${column(stocked)} && ${wanted[0]}`, `NOT starts_with(u.pair, ${variants.param(options[0]!.name + PAIR_SEPARATOR)})`]
      : [`(${wanted.map((pairs) => `(${column(stocked)} && ${pairs})::int`).join(' + ')}) >= ${options.length - 1}`];
  const counted = [
    ...(stocked ? ['v.in_stock'] : []),
    ...options.map(
      (option, index) => `(starts_with(u.pair, ${variants.param(option.name + PAIR_SEPARATOR)}) OR v.pairs && ${wanted[index]})`,
    ),
  ];
  const variantSql = `SELECT pair, count(*)::int AS count FROM (
      SELECT l.product_id, u.pair
      FROM product_listing l
        JOIN product_filter_variants v ON v.product_id = l.product_id
        CROSS JOIN LATERAL unnest(v.pairs) AS u (pair)
      WHERE ${rows} AND ${all([...variants.price, ...candidate, ...counted])}
      GROUP BY l.product_id, u.pair
    ) AS hit GROUP BY pair`;

  const [sums, values, more] = await Promise.all([
    rowsWithoutJit<SummaryRow>(db, summarySql, summary.params),
    rowsWithoutJit<PairRow>(db, pairsSql, listed.params),
    options.length === 0 ? [] : rowsWithoutJit<{ pair: string; count: number }>(db, variantSql, variants.params),
  ]);
  const extra = new Map(more.map((row) => [row.pair, row.count]));
  const row = sums[0] ?? { total: 0, in_stock: 0, min_price: null, max_price: null };
  return {
    total: row.total,
    price: row.min_price === null || row.max_price === null ? null : { min: Number(row.min_price), max: Number(row.max_price) },
    inStock: row.in_stock,
    options: optionFacets(
      values.map((value) => ({ ...value, count: value.count + (extra.get(value.pair) ?? 0) })),
      options,
    ),
  };
}

/** The most products whose price changes are followed at once; more are counted again. */
const MOST_FOLLOWED = 20;

/**
 * A category's counts (readListedFacets) after its products' prices changed, made from the counts
 * kept before them without counting again, or undefined when they cannot be (then they are
 * counted again). Which filters a product passes but the price's does not depend on its price, so
 * a product counts the same for every count whenever its price is in the filter's range, nothing
 * when not: a price entering the range adds the product's own counts (readListedFacets of its
 * row alone, the price filter left out), one leaving it takes them away. The lowest and highest
 * price take a new price beyond them; a price leaving them from their ends (it may have been the
 * only one there) cannot be followed. The option values listed do not depend on prices.
 */
export async function followListedFacets(
  db: Db,
  ancestorId: number,
  filters: ListFilters | undefined,
  kept: ProductFacets,
  steps: readonly PriceStep[],
): Promise<ProductFacets | undefined> {
  const active = filters ?? { key: '' };
  // A product sold in no options is counted by no option filter.
  const counted = steps.filter((step) => active.options === undefined || step.options !== false);
  const products = [...new Set(counted.map((step) => step.product))];
  if (products.length > MOST_FOLLOWED) return undefined;
  const unpriced = without(active, { price: true });
  // Whether a product counted by the price range, other than the changed ones, is at this price (the lowest or highest).
  const othersAt = async (end: number) => {
    const params: unknown[] = [ancestorId, end, products];
    const conditions = listedFilterConditions(unpriced, (value) => `$${params.push(value)}`);
    const { rows } = await db.query<{ found: boolean }>(
      `SELECT EXISTS (SELECT 1 FROM product_listing l
         WHERE ${all(['l.ancestor_id = $1', 'l.price = $2', 'NOT (l.product_id = ANY ($3::text[]))', ...conditions])}) AS found`,
      params,
    );
    return rows[0]?.found === true;
  };
  const own = new Map(await Promise.all(products.map(async (id) => [id, await readListedFacets(db, ancestorId, unpriced, id)] as const)));
  const priced = active.minPrice !== undefined || active.maxPrice !== undefined;
  const inRange = (price: number | null) =>
    !priced ||
    (price !== null &&
      (active.minPrice === undefined || price >= active.minPrice) &&
      (active.maxPrice === undefined || price <= active.maxPrice));

  const pair = (name: string, value: string) => `${name}${PAIR_SEPARATOR}${value}`;
  const counts = new Map(
    kept.options.flatMap((option) => option.values.map((value) => [pair(option.name, value.value), value.count] as const)),
  );
  let { total, inStock, price } = kept;
  for (const step of counted) {
    const product = own.get(step.product)!;
    const sign = Number(inRange(step.after)) - Number(inRange(step.before));
    if (sign !== 0) {
      total += sign * product.total;
      inStock += sign * product.inStock;
      for (const option of product.options)
        for (const value of option.values) {
          if (value.count === 0) continue;
          const known = counts.get(pair(option.name, value.value));
          if (known === undefined) return undefined;
          counts.set(pair(option.name, value.value), known + sign * value.count);
        }
    }
    // Counted by the price range: it passes every filter but the price's.
    if (product.total > 0) {
      const moved = await spanAfter(price, step.before, step.after, othersAt);
      if (moved === undefined) return undefined;
      price = moved;
    }
  }
  if (total < 0 || inStock < 0 || [...counts.values()].some((count) => count < 0)) return undefined;
  return {
    total,
    price,
    inStock,
    options: kept.options.map((option) => ({
      name: option.name,
      values: option.values.map((value) => ({ value: value.value, count: counts.get(pair(option.name, value.value))! })),
    })),
  };
}

/** A kept page of a category's products in listing order (listedPage) with its filters' count. */
export interface KeptListedPage {
  /** The ids it shows, in order. */
  ids: readonly string[];
  /** Whether it shows as many as it asked for (a shorter page is the list's end). */
  full: boolean;
  /** How many products of the list pass its filters (X-Total-Count). */
  total: number;
}

/**
 * A filtered page of a category's products in listing order (listedPage, a price filter among its
 * filters) after its products' prices changed, made from the page kept before them without reading
 * it again: its new count, the products it shows unchanged; undefined when it cannot be (then it
 * is read again). Only a price crossing the filter's range changes which products pass it, and a
 * product passes every other filter whatever its price (as followListedFacets counts), so each such
 * product passing the others adds one to the count (entering the range) or takes one away
 * (leaving it). The page shows the same products unless one of them sorts before its last product
 * (or the page is its list's end): then it is read again. A product the page shows is not followed
 * here: a change of it drops the page (its hard scope).
 */
export async function followListedPage(
  db: Db,
  ancestorId: number,
  filters: ListFilters,
  kept: KeptListedPage,
  steps: readonly PriceStep[],
): Promise<number | undefined> {
  if (filters.minPrice === undefined && filters.maxPrice === undefined) return undefined;
  const inRange = (price: number | null) =>
    price !== null &&
    (filters.minPrice === undefined || price >= filters.minPrice) &&
    (filters.maxPrice === undefined || price <= filters.maxPrice);
  // Each product's moves across the range, summed (+1 in, -1 out); a product sold in no options passes no option filter.
  const moves = new Map<string, number>();
  for (const step of steps) {
    if (filters.options !== undefined && step.options === false) continue;
    const sign = Number(inRange(step.after)) - Number(inRange(step.before));
    if (sign !== 0) moves.set(step.product, (moves.get(step.product) ?? 0) + sign);
  }
  const moved = [...moves].filter(([, sign]) => sign !== 0).map(([id]) => id);
  if (moved.length === 0) return kept.total;
  if (moved.length > MOST_FOLLOWED) return undefined;
  const params: unknown[] = [ancestorId, moved, kept.ids.at(-1) ?? null];
  const conditions = listedFilterConditions(without(filters, { price: true }), (value) => `$${params.push(value)}`);
  // Those passing every other filter, and whether each sorts before the page's last product (listedPage's order).
  const { rows } = await db.query<{ id: string; before_last: boolean | null }>(
    `SELECT l.product_id AS id,
       (l.name_key, l.product_id) < (SELECT b.name_key, b.product_id FROM product_listing b WHERE b.ancestor_id = $1 AND b.product_id = $3)
         AS before_last
     FROM product_listing l
     WHERE ${all(['l.ancestor_id = $1', 'l.product_id = ANY ($2::text[])', ...conditions])}`,
    params,
  );
  let total = kept.total;
  for (const row of rows) {
    if (!kept.full || row.before_last !== false) return undefined;
    total += moves.get(row.id)!;
  }
  return total < 0 ? undefined : total;
}

/**
 * The lowest and highest price after one counted product's price moved, or undefined when that
 * takes counting again: a price leaving an end inward (or for none) keeps it only when another
 * counted product is at it (`othersAt`).
 */
async function spanAfter(
  span: ProductFacets['price'],
  before: number | null,
  after: number | null,
  othersAt: (end: number) => Promise<boolean>,
): Promise<ProductFacets['price'] | undefined> {
  if (before === after) return span;
  if (span === null) return before !== null ? undefined : after === null ? null : { min: after, max: after };
  if (before !== null && (before < span.min || before > span.max)) return undefined;
  // Each end, and which way is beyond it.
  for (const [end, out] of [
    [span.min, -1],
    [span.max, 1],
  ] as const) {
    const beyond = after !== null && (after - end) * out > 0;
    if (before === end && !beyond && !(await othersAt(end))) return undefined;
  }
  return after === null ? span : { min: Math.min(span.min, after), max: Math.max(span.max, after) };
}

/**
 * One statement's rows, planned without JIT (readFacets), in a transaction of its own: the counts'
 * statements run side by side on connections of their own (on PGlite, one after the other), each
 * on its own snapshot as they would be in one READ COMMITTED transaction. A list's counts are
 * made again while they are served late (catalog.ts, FACETS_STALE_MS): the longest statement
 * sets how late, not their sum.
 */
function rowsWithoutJit<Row>(db: Db, sql: string, params: readonly unknown[]): Promise<Row[]> {
  return db.transaction(async (tx) => {
    await tx.query('SET LOCAL jit = off');
    return (await tx.query<Row>(sql, params)).rows;
  });
}

/**
 * The counted pairs as the panel lists them: options in the order products show them (then by
 * name), values in their option's order (then by value); a chosen value no product of the list
 * has is listed with 0, so it can be cleared.
 */
function optionFacets(rows: readonly PairRow[], chosen: NonNullable<ListFilters['options']>): ProductFacets['options'] {
  const byName = new Map<string, { place: number; values: { value: string; rank: number; count: number }[] }>();
  const add = (name: string, value: string, place: number, rank: number, count: number) => {
    let option = byName.get(name);
    if (!option) byName.set(name, (option = { place, values: [] }));
    option.place = Math.min(option.place, place);
    if (!option.values.some((known) => known.value === value)) option.values.push({ value, rank, count });
  };
  for (const row of rows) {
    const at = row.pair.indexOf(PAIR_SEPARATOR);
    add(row.pair.slice(0, at), row.pair.slice(at + 1), row.place, row.rank, row.count);
  }
  for (const option of chosen)
    for (const value of option.values) add(option.name, value, Number.MAX_SAFE_INTEGER, Number.MAX_SAFE_INTEGER, 0);
  return [...byName]
    .sort(([a, x], [b, y]) => x.place - y.place || byCodePoint(a, b))
    .map(([name, option]) => ({
      name,
      values: option.values.sort((a, b) => a.rank - b.rank || byCodePoint(a.value, b.value)).map(({ value, count }) => ({ value, count })),
    }));
}
