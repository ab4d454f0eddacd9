/**
 * Catalogue search, sorting and paging (D18): the client's in-memory fake server answers with it,
 * and the reference server's SQL must answer as it does (api/src/catalog/catalog-differential.test.ts). Pure: built once per catalogue, then every query is
 * answered from precomputed word lists and sort orders (no collator, no re-tokenising).
 */

export const productSorts = ['relevance', 'name', 'price-asc', 'price-desc', 'newest'] as const;
export type ProductSort = (typeof productSorts)[number];

/** The longest search text the API accepts (characters, after trimming). */
export const SEARCH_TEXT_MAX = 100;
/** The largest page the API answers. */
export const PAGE_LIMIT_MAX = 100;
/** The page size of a D18 query without `limit` (the shop's page, PRODUCTS_PER_PAGE). */
export const PAGE_LIMIT_DEFAULT = 24;

/** What the index needs of a product; the caller's own type passes through unchanged. */
export interface SearchableProduct {
  id: string;
  name: string;
  description: string | null;
  price: number | null;
  /** Milliseconds since the epoch: `newest` sorts by it. */
  createdAt: number;
}

/** What the search index is asked: text, order and window, over the products it is given (a list's). */
export interface SearchQuery {
  /** Search text: every word must be the start of a word of the name or the description. */
  q?: string;
  /** Default: `relevance` when `q` holds a word, else `name` (the listing order). */
  sort?: ProductSort;
  /** Page size; without it, everything from `offset`. */
  limit?: number;
  offset?: number;
}

/** The index's answer: the caller's records of one window, in order, and how many matched. */
export interface SearchPage<P> {
  items: P[];
  /** How many products match (before paging). */
  total: number;
}

// Turkish collation for a stable, human order ("Çanta" after "Cezve", not after "Zil"). Made on
// first use: a browser loads its locale data on the main thread when it is made.
let byName: Intl.Collator | undefined;

/** The catalogue's listing order: by name (Turkish collation), then id. */
export function compareForListing(a: { id: string; name: string }, b: { id: string; name: string }): number {
  byName ??= new Intl.Collator('tr', { sensitivity: 'variant' });
  return byName.compare(a.name, b.name) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}

const COMBINING_MARKS = /\p{M}+/gu;
const NOT_A_WORD = /[^\p{L}\p{N}]+/gu;

/**
 * Text as search compares it: Turkish casing (`İ` -> `i`, `I` -> `ı`), then dotless `ı` folded
 * into `i` (so `kulaklik` finds `Kulaklık` and `ISIK` finds `ışık`), diacritics removed (`ç` ->
 * `c`, `ş` -> `s`, `ğ` -> `g`, `ö` -> `o`, `ü` -> `u`, `é` -> `e`), and everything that is not a
 * letter or a digit turned into a single space; no space at either end.
 */
export function normalizeSearchText(text: string): string {
  return text
    .replace(/İ/g, 'i')
    .replace(/I/g, 'ı')
    .toLowerCase()
    .replace(/ı/g, 'i')
    .normalize('NFD')
    .replace(COMBINING_MARKS, '')
    .replace(NOT_A_WORD, ' ')
    .trim();
}

/** The distinct words of a text, normalised. */
export function searchWords(text: string | null): string[] {
  if (!text) return [];
  const normalized = normalizeSearchText(text);
  return normalized ? [...new Set(normalized.split(' '))] : [];
}

/** Sorts other than relevance, whose order does not depend on the query. */
type FixedSort = Exclude<ProductSort, 'relevance'>;

/**
 * A catalogue's products, indexed for `query`. Positions are places in the listing order.
 *
 * - Words: the distinct normalised words of every name and description, sorted, so the words a
 *   query word starts are one range found by binary search; each word has a posting list of the
 *   positions whose name holds it and one of those whose description does.
 * - Sorts: for each sort, the positions in that order and each position's rank in it, so a
 *   matched set is ordered by sorting plain numbers (or by walking the order when it is most of
 *   the catalogue).
 */
