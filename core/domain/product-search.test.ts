import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  compareForListing,
  normalizeSearchText,
  PAGE_LIMIT_MAX,
  type SearchQuery,
  ProductSearchIndex,
  productSorts,
  SEARCH_TEXT_MAX,
  searchWords,
  type SearchableProduct,
} from './product-search';

const product = (id: string, name: string, description: string | null, price: number | null, createdAt: number): SearchableProduct => ({
  id,
  name,
  description,
  price,
  createdAt,
});

// Listing order (Turkish collation): e, g, b, c, f, a, d.
const a = product('a', 'Kablosuz Kulaklık', 'Gürültü engelleyici, 30 saat pil.', 1500, 3);
const b = product('b', 'Deri Çanta', 'El yapımı, İstanbul atölyesinden.', 2500, 1);
const c = product('c', 'ISIK Masa Lambası', 'Sıcak ışık veren LED lamba.', null, 5);
const d = product('d', 'Kulaklık Standı', null, 300, 2);
const e = product('e', 'Bluetooth Hoparlör', 'Kulaklık girişi ve uzun pil ömrü.', 1500, 4);
const f = product('f', 'İstanbul Kahve Fincanı', 'Porselen, Çini desenli.', 450, 4);
const g = product('g', 'Çay Bardağı', 'İnce belli, istanbul işi.', null, 0);
const catalogue = [a, b, c, d, e, f, g];
const index = new ProductSearchIndex(catalogue);

const ids = (query: SearchQuery, candidates?: SearchableProduct[]) =>
  index
    .query(query, candidates)
    .items.map((p) => p.id)
    .join('');
const total = (query: SearchQuery, candidates?: SearchableProduct[]) => index.query(query, candidates).total;

describe('constants', () => {
  it('lists the sorts and the limits the API accepts', () => {
    expect(productSorts).toEqual(['relevance', 'name', 'price-asc', 'price-desc', 'newest']);
    expect(SEARCH_TEXT_MAX).toBe(100);
    expect(PAGE_LIMIT_MAX).toBe(100);
  });
});

describe('normalizeSearchText', () => {
  it('folds Turkish casing: İ and i, I and ı are one letter', () => {
    expect(normalizeSearchText('İstanbul')).toBe('istanbul');
    expect(normalizeSearchText('istanbul')).toBe('istanbul');
    expect(normalizeSearchText('ISIK')).toBe('isik');
    expect(normalizeSearchText('ışık')).toBe('isik');
    expect(normalizeSearchText('KULAKLIK')).toBe('kulaklik');
    expect(normalizeSearchText('Kulaklık')).toBe('kulaklik');
  });

  it('removes diacritics', () => {
    expect(normalizeSearchText('Çanta Şişe Ğ Ö Ü ç ş ğ ö ü')).toBe('canta sise g o u c s g o u');
    expect(normalizeSearchText('Café crème')).toBe('cafe creme');
    // Decomposed input is the same text.
    expect(normalizeSearchText('C\u0327anta')).toBe('canta');
  });

  it('turns punctuation into single spaces and trims', () => {
    expect(normalizeSearchText('  El yapımı,  İstanbul—atölyesinden! ')).toBe('el yapimi istanbul atolyesinden');
    expect(normalizeSearchText("Türkiye'nin 1.5 kg")).toBe('turkiye nin 1 5 kg');
    expect(normalizeSearchText('!!! ...')).toBe('');
  });

  it('gives distinct words', () => {
    expect(searchWords('Pil, pil ve PİL')).toEqual(['pil', 've']);
    expect(searchWords(null)).toEqual([]);
  });
});

