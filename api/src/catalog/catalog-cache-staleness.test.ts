import { describe, expect, it } from 'vitest';
import { CatalogCache, type Made } from './catalog-cache';
import {
  type AnswerScope,
  type CatalogChange,
  type ChangedField,
  EMPTY_SCOPE,
  heardMark,
  heardToken,
  parseCatalogChange,
  type PriceChange,
} from './catalog-change';

/**
 * A filter panel's counts of category 7 (D25): dropped when the category gains or loses products
 * (its scope), kept through its members' price and stock changes (its soft scope), at most BOUND_MS stale.
 */
const BOUND_MS = 1000;
const listScope: AnswerScope = { ...EMPTY_SCOPE, lists: [{ categoryIds: [7], searched: false }] };
const facetsScope: AnswerScope = {
  ...EMPTY_SCOPE,
  lists: [{ categoryIds: [7], searched: false, filtered: { price: true, stock: true } }],
};

const change = (fields: ChangedField[], product = 'p1', prices?: PriceChange): CatalogChange => ({
  kind: 'products',
  products: new Set([product]),
  fields: new Set(fields),
  categories: new Set([7]),
  collections: new Set(),
  ...(prices ? { prices: new Map([[product, prices]]) } : {}),
});

/** A value maker whose makings the test finishes one by one, counting them. */
function maker() {
  const pending: Array<(value: string) => void> = [];
  let started = 0;
  const make = () => {
    started += 1;
    return new Promise<Made<string>>((resolve) =>
      pending.push((value) => resolve({ value, scope: listScope, softScope: facetsScope, bytes: 10, refreshWithinMs: BOUND_MS })),
    );
  };
  return {
    make,
    get started() {
      return started;
    },
    /** Finishes the oldest making still running with `value`, and lets its promise settle. */
    async finish(value: string) {
      pending.shift()!(value);
      await new Promise((resolve) => setTimeout(resolve, 0));
    },
  };
}

function setUp() {
  let now = 0;
  const cache = new CatalogCache({ maxBytes: 10_000, staleMs: 60_000, now: () => now });
  return { cache, advance: (ms: number) => (now += ms) };
}

/** A cache holding the counts, made once ('before'), and their maker. */
async function countsMade() {
  const { cache, advance } = setUp();
  const counts = maker();
  const first = cache.remember('facets', counts.make);
  await counts.finish('before');
  await first;
  return { cache, advance, counts };
}