export class ProductSearchIndex<P extends SearchableProduct> {
  /** In listing order. */
  readonly products: readonly P[];
  private readonly positionOf: ReadonlyMap<string, number>;
  private readonly words: readonly string[];
  /** Word i's name postings: nameLists[nameStart[i] .. nameStart[i + 1]). */
  private readonly nameStart: Int32Array;
  private readonly nameLists: Int32Array;
  private readonly descriptionStart: Int32Array;
  private readonly descriptionLists: Int32Array;
  private readonly orderOf: Record<FixedSort, Int32Array>;
  private readonly rankOf: Record<FixedSort, Int32Array>;

  constructor(products: Iterable<P>) {
    this.products = [...products].sort(compareForListing);
    const count = this.products.length;
    this.positionOf = new Map(this.products.map((product, position) => [product.id, position]));

    const names = new Map<string, number[]>();
    const descriptions = new Map<string, number[]>();
    const post = (lists: Map<string, number[]>, word: string, position: number) => {
      const list = lists.get(word);
      if (list) list.push(position);
      else lists.set(word, [position]);
    };
    this.products.forEach((product, position) => {
      for (const word of searchWords(product.name)) post(names, word, position);
      for (const word of searchWords(product.description)) post(descriptions, word, position);
    });
    const words = [...new Set([...names.keys(), ...descriptions.keys()])].sort();
    this.words = words;
    [this.nameStart, this.nameLists] = flatten(words, names);
    [this.descriptionStart, this.descriptionLists] = flatten(words, descriptions);

    const identity = Int32Array.from({ length: count }, (_, position) => position);
    const price = (position: number) => this.products[position]!.price;
    const byPrice = (direction: 1 | -1) => (a: number, b: number) => {
      const pa = price(a);
      const pb = price(b);
      if (pa === null || pb === null) return pa === pb ? a - b : pa === null ? 1 : -1;
      return (pa - pb) * direction || a - b;
    };
    this.orderOf = {
      name: identity,
      'price-asc': identity.slice().sort(byPrice(1)),
      'price-desc': identity.slice().sort(byPrice(-1)),
      newest: identity.slice().sort((a, b) => this.products[b]!.createdAt - this.products[a]!.createdAt || a - b),
    };
    const ranks = (order: Int32Array) => {
      const rank = new Int32Array(count);
      order.forEach((position, index) => (rank[position] = index));
      return rank;
    };
    this.rankOf = {
      name: identity,
      'price-asc': ranks(this.orderOf['price-asc']),
      'price-desc': ranks(this.orderOf['price-desc']),
      newest: ranks(this.orderOf.newest),
    };
  }

  /**
   * The products that match `query` (and are among `candidates`, when given: a category or
   * collection filter), sorted, and the page asked for.
   *
   * Relevance: products with more of the query's words in their name first (every word in the
   * name, ..., description only), then listing order. A query without a word (empty, or only
   * punctuation) filters nothing.
   */
  query(query: SearchQuery, candidates?: Iterable<P>): SearchPage<P> {
    const count = this.products.length;
    const queryWords = searchWords(query.q ?? null);
    const sort: ProductSort = query.sort ?? (queryWords.length > 0 ? 'relevance' : 'name');
    const offset = Math.max(0, Math.floor(query.offset ?? 0));
    const end = query.limit === undefined ? Number.POSITIVE_INFINITY : offset + Math.max(0, Math.floor(query.limit));

    let allowed: Uint8Array | undefined;
    if (candidates) {
      allowed = new Uint8Array(count);
      for (const product of candidates) {
        const position = this.positionOf.get(product.id);
        if (position !== undefined) allowed[position] = 1;
      }
    }

    if (queryWords.length === 0) {
      const fixed: FixedSort = sort === 'relevance' ? 'name' : sort;
      if (!allowed) return this.page(Array.from(this.orderOf[fixed].subarray(offset, Math.min(end, count))), count);
      return this.walk(this.orderOf[fixed], allowed, offset, end);
    }

    const matched = this.match(queryWords, allowed);
    if (!matched) return { items: [], total: 0 };
    const { positions, nameHits } = matched;
    const total = positions.length;
    if (sort !== 'relevance') {
      // Most of the catalogue: one walk of the precomputed order; else sort the few ranks.
      if (total * 8 > count) {
        const mask = new Uint8Array(count);
        for (const position of positions) mask[position] = 1;
        return this.walk(this.orderOf[sort], mask, offset, end);
      }
      const rank = this.rankOf[sort];
      const order = this.orderOf[sort];
      const ranks = Int32Array.from(positions, (position) => rank[position]!).sort();
      return this.page(
        Array.from(ranks.subarray(offset, Math.min(end, total)), (r) => order[r]!),
        total,
      );
    }
    // Key = (words missing from the name) * count + position: one numeric sort gives both orders.
    const words = queryWords.length;
    const keys = Float64Array.from(positions, (position) => (words - nameHits[position]!) * count + position).sort();
    return this.page(
      Array.from(keys.subarray(offset, Math.min(end, total)), (key) => key % count),
      total,
    );
  }