describe('ProductSearchIndex', () => {
  it('keeps the listing order: by name with Turkish collation, then id', () => {
    expect(index.products.map((p) => p.id).join('')).toBe('egbcfad');
    expect(ids({})).toBe('egbcfad');
    const twins = new ProductSearchIndex([product('y', 'Aynı', null, 1, 0), product('x', 'Aynı', null, 1, 0)]);
    expect(twins.products.map((p) => p.id)).toEqual(['x', 'y']);
    expect(compareForListing({ id: '1', name: 'Cezve' }, { id: '2', name: 'Çanta' })).toBeLessThan(0);
  });

  it('ignores Turkish case both ways', () => {
    for (const q of ['istanbul', 'İstanbul', 'İSTANBUL', 'ISTANBUL', 'Istanbul']) expect(ids({ q })).toBe('fgb');
    for (const q of ['ışık', 'ISIK', 'isik', 'Işık']) expect(ids({ q })).toBe('c');
  });

  it('ignores diacritics in the query and the catalogue', () => {
    for (const q of ['canta', 'çanta', 'ÇANTA', 'Canta']) expect(ids({ q })).toBe('b');
    for (const q of ['kulaklik', 'kulaklık', 'KULAKLIK']) expect(ids({ q })).toBe('ade');
    expect(ids({ q: 'gurultu' })).toBe('a');
    expect(ids({ q: 'hoparlor' })).toBe('e');
  });

  it('matches a word by the start of a word of the name or the description, not its middle', () => {
    expect(ids({ q: 'kulak' })).toBe('ade');
    // Names first (f, a, d in listing order), then e by its description.
    expect(ids({ q: 'k' })).toBe('fade');
    expect(ids({ q: 'laklik' })).toBe('');
    expect(ids({ q: 'kulakliklar' })).toBe('');
    expect(ids({ q: 'atolye' })).toBe('b');
    expect(ids({ q: '30' })).toBe('a');
  });

  it('needs every word of the query', () => {
    expect(ids({ q: 'kulak pil' })).toBe('ae');
    expect(ids({ q: 'kulak standi' })).toBe('d');
    expect(ids({ q: 'kulak, çanta' })).toBe('');
    expect(ids({ q: 'pil pil PİL' })).toBe('ea');
  });

  it('ranks products with more query words in the name first, then in listing order', () => {
    // f has istanbul in its name; g and b only in their descriptions (listing order: g, b).
    expect(ids({ q: 'istanbul' })).toBe('fgb');
    // a: kulak in the name, pil in the description; e: both in the description.
    expect(ids({ q: 'pil kulak' })).toBe('ae');
    const ranked = new ProductSearchIndex([
      product('1', 'Alfa', 'Mavi kalem seti', 1, 0),
      product('2', 'Beta Kalem', 'Mavi', 1, 0),
      product('3', 'Mavi Kalem', null, 1, 0),
      product('4', 'Gama Kalem', 'mavi', 1, 0),
    ]);
    expect(ranked.query({ q: 'mavi kalem' }).items.map((p) => p.id)).toEqual(['3', '2', '4', '1']);
  });

  it('sorts by name (the default without a query), price both ways with unpriced last, and newest', () => {
    expect(ids({ sort: 'name' })).toBe('egbcfad');
    expect(ids({ sort: 'relevance' })).toBe('egbcfad');
    // 300 d, 450 f, 1500 e and a (listing order), 2500 b; unpriced g, c in listing order.
    expect(ids({ sort: 'price-asc' })).toBe('dfeabgc');
    expect(ids({ sort: 'price-desc' })).toBe('beafdgc');
    // createdAt 5 c, 4 e and f (listing order), 3 a, 2 d, 1 b, 0 g.
    expect(ids({ sort: 'newest' })).toBe('cefadbg');
  });

  it('sorts the matches of a query when asked, relevance being the default', () => {
    expect(ids({ q: 'kulak' })).toBe('ade');
    expect(ids({ q: 'kulak', sort: 'relevance' })).toBe('ade');
    expect(ids({ q: 'kulak', sort: 'name' })).toBe('ead');
    expect(ids({ q: 'kulak', sort: 'price-asc' })).toBe('dea');
    expect(ids({ q: 'kulak', sort: 'price-desc' })).toBe('ead');
    expect(ids({ q: 'kulak', sort: 'newest' })).toBe('ead');
    expect(ids({ q: 'istanbul', sort: 'price-asc' })).toBe('fbg');
  });

  it('pages after sorting and counts every match', () => {
    expect(index.query({ limit: 2, offset: 1 })).toEqual({ items: [g, b], total: 7 });
    expect(index.query({ limit: 3 })).toEqual({ items: [e, g, b], total: 7 });
    expect(index.query({ offset: 5 })).toEqual({ items: [a, d], total: 7 });
    expect(index.query({ offset: 7, limit: 10 })).toEqual({ items: [], total: 7 });
    expect(index.query({ offset: 100 })).toEqual({ items: [], total: 7 });
    expect(index.query({ q: 'kulak', limit: 1, offset: 1 })).toEqual({ items: [d], total: 3 });
    expect(index.query({ q: 'kulak', sort: 'price-asc', limit: 2 })).toEqual({ items: [d, e], total: 3 });
    expect(index.query({ sort: 'price-desc', limit: 2, offset: 5 })).toEqual({ items: [g, c], total: 7 });
  });

  it('answers nothing when a word matches nothing', () => {
    expect(index.query({ q: 'zzz' })).toEqual({ items: [], total: 0 });
    expect(index.query({ q: 'kulak zzz', limit: 5 })).toEqual({ items: [], total: 0 });
  });

  it('filters nothing for a query without words', () => {
    for (const q of ['', '   ', '!!!', '—']) expect(index.query({ q })).toEqual({ items: index.products, total: 7 });
  });

  it('keeps to the candidates given (a category or collection filter)', () => {
    const chosen = [a, b, e];
    expect(ids({}, chosen)).toBe('eba');
    expect(ids({ q: 'kulak' }, chosen)).toBe('ae');
    expect(total({ q: 'kulak' }, chosen)).toBe(2);
    expect(ids({ sort: 'price-desc' }, chosen)).toBe('bea');
    expect(ids({ sort: 'newest', limit: 1, offset: 1 }, chosen)).toBe('a');
    expect(total({ sort: 'newest', limit: 1, offset: 1 }, chosen)).toBe(3);
    expect(index.query({ q: 'istanbul' }, [])).toEqual({ items: [], total: 0 });
    // Products unknown to the index are no candidates.
    expect(ids({}, [product('zz', 'Yabancı', null, 1, 0), d])).toBe('d');
  });

  it('answers an empty catalogue', () => {
    const empty = new ProductSearchIndex<SearchableProduct>([]);
    expect(empty.query({ q: 'kulak' })).toEqual({ items: [], total: 0 });
    expect(empty.query({ sort: 'price-asc', limit: 5 })).toEqual({ items: [], total: 0 });
  });
});