describe('CatalogCache: values kept through price and stock changes, within a bound (D25)', () => {
  it('serves the previous value after a price change while one making runs, then the new one', async () => {
    const { cache, advance } = setUp();
    const counts = maker();
    const first = cache.remember('facets', counts.make);
    await counts.finish('before');
    expect(await first).toBe('before');

    cache.apply(change(['price']));
    advance(100);
    // The first read after the change starts the making and is served the kept value; so are the reads while it runs.
    expect(cache.get('facets')).toBe('before');
    expect(cache.get('facets')).toBe('before');
    expect(await cache.remember('facets', counts.make)).toBe('before');
    cache.apply(change(['stock'], 'p2'));
    expect(cache.get('facets')).toBe('before');
    expect(counts.started).toBe(2);

    await counts.finish('after');
    // The making overlapped the stock change: kept, still stale, so the next read makes it once more.
    expect(cache.get('facets')).toBe('after');
    expect(counts.started).toBe(3);
    await counts.finish('latest');
    expect(cache.get('facets')).toBe('latest');
    expect(cache.get('facets')).toBe('latest');
    expect(counts.started).toBe(3);
  });

  it('never serves a value older than the bound after a change: a later reader waits for the making', async () => {
    const { cache, advance, counts } = await countsMade();

    cache.apply(change(['price']));
    advance(BOUND_MS);
    expect(cache.get('facets')).toBe('before');
    advance(1);
    expect(cache.get('facets')).toBeUndefined();
    expect(cache.isMaking('facets')).toBe(true);
    const waiting = cache.remember('facets', counts.make);
    // Joined the one making under way, started by the first read after the change.
    expect(counts.started).toBe(2);
    await counts.finish('after');
    expect(await waiting).toBe('after');
    expect(cache.get('facets')).toBe('after');
  });

  it('counts its bound from the first change its making missed, not from when the making started', async () => {
    const { cache, advance, counts } = await countsMade();

    cache.apply(change(['price']));
    expect(cache.get('facets')).toBe('before');
    advance(300);
    // Heard while the making runs: the making may have missed it.
    cache.apply(change(['price'], 'p2'));
    advance(400);
    await counts.finish('after');
    advance(400);
    // 1,100 ms after the making started, 800 after the change it may miss: within the bound (and made again).
    expect(cache.get('facets')).toBe('after');
    expect(counts.started).toBe(3);
    advance(BOUND_MS - 800 + 1);
    expect(cache.get('facets')).toBeUndefined();
  });

  it('makes a value in use (served since it was made) again as soon as a change is heard, not at the next read', async () => {
    const { cache, advance, counts } = await countsMade();
    expect(cache.get('facets')).toBe('before');

    cache.apply(change(['price']));
    expect(counts.started).toBe(2);
    await counts.finish('after');
    // Read long after the change: the value made meanwhile, at once, with nothing missed.
    advance(5 * BOUND_MS);
    expect(cache.get('facets')).toBe('after');
    expect(counts.started).toBe(2);
  });

  it('makes it again at the first read after the bound too, when nobody read it in time', async () => {
    const { cache, advance, counts } = await countsMade();

    cache.apply(change(['variants']));
    advance(5 * BOUND_MS);
    const waiting = cache.remember('facets', counts.make);
    expect(counts.started).toBe(2);
    await counts.finish('after');
    expect(await waiting).toBe('after');
  });

  it('drops it, as any other value, when the list gains or loses products', async () => {
    const { cache } = await countsMade();

    cache.apply(change(['membership']));
    expect(cache.get('facets')).toBeUndefined();
    expect(cache.isMaking('facets')).toBe(false);
    cache.apply({ kind: 'all' });
    expect(cache.usage.entries).toBe(0);
  });

  it('drops a rendered page showing the counts when a change touches what it shows at once (a price-sorted list)', async () => {
    const { cache } = setUp();
    const byPrice: AnswerScope = { ...EMPTY_SCOPE, lists: [{ categoryIds: [7], sort: 'price-asc', searched: false }] };
    const page = () => Promise.resolve({ value: 'page', scope: byPrice, softScope: facetsScope, bytes: 10, refreshWithinMs: BOUND_MS });
    await cache.remember('by price', page);
    await cache.remember('by name', () =>
      Promise.resolve({ value: 'page', scope: listScope, softScope: facetsScope, bytes: 10, refreshWithinMs: BOUND_MS }),
    );
    cache.apply(change(['price']));
    expect(cache.get('by price')).toBeUndefined();
    expect(cache.get('by name')).toBe('page');
  });

  it('still drops a value made without a bound at every change that touches it', async () => {
    const { cache } = setUp();
    await cache.remember('page', () => Promise.resolve({ value: 'page', scope: facetsScope, bytes: 10 }));
    cache.apply(change(['price']));
    expect(cache.get('page')).toBeUndefined();
  });

  it('keeps a list filtered by price, and the counts, through a price change that cannot move them (migration 172 names the prices)', async () => {
    const { cache } = setUp();
    const bounds = (prices?: object): AnswerScope => ({
      ...EMPTY_SCOPE,
      lists: [{ categoryIds: [7], sort: 'name', searched: false, filtered: { price: true, stock: true, ...(prices ? { prices } : {}) } }],
    });
    const keep = (key: string, scope: AnswerScope) => cache.remember(key, () => Promise.resolve({ value: key, scope, bytes: 10 }));
    const kept = async (prices: PriceChange | undefined) => {
      await keep('100-5,000', bounds({ range: { min: 100, max: 5000 } }));
      await keep('counts from 10 to 900', bounds({ span: { min: 10, max: 900 } }));
      await keep('counts from 100 up, none priced', bounds({ range: { min: 100 }, span: null }));
      await keep('any price', bounds());
      cache.apply(change(['price'], 'p1', prices));
      return ['100-5,000', 'counts from 10 to 900', 'counts from 100 up, none priced', 'any price'].filter((key) => cache.get(key) === key);
    };
    // Both sides of the range's ends, which are in it; the counts' lowest and highest prices can move unless the price was strictly between them and stays between them.
    expect(await kept([200, 4999])).toEqual(['100-5,000']);
    expect(await kept([20, 99.99])).toEqual(['100-5,000', 'counts from 10 to 900']);
    expect(await kept([6000, 5000.01])).toEqual(['100-5,000']);
    expect(await kept([null, 50])).toEqual(['100-5,000', 'counts from 10 to 900']);
    expect(await kept([5000, 5001])).toEqual([]);
    expect(await kept([10, 20])).toEqual(['100-5,000']);
    expect(await kept([99, 100])).toEqual(['counts from 10 to 900']);
    expect(await kept([500, 900])).toEqual(['100-5,000', 'counts from 10 to 900']);
    // A list asking for option values, and its counts, never hold a product sold in no options.
    await keep('Beden M, 100-5,000', bounds({ range: { min: 100, max: 5000 }, options: true }));
    await keep('Beden M counts from 10 to 900', bounds({ span: { min: 10, max: 900 }, options: true }));
    cache.apply(change(['price'], 'p1', [200, 6000, false]));
    expect([cache.get('Beden M, 100-5,000'), cache.get('Beden M counts from 10 to 900')]).toEqual([
      'Beden M, 100-5,000',
      'Beden M counts from 10 to 900',
    ]);
    cache.apply(change(['price'], 'p1', [200, 6000, true]));
    expect([cache.get('Beden M, 100-5,000'), cache.get('Beden M counts from 10 to 900')]).toEqual([undefined, undefined]);
    expect(await kept([200, 6000, false])).toEqual([]);
    // Prices not named (a notification from before migration 172): every price change can move them.
    expect(await kept(undefined)).toEqual([]);
  });

  it("reads a notification's prices before and after, and ignores prices it cannot read", () => {
    const base = '"products":["p","q"],"fields":["price"],"categories":[7],"collections":[]';
    expect(parseCatalogChange(`{${base},"prices":{"p":[10.5,null,true],"q":[null,3]}}`)).toMatchObject({
      prices: new Map([
        ['p', [10.5, null, true]],
        ['q', [null, 3]],
      ]),
    });
    expect(parseCatalogChange(`{${base},"prices":{"p":[10.5,null,"yes"]}}`)).not.toHaveProperty('prices');
    expect(parseCatalogChange(`{${base},"prices":{"p":[10.5,"x"]}}`)).not.toHaveProperty('prices');
    expect(parseCatalogChange(`{${base},"prices":[1,2]}`)).not.toHaveProperty('prices');
    // A mark a server sends itself on the channel is no change (not a change of everything).
    expect(parseCatalogChange(heardMark('shop', 'token'), 'shop')).toBeUndefined();
    expect(heardToken(heardMark('shop', 'token'))).toBe('token');
    expect(heardToken(`{${base}}`)).toBeUndefined();
  });
});

