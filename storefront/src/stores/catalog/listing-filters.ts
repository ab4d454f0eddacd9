import { makeAutoObservable, observableRef } from 'mobx';
import type { CatalogGateway, ProductFacets, ProductFacetsQuery, ProductFilters } from '@shop/core/ports/catalog-gateway';
import { type LoadState, settle } from '../load-state';

/**
 * A listing's filters in its URL (D25, docs/products.md "Filters in the shop's URLs"):
 * `?minPrice=10&maxPrice=50&f.Beden=M&f.Beden=L&inStock=1`. An option's values go under `f.` and
 * its name, so no option (whatever the shop calls it) can take the place of `page`, `sort` or `q`.
 * Anything unreadable is left out, and the filters are read in one order (names and values
 * sorted), so two URLs that mean the same ask the API the same (and share a server render's answers).
 */
export const FILTER_PARAMS = { minPrice: 'minPrice', maxPrice: 'maxPrice', inStock: 'inStock', optionPrefix: 'f.' } as const;

/** Bounds on what a URL may ask for, the API's (docs/products.md): more is no shopper's panel, and is left out. */
const MAX_OPTIONS = 10;
const MAX_VALUES = 30;
const MAX_NAME_CHARS = 40;
const MAX_VALUE_CHARS = 40;
/** Dollars as a shopper types them: up to 7 digits, at most 2 decimals. */
const PRICE = /^\d{1,7}(?:\.\d{1,2})?$/;

const byCodePoint = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** A price bound from a URL or a field: dollars, or undefined when empty or unreadable. */
export function readPrice(text: string | null | undefined): number | undefined {
  const trimmed = (text ?? '').trim();
  return PRICE.test(trimmed) ? Number(trimmed) : undefined;
}

/** The filters `params` asks for; `{}` when none. */
export function filtersFromSearch(params: URLSearchParams): ProductFilters {
  const options = new Map<string, Set<string>>();
  for (const [key, raw] of params) {
    if (!key.startsWith(FILTER_PARAMS.optionPrefix)) continue;
    const name = key.slice(FILTER_PARAMS.optionPrefix.length).trim();
    const value = raw.trim();
    if (name === '' || name.length > MAX_NAME_CHARS || value === '' || value.length > MAX_VALUE_CHARS) continue;
    const values = options.get(name) ?? (options.size < MAX_OPTIONS ? new Set<string>() : undefined);
    if (!values || values.size >= MAX_VALUES) continue;
    values.add(value);
    options.set(name, values);
  }
  const low = readPrice(params.get(FILTER_PARAMS.minPrice));
  const high = readPrice(params.get(FILTER_PARAMS.maxPrice));
  // A range written the wrong way round means the prices between its ends.
  const swapped = low !== undefined && high !== undefined && low > high;
  return normalizeFilters({
    minPrice: swapped ? high : low,
    maxPrice: swapped ? low : high,
    options: Object.fromEntries([...options].map(([name, values]) => [name, [...values]])),
    inStock: params.get(FILTER_PARAMS.inStock) === '1',
  });
}

/**
 * The same filters in one shape: only what is active (no empty option, `inStock` only when
 * true, no undefined field), option names and values sorted.
 */
export function normalizeFilters({ minPrice, maxPrice, options = {}, inStock }: ProductFilters): ProductFilters {
  const names = Object.keys(options)
    .filter((name) => (options[name] ?? []).length > 0)
    .sort(byCodePoint);
  return {
    ...(minPrice !== undefined ? { minPrice } : {}),
    ...(maxPrice !== undefined ? { maxPrice } : {}),
    ...(names.length > 0
      ? { options: Object.fromEntries(names.map((name) => [name, [...new Set(options[name])].sort(byCodePoint)])) }
      : {}),
    ...(inStock ? { inStock: true } : {}),
  };
}

/**
 * `params` with `filters` written in (the filters it had taken out) and `page` removed: other
 * filters show other products, so the list starts again at page 1. A `?…` string, '' when empty.
 */
export function filtersSearch(params: URLSearchParams, filters: ProductFilters): string {
  const next = new URLSearchParams();
  for (const [key, value] of params) {
    const isFilter = key === FILTER_PARAMS.minPrice || key === FILTER_PARAMS.maxPrice || key === FILTER_PARAMS.inStock;
    if (key !== 'page' && !isFilter && !key.startsWith(FILTER_PARAMS.optionPrefix)) next.append(key, value);
  }
  const { minPrice, maxPrice, options = {}, inStock } = normalizeFilters(filters);
  if (minPrice !== undefined) next.set(FILTER_PARAMS.minPrice, String(minPrice));
  if (maxPrice !== undefined) next.set(FILTER_PARAMS.maxPrice, String(maxPrice));
  for (const [name, values] of Object.entries(options)) {
    for (const value of values) next.append(`${FILTER_PARAMS.optionPrefix}${name}`, value);
  }
  if (inStock) next.set(FILTER_PARAMS.inStock, '1');
  const text = next.toString();
  return text === '' ? '' : `?${text}`;
}