  /**
   * The positions matching every query word (and allowed), and per position how many query
   * words its name holds; undefined when a word matches nothing.
   */
  private match(queryWords: string[], allowed: Uint8Array | undefined): { positions: number[]; nameHits: Uint16Array } | undefined {
    const ranges = queryWords.map((word) => this.prefixRange(word));
    if (ranges.some(([from, to]) => from === to)) return undefined;
    // The rarest word first: the first list is the smallest set that later words can only shrink.
    const postings = ([from, to]: [number, number]) =>
      this.nameStart[to]! - this.nameStart[from]! + this.descriptionStart[to]! - this.descriptionStart[from]!;
    ranges.sort((a, b) => postings(a) - postings(b));

    const count = this.products.length;
    // matchedWords[p] = how many of the words so far p matched; it only grows from k to k + 1 at word k.
    const matchedWords = new Uint16Array(count);
    const nameHits = new Uint16Array(count);
    const lastNameHit = new Uint16Array(count);
    let first: number[] = [];
    ranges.forEach(([from, to], k) => {
      const hit = (position: number, inName: boolean) => {
        if (k === 0 && allowed && !allowed[position]) return;
        if (matchedWords[position] === k) {
          matchedWords[position] = k + 1;
          if (k === 0) first.push(position);
        }
        if (inName && lastNameHit[position] !== k + 1) {
          lastNameHit[position] = k + 1;
          nameHits[position] = (nameHits[position] ?? 0) + 1;
        }
      };
      for (let i = this.nameStart[from]!; i < this.nameStart[to]!; i += 1) hit(this.nameLists[i]!, true);
      for (let i = this.descriptionStart[from]!; i < this.descriptionStart[to]!; i += 1) hit(this.descriptionLists[i]!, false);
    });
    const words = ranges.length;
    first = first.filter((position) => matchedWords[position] === words);
    return first.length === 0 ? undefined : { positions: first, nameHits };
  }

  /** The words that start with `prefix`: indexes [from, to) of the sorted word list. */
  private prefixRange(prefix: string): [number, number] {
    let low = 0;
    let high = this.words.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (this.words[middle]! < prefix) low = middle + 1;
      else high = middle;
    }
    let to = low;
    while (to < this.words.length && this.words[to]!.startsWith(prefix)) to += 1;
    return [low, to];
  }

  /** The allowed positions in `order`, the page of them from `offset` to `end`, and how many there are. */
  private walk(order: Int32Array, allowed: Uint8Array, offset: number, end: number): SearchPage<P> {
    const page: number[] = [];
    let seen = 0;
    for (const position of order) {
      if (!allowed[position]) continue;
      if (seen >= offset && seen < end) page.push(position);
      seen += 1;
    }
    return this.page(page, seen);
  }

  private page(positions: number[], total: number): SearchPage<P> {
    return { items: positions.map((position) => this.products[position]!), total };
  }
}

/** Per-word posting lists as one flat array and each word's start in it (start[words.length] = the end). */
function flatten(words: readonly string[], lists: ReadonlyMap<string, number[]>): [Int32Array, Int32Array] {
  const start = new Int32Array(words.length + 1);
  words.forEach((word, index) => (start[index + 1] = start[index]! + (lists.get(word)?.length ?? 0)));
  const flat = new Int32Array(start[words.length]!);
  words.forEach((word, index) => flat.set(lists.get(word) ?? [], start[index]));
  return [start, flat];
}