describe('CatalogCache: values that follow the changes they miss instead of being made again', () => {
  /** Counts made by `counts` ('made N'), each following changes by naming them ('made N+p1'), or refusing when `refuse`. */
  function following() {
    const followedWith: string[][] = [];
    let refuse = false;
    const value = (text: string): Made<string> => ({
      value: text,
      scope: listScope,
      softScope: facetsScope,
      bytes: 10,
      refreshWithinMs: BOUND_MS,
      follow: (changes) => {
        const products = changes.map((heard) => (heard.kind === 'products' ? [...heard.products].join() : heard.kind));
        followedWith.push(products);
        return Promise.resolve(refuse ? undefined : value(`${text}+${products.join('+')}`));
      },
    });
    const counts = maker();
    const make = () => counts.make().then((made) => value(made.value));
    return {
      counts,
      make,
      followedWith,
      refuse: () => (refuse = true),
      /** Keeps its first counts ('made 1') in `cache`. */
      async keptIn(cache: CatalogCache) {
        const first = cache.remember('facets', make);
        await counts.finish('made 1');
        expect(await first).toBe('made 1');
      },
    };
  }

  it('follows the changes heard since it was made, in order, and serves the followed value', async () => {
    const { cache, advance } = setUp();
    const counts = following();
    await counts.keptIn(cache);

    cache.apply(change(['price'], 'p1', [10, 20]));
    cache.apply(change(['price'], 'p2', [30, 40]));
    // Followed as heard, before anyone reads it: the second change (heard meanwhile) from the first one's result.
    expect(counts.followedWith).toEqual([['p1']]);
    advance(10);
    expect(cache.get('facets')).toBe('made 1');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(cache.get('facets')).toBe('made 1+p1+p2');
    expect(counts.followedWith).toEqual([['p1'], ['p2']]);
    expect(counts.counts.started).toBe(1);

    // A change heard while it follows is followed next, from the followed value.
    cache.apply(change(['price'], 'p3', [1, 2]));
    expect(cache.get('facets')).toBe('made 1+p1+p2');
    cache.apply(change(['price'], 'p4', [1, 2]));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(cache.get('facets')).toBe('made 1+p1+p2+p3+p4');
    expect(counts.followedWith).toEqual([['p1'], ['p2'], ['p3'], ['p4']]);
    expect(counts.counts.started).toBe(1);
  });

  it('follows a change when it is heard: read long past its bound, it is served at once', async () => {
    const { cache, advance } = setUp();
    const counts = following();
    await counts.keptIn(cache);

    cache.apply(change(['price'], 'p1', [10, 20]));
    await new Promise((resolve) => setTimeout(resolve, 0));
    advance(BOUND_MS * 10);
    expect(cache.get('facets')).toBe('made 1+p1');
    expect(counts.counts.started).toBe(1);
  });

  it('is made again when it cannot follow, and after a making that overlapped a change (which it may or may not show)', async () => {
    const { cache } = setUp();
    const counts = following();
    const first = cache.remember('facets', counts.make);
    // Heard while it was first made: made again, not followed.
    cache.apply(change(['price'], 'p1', [10, 20]));
    await counts.counts.finish('made 1');
    expect(await first).toBe('made 1');
    expect(cache.get('facets')).toBe('made 1');
    expect(counts.counts.started).toBe(2);
    expect(counts.followedWith).toEqual([]);
    await counts.counts.finish('made 2');
    expect(cache.get('facets')).toBe('made 2');

    counts.refuse();
    cache.apply(change(['price'], 'p2', [10, 20]));
    expect(cache.get('facets')).toBe('made 2');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(counts.followedWith).toEqual([['p2']]);
    expect(counts.counts.started).toBe(3);
    await counts.counts.finish('made 3');
    expect(cache.get('facets')).toBe('made 3');
  });
});