/** How many filters are on, as the phone's 'Filters' button counts them: the price range, each chosen value, in stock. */
export function activeFilterCount({ minPrice, maxPrice, options = {}, inStock }: ProductFilters): number {
  const priced = minPrice !== undefined || maxPrice !== undefined ? 1 : 0;
  return priced + Object.values(options).reduce((sum, values) => sum + values.length, 0) + (inStock ? 1 : 0);
}

/** `filters` with one option value chosen or no longer chosen. */
export function toggleOption(filters: ProductFilters, name: string, value: string): ProductFilters {
  const chosen = filters.options?.[name] ?? [];
  const values = chosen.includes(value) ? chosen.filter((candidate) => candidate !== value) : [...chosen, value];
  return normalizeFilters({ ...filters, options: { ...filters.options, [name]: values } });
}

/** The filters as a page or facets query carries them: left out when none is active. */
export function queryFilters(filters: ProductFilters): { filters?: ProductFilters } {
  const normalized = normalizeFilters(filters);
  return Object.keys(normalized).length > 0 ? { filters: normalized } : {};
}

/** One checkbox of the panel: a value, how many products it would show (null: not known), whether it is chosen. */
export interface PanelValue {
  value: string;
  count: number | null;
  checked: boolean;
}

/** One group of checkboxes: an option and its values. */
export interface PanelGroup {
  name: string;
  values: PanelValue[];
}

/**
 * The panel's option groups: the facets' options and values in their order, each with its count;
 * a value the URL chose that the facets do not name (no product has it now, or the counts are not
 * there) is added, chosen, so it can be taken off again.
 */
export function panelGroups(facets: ProductFacets | undefined, filters: ProductFilters): PanelGroup[] {
  const chosen = filters.options ?? {};
  const groups: PanelGroup[] = (facets?.options ?? []).map(({ name, values }) => ({
    name,
    values: values.map(({ value, count }) => ({ value, count, checked: chosen[name]?.includes(value) ?? false })),
  }));
  for (const [name, values] of Object.entries(chosen)) {
    let group = groups.find((candidate) => candidate.name === name);
    if (!group) {
      group = { name, values: [] };
      groups.push(group);
    }
    const known = new Set(group.values.map((entry) => entry.value));
    for (const value of values) if (!known.has(value)) group.values.push({ value, count: facets ? 0 : null, checked: true });
  }
  return groups;
}

/**
 * The counts of a listing's filter panel (POST /api/product/facets), for the listing's
 * category or search text and its filters. Asking again for what is shown or loading sends
 * nothing (another page or order of the same list keeps its counts); the counts shown last stay
 * (`shown`) while new ones load, so the panel does not jump.
 */
export class ListingFacets {
  state: LoadState<ProductFacets> = { status: 'loading' };
  /** The counts last loaded (undefined before the first answer). */
  shown: ProductFacets | undefined = undefined;

  private request = 0;
  private opened: { key: string; query: ProductFacetsQuery; done: Promise<void> } | undefined;

  constructor(private readonly catalog: CatalogGateway) {
    makeAutoObservable<this, 'catalog' | 'request' | 'opened'>(
      this,
      { state: observableRef, shown: observableRef, catalog: false, request: false, opened: false },
      { autoBind: true },
    );
  }

  /** Loads the counts for `query` unless they are shown or loading. */
  load(query: ProductFacetsQuery): Promise<void> {
    const key = JSON.stringify([query.filter ?? null, query.q ?? null, query.filters ?? null]);
    if (this.opened?.key === key && this.state.status !== 'error') return this.opened.done;
    this.opened = { key, query, done: this.fetch(query) };
    return this.opened.done;
  }

  /** Asks again for the counts that failed. */
  retry(): Promise<void> {
    return this.opened && this.state.status === 'error' ? this.load(this.opened.query) : Promise.resolve();
  }

  private async fetch(query: ProductFacetsQuery): Promise<void> {
    const request = ++this.request;
    this.state = { status: 'loading' };
    const state = await settle(this.catalog.getFacets(query));
    if (request === this.request) this.settled(state);
  }

  private settled(state: LoadState<ProductFacets>): void {
    this.state = state;
    if (state.status === 'loaded') this.shown = state.data;
  }
}
