import { describe, expect, it } from 'vitest';
import { CatalogCache, type Made } from './catalog-cache';
import { type AnswerScope, type CatalogChange, type ChangedField, EMPTY_SCOPE, parseCatalogChange } from './catalog-change';

const priceOf = (...products: string[]) => change(['price'], ...products);
const change = (fields: ChangedField[], ...products: string[]): CatalogChange => ({
  kind: 'products',
  products: new Set(products),
  fields: new Set(fields),
  categories: new Set([7]),
  collections: new Set(),
});

function value<T>(v: T, scope: AnswerScope = EMPTY_SCOPE, bytes = 10): () => Promise<Made<T>> {
  return () => Promise.resolve({ value: v, scope, bytes });
}

function cache(options: Partial<ConstructorParameters<typeof CatalogCache>[0]> = {}) {
  return new CatalogCache({ maxBytes: 1000, staleMs: 1000, ...options });
}

describe('CatalogCache', () => {
  it('keeps a made value and serves it without making it again', async () => {
    const kept = cache();
    let made = 0;
    const make = () => {
      made += 1;
      return Promise.resolve({ value: 'answer', scope: EMPTY_SCOPE, bytes: 10 });
    };
    expect(await kept.remember('a', make)).toBe('answer');
    expect(await kept.remember('a', make)).toBe('answer');
    expect(kept.get('a')).toBe('answer');
    expect(made).toBe(1);
  });

  it('makes a value once for everyone asking while it is made', async () => {
    const kept = cache();
    let made = 0;
    let finish: (made: Made<string>) => void = () => undefined;
    const make = () => {
      made += 1;
      return new Promise<Made<string>>((resolve) => (finish = resolve));
    };
    const first = kept.remember('a', make);
    const second = kept.remember('a', make);
    finish({ value: 'answer', scope: EMPTY_SCOPE, bytes: 10 });
    expect(await Promise.all([first, second])).toEqual(['answer', 'answer']);
    expect(made).toBe(1);
  });

  it('drops exactly the values a change touches', async () => {
    const kept = cache();
    const list = { categoryIds: [7], sort: 'name' as const, searched: false };
    await kept.remember('shows p1', value(1, { ...EMPTY_SCOPE, products: ['p1'] }));
    await kept.remember('shows p2', value(2, { ...EMPTY_SCOPE, products: ['p2'] }));
    await kept.remember('category 7 by name', value(3, { ...EMPTY_SCOPE, products: ['p3'], lists: [list] }));
    await kept.remember('category 7 by price', value(4, { ...EMPTY_SCOPE, products: ['p3'], lists: [{ ...list, sort: 'price-asc' }] }));
    await kept.remember(
      'category 8 by price',
      value(5, { ...EMPTY_SCOPE, products: ['p4'], lists: [{ ...list, categoryIds: [8], sort: 'price-asc' }] }),
    );
    await kept.remember('category 7 count', value(6, { ...EMPTY_SCOPE, lists: [{ categoryIds: [7], searched: false }] }));
    await kept.remember('categories', value(7, { ...EMPTY_SCOPE, categories: true }));

    kept.apply(priceOf('p1'));

    expect(kept.get('shows p1')).toBeUndefined();
    expect(kept.get('category 7 by price')).toBeUndefined();
    expect(kept.get('shows p2')).toBe(2);
    expect(kept.get('category 7 by name')).toBe(3);
    expect(kept.get('category 8 by price')).toBe(5);
    expect(kept.get('category 7 count')).toBe(6);
    expect(kept.get('categories')).toBe(7);

    kept.apply({ kind: 'categories' });
    expect(kept.get('categories')).toBeUndefined();
    expect(kept.get('shows p2')).toBe(2);

    kept.apply(change(['membership'], 'p9'));
    expect(kept.get('category 7 by name')).toBeUndefined();
    expect(kept.get('category 7 count')).toBeUndefined();
    expect(kept.get('category 8 by price')).toBe(5);

    kept.apply(parseCatalogChange('{"schema":"public","all":true}', 'public')!);
    expect(kept.usage).toEqual({ bytes: 0, entries: 0 });
  });

  it('hands out but does not keep a value whose making overlapped a change that touches it', async () => {
    const kept = cache();
    let finish: (made: Made<string>) => void = () => undefined;
    const slow = () => new Promise<Made<string>>((resolve) => (finish = resolve));
    const answer = kept.remember('shows p1', slow);
    kept.apply(priceOf('p1'));
    finish({ value: 'old price', scope: { ...EMPTY_SCOPE, products: ['p1'] }, bytes: 10 });
    expect(await answer).toBe('old price');
    expect(kept.get('shows p1')).toBeUndefined();
    // One the change does not touch is kept.
    const other = kept.remember('shows p2', slow);
    kept.apply(priceOf('p1'));
    finish({ value: 'p2', scope: { ...EMPTY_SCOPE, products: ['p2'] }, bytes: 10 });
    await other;
    expect(kept.get('shows p2')).toBe('p2');
  });

  it('asks again after a change instead of joining a making that started before it', async () => {
    const kept = cache();
    let made = 0;
    const make = () => {
      made += 1;
      return new Promise<Made<number>>((resolve) => setTimeout(() => resolve({ value: made, scope: EMPTY_SCOPE, bytes: 10 }), 5));
    };
    const before = kept.remember('a', make);
    kept.apply(priceOf('p1'));
    const after = kept.remember('a', make);
    await Promise.all([before, after]);
    expect(made).toBe(2);
  });

  it('stays within its bytes, least recently used out first, and never keeps a value above a quarter of them', async () => {
    const kept = cache({ maxBytes: 100 });
    // Each asked for again once made: long-lived values, in three quarters of the bytes.
    for (const key of ['a', 'b', 'c', 'd']) {
      await kept.remember(key, value(key, EMPTY_SCOPE, 20));
      kept.get(key);
    }
    expect(kept.get('a')).toBeUndefined();
    kept.get('b');
    await kept.remember('e', value('e', EMPTY_SCOPE, 25));
    kept.get('e');
    expect(kept.usage.bytes).toBeLessThanOrEqual(100);
    expect(kept.get('c')).toBeUndefined();
    expect(kept.get('b')).toBe('b');
    await kept.remember('huge', value('huge', EMPTY_SCOPE, 26));
    expect(kept.get('huge')).toBeUndefined();
  });

  it('keeps a value asked for once on probation, so a stream of new keys never pushes out the values asked for again (issue 34)', async () => {
    const kept = cache({ maxBytes: 100 });
    await kept.remember('popular', value('popular', EMPTY_SCOPE, 20));
    expect(kept.get('popular')).toBe('popular');
    for (let i = 0; i < 50; i += 1) await kept.remember(`novel-${i}`, value(i, EMPTY_SCOPE, 10));
    expect(kept.get('popular')).toBe('popular');
    expect(kept.usage.bytes).toBeLessThanOrEqual(20 + 25);
    expect(kept.get('novel-0')).toBeUndefined();
    // The newest ones wait on probation; asked for again, one stays for good.
    expect(kept.get('novel-49')).toBe(49);
    for (let i = 50; i < 100; i += 1) await kept.remember(`novel-${i}`, value(i, EMPTY_SCOPE, 10));
    expect(kept.get('novel-49')).toBe(49);
    expect(kept.get('popular')).toBe('popular');
  });

  it('while changes cannot be heard, serves a value for at most staleMs, and drops everything once they can again', async () => {
    let now = 0;
    const kept = cache({ staleMs: 1000, now: () => now });
    await kept.remember('a', value('a'));
    kept.setLive(false);
    now = 999;
    expect(kept.get('a')).toBe('a');
    now = 1001;
    expect(kept.get('a')).toBeUndefined();
    await kept.remember('b', value('b'));
    kept.setLive(true);
    expect(kept.get('b')).toBeUndefined();
  });

  it('drops on a stock, options or variants change (D25) the product’s values and the lists filtered by stock, no other list', async () => {
    const list = { categoryIds: [7], sort: 'name' as const, searched: false };
    for (const field of ['stock', 'options', 'variants'] as const) {
      const kept = cache();
      await kept.remember('shows p1', value(1, { ...EMPTY_SCOPE, products: ['p1'] }));
      await kept.remember('category 7 by name', value(2, { ...EMPTY_SCOPE, products: ['p3'], lists: [list] }));
      await kept.remember(
        'category 7 in stock',
        value(3, { ...EMPTY_SCOPE, lists: [{ ...list, filtered: { price: false, stock: true } }] }),
      );
      await kept.remember(
        'category 7 by price range',
        value(4, { ...EMPTY_SCOPE, lists: [{ ...list, filtered: { price: true, stock: false } }] }),
      );
      await kept.remember(
        'category 8 in stock',
        value(5, { ...EMPTY_SCOPE, lists: [{ ...list, categoryIds: [8], filtered: { price: false, stock: true } }] }),
      );
      kept.apply(change([field], 'p1'));
      expect(kept.get('shows p1'), field).toBeUndefined();
      expect(kept.get('category 7 in stock'), field).toBeUndefined();
      expect(kept.get('category 7 by name'), field).toBe(2);
      expect(kept.get('category 7 by price range'), field).toBe(4);
      expect(kept.get('category 8 in stock'), field).toBe(5);
    }
  });

  it('reads a notification it cannot understand as a change of everything, and ignores one about another schema', () => {
    expect(parseCatalogChange('{"schema":"other","all":true}', 'public')).toBeUndefined();
    expect(parseCatalogChange('{"schema":"public","categories":true}', 'public')).toEqual({ kind: 'categories' });
    expect(parseCatalogChange('')).toEqual({ kind: 'all' });
    expect(parseCatalogChange('{"products":1}')).toEqual({ kind: 'all' });
    expect(parseCatalogChange('{"products":["p"],"fields":["stock","options","variants"],"categories":[],"collections":[]}')).toMatchObject(
      {
        fields: new Set(['stock', 'options', 'variants']),
      },
    );
    expect(parseCatalogChange('{"products":["p"],"fields":["price","bogus"],"categories":[3],"collections":[]}')).toEqual({
      kind: 'products',
      products: new Set(['p']),
      fields: new Set(['price']),
      categories: new Set([3]),
      collections: new Set(),
    });
  });
});