describe('ProductSearchIndex against a plain implementation of the rules', () => {
  const vocabulary = ['Kulaklık', 'kalem', 'Çanta', 'İstanbul', 'ışık', 'deri', 'pil', 'kahve', 'Şişe', 'ütü', 'kutu', 'kule'];
  const text = fc.array(fc.constantFrom(...vocabulary), { minLength: 1, maxLength: 4 }).map((words) => words.join(' '));
  const catalogueArb = fc.uniqueArray(
    fc.record({
      id: fc.integer({ min: 0, max: 9999 }).map(String),
      name: text,
      description: fc.option(text, { nil: null }),
      price: fc.option(fc.integer({ min: 0, max: 20 }), { nil: null }),
      createdAt: fc.integer({ min: 0, max: 10 }),
    }),
    { selector: (p) => p.id, maxLength: 60 },
  );
  const queryArb = fc.record(
    {
      q: fc
        .array(fc.constantFrom('kul', 'kulak', 'ka', 'canta', 'ISIK', 'istan', 'pil', 'k', 'zz', 'u'), { maxLength: 3 })
        .map((w) => w.join(' ')),
      sort: fc.constantFrom(...productSorts),
      limit: fc.integer({ min: 0, max: 30 }),
      offset: fc.integer({ min: 0, max: 70 }),
    },
    { requiredKeys: [] },
  );

  /** The rules, spelled out the slow way. */
  function plain(products: SearchableProduct[], query: SearchQuery, candidates?: SearchableProduct[]): string[] {
    const listing = [...products].sort(compareForListing);
    const allowed = candidates ? new Set(candidates.map((p) => p.id)) : undefined;
    const queryWords = searchWords(query.q ?? null);
    const startsAWord = (words: string[], word: string) => words.some((w) => w.startsWith(word));
    const matches = listing.filter(
      (p) =>
        (!allowed || allowed.has(p.id)) &&
        queryWords.every((word) => startsAWord(searchWords(p.name), word) || startsAWord(searchWords(p.description), word)),
    );
    const inName = (p: SearchableProduct) => queryWords.filter((word) => startsAWord(searchWords(p.name), word)).length;
    const position = (p: SearchableProduct) => listing.indexOf(p);
    const priceKey = (p: SearchableProduct, sign: number) => (p.price === null ? Number.POSITIVE_INFINITY : sign * p.price);
    const sort = query.sort ?? (queryWords.length > 0 ? 'relevance' : 'name');
    const compare: Record<string, (x: SearchableProduct, y: SearchableProduct) => number> = {
      relevance: (x, y) => inName(y) - inName(x) || position(x) - position(y),
      name: (x, y) => position(x) - position(y),
      'price-asc': (x, y) => priceKey(x, 1) - priceKey(y, 1) || position(x) - position(y),
      'price-desc': (x, y) => priceKey(x, -1) - priceKey(y, -1) || position(x) - position(y),
      newest: (x, y) => y.createdAt - x.createdAt || position(x) - position(y),
    };
    const sorted = [...matches].sort(compare[sort]);
    const offset = query.offset ?? 0;
    return sorted.slice(offset, query.limit === undefined ? undefined : offset + query.limit).map((p) => p.id);
  }

  it('finds, sorts and pages as the rules say', () => {
    fc.assert(
      fc.property(catalogueArb, queryArb, fc.option(fc.array(fc.nat()), { nil: undefined }), (products, query, picks) => {
        const candidates = picks && products.length > 0 ? picks.map((pick) => products[pick % products.length]!) : undefined;
        const answer = new ProductSearchIndex(products).query(query, candidates);
        expect(answer.items.map((p) => p.id)).toEqual(plain(products, query, candidates));
        const { limit: _limit, offset: _offset, ...unpaged } = query;
        expect(answer.total).toBe(plain(products, unpaged, candidates).length);
      }),
      { numRuns: 400 },
    );
  });
});
