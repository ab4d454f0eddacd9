import { describe, expect, it, vi } from 'vitest';
import { ApiCache, type ApiCacheOptions, ApiUnavailable, freshnessOf, parseCacheControl } from './api-cache';

/** The shop's address for the API, as the renders' requests name it. */
const BASE = 'https://shop.example';
const API = 'http://api.internal';
const START = Date.parse('2025-07-01T10:00:00Z');

/** One request the cache made to the API. */
interface Call {
  url: string;
  method: string;
  /** By lower-case name. */
  headers: Record<string, string>;
  body: string | undefined;
  signal: AbortSignal | undefined;
}

type Respond = (call: Call) => Response | Promise<Response>;

interface Deferred<T> {
  promise: Promise<T>;
  resolve: (value: T) => void;
  reject: (error: unknown) => void;
}

function deferred<T>(): Deferred<T> {
  let resolve: (value: T) => void = () => undefined;
  let reject: (error: unknown) => void = () => undefined;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** A cache over a fake API: every request recorded, each answered by `respond` (replaceable per step), on a clock the test moves. */
function setup(options: Partial<ApiCacheOptions> = {}, respond: Respond = () => answer('{}')) {
  const calls: Call[] = [];
  let time = START;
  const api = { respond };
  const fetch: typeof globalThis.fetch = async (input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const call: Call = {
      url,
      method: init?.method ?? 'GET',
      headers: Object.fromEntries(new Headers(init?.headers)),
      body: typeof init?.body === 'string' ? init.body : undefined,
      signal: init?.signal ?? undefined,
    };
    calls.push(call);
    return api.respond(call);
  };
  const cache = new ApiCache({ apiUrl: API, publicBase: BASE, timeoutMs: 1000, maxBytes: 1_000_000, fetch, now: () => time, ...options });
  return {
    cache,
    calls,
    api,
    /** Moves the clock on by `ms`. */
    advance(ms: number) {
      time += ms;
    },
    get now() {
      return time;
    },
  };
}

/** An answer of the API: 200 unless told, with the given headers. */
function answer(body: string | null, headers: Record<string, string> = {}, status = 200): Response {
  return new Response(body, { status, headers });
}

const notModified = (headers: Record<string, string> = {}) => new Response(null, { status: 304, headers });

/** A read by a fresh session, as a render makes it. */
async function read(cache: ApiCache, path = '/api/product', init: RequestInit = {}) {
  const session = cache.session();
  const response = await session.fetch(`${BASE}${path}`, init);
  const [dependency] = session.dependencies();
  return { session, dependency, status: response.status, body: await response.text(), headers: response.headers };
}

const post = (body: string, headers: Record<string, string> = {}): RequestInit => ({
  method: 'POST',
  headers: { Accept: 'application/json', 'Content-Type': 'application/json', ...headers },
  body,
});

const FRESH = { 'Cache-Control': 'public, max-age=60' };

/** Lets the cache's pending work (a background revalidation, a coalesced request) run. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('ApiCache: fresh answers', () => {
  it('serves a fresh answer from one upstream call to every session: the same status, body and headers', async () => {
    const { cache, calls, now } = setup({}, () =>
      answer('[{"id":1}]', { ...FRESH, ETag: '"v1"', 'X-Total-Count': '42', 'Content-Type': 'application/json' }),
    );

    const first = await read(cache, '/api/product?page=2');
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({ url: `${API}/api/product?page=2`, method: 'GET', body: undefined });
    expect(calls[0]?.headers['if-none-match']).toBeUndefined();

    const second = await read(cache, '/api/product?page=2');
    expect(calls).toHaveLength(1);

    for (const { status, body, headers } of [first, second]) {
      expect(status).toBe(200);
      expect(body).toBe('[{"id":1}]');
      expect(headers.get('x-total-count')).toBe('42');
      expect(headers.get('etag')).toBe('"v1"');
      expect(headers.get('content-type')).toBe('application/json');
    }
    expect(second.dependency?.version).toBe(first.dependency?.version);
    expect(first.session.keep).toBe(true);
    expect(first.session.freshUntil).toBe(now + 60_000);
    expect(cache.size.answers).toBe(1);
  });

  it('a session notes each answer once, the earliest freshness, and that it may be kept only when all it read may be', async () => {
    const { cache, now } = setup({}, ({ url }) =>
      url.endsWith('/short')
        ? answer('s', { 'Cache-Control': 'max-age=10, stale-while-revalidate=5' })
        : url.endsWith('/secret')
          ? answer('p', { 'Cache-Control': 'no-store' })
          : answer('l', { 'Cache-Control': 'max-age=60, stale-while-revalidate=30' }),
    );
    const empty = cache.session();
    expect(empty.dependencies()).toEqual([]);
    expect(empty.freshUntil).toBe(Number.POSITIVE_INFINITY);
    expect(empty.staleWhileRevalidateMs).toBe(0);
    expect(empty.keep).toBe(true);

    const session = cache.session();
    await session.fetch(`${BASE}/api/long`, {});
    await session.fetch(`${BASE}/api/short`, {});
    await session.fetch(`${BASE}/api/long`, {});
    expect(session.dependencies().map((dependency) => dependency.request.path)).toEqual(['/api/long', '/api/short']);
    expect(session.freshUntil).toBe(now + 10_000);
    expect(session.staleWhileRevalidateMs).toBe(5_000);
    expect(session.keep).toBe(true);

    await session.fetch(`${BASE}/api/secret`, {});
    expect(session.keep).toBe(false);
  });

  it('serves a kept 204 with no body', async () => {
    const { cache, calls } = setup({}, () => answer(null, FRESH, 204));
    await read(cache);
    const again = await read(cache);
    expect(calls).toHaveLength(1);
    expect(again.status).toBe(204);
    expect(again.body).toBe('');
  });
});

describe('ApiCache: revalidation', () => {
  it.each([
    { method: 'GET', etag: '"abc"' },
    { method: 'GET', etag: 'W/"abc"' },
    { method: 'POST', etag: '"abc"' },
    { method: 'POST', etag: 'W/"abc"' },
  ])(
    'asks a stale $method answer again with If-None-Match: $etag; a 304 keeps its body and version and renews its freshness',
    async ({ method, etag }) => {
      const { cache, calls, api, advance } = setup({}, () => answer('{"items":[1,2]}', { ...FRESH, ETag: etag, 'X-Total-Count': '2' }));
      const init = method === 'POST' ? post('{"category":"mugs"}') : {};
      const first = await read(cache, '/api/product', init);

      advance(59_999);
      await read(cache, '/api/product', init);
      expect(calls).toHaveLength(1);

      advance(1);
      api.respond = () => notModified({ ...FRESH, ETag: etag });
      const second = await read(cache, '/api/product', init);
      expect(calls).toHaveLength(2);
      expect(calls[1]).toMatchObject({ method, url: `${API}/api/product` });
      expect(calls[1]?.headers['if-none-match']).toBe(etag);
      expect(calls[1]?.body).toBe(method === 'POST' ? '{"category":"mugs"}' : undefined);
      expect(second.status).toBe(200);
      expect(second.body).toBe('{"items":[1,2]}');
      expect(second.headers.get('x-total-count')).toBe('2');
      expect(second.dependency?.version).toBe(first.dependency?.version);

      const dependency = first.dependency;
      if (!dependency) throw new Error('the first read noted no dependency');
      const unchanged = await cache.unchanged(dependency);
      expect(unchanged?.body).toBe('{"items":[1,2]}');
      expect(unchanged?.version).toBe(dependency.version);
      expect(calls).toHaveLength(2);

      // Fresh again for another 60 s from the 304.
      advance(59_999);
      await read(cache, '/api/product', init);
      expect(calls).toHaveLength(2);
      advance(1);
      await read(cache, '/api/product', init);
      expect(calls).toHaveLength(3);
      expect(calls[2]?.headers['if-none-match']).toBe(etag);
    },
  );

  it("a 304's headers replace the stored ones it names, and its Age counts instead of the first answer's", async () => {
    const { cache, calls, api, advance, now } = setup({}, () => answer('a', { ...FRESH, Age: '50', ETag: '"1"', 'X-Total-Count': '1' }));
    const first = await read(cache);
    expect(first.session.freshUntil).toBe(now + 10_000);
    advance(10_000);
    api.respond = () => notModified({ 'Cache-Control': 'public, max-age=120', ETag: '"1"', 'X-Total-Count': '7' });
    const second = await read(cache);
    expect(second.headers.get('x-total-count')).toBe('7');
    expect(second.session.freshUntil).toBe(now + 10_000 + 120_000);
    expect(calls).toHaveLength(2);
  });

  it('a changed 200 after revalidation is a new version: the old dependency no longer holds', async () => {
    const { cache, calls, api, advance } = setup({}, () => answer('old', { ...FRESH, ETag: '"1"' }));
    const first = await read(cache);
    const dependency = first.dependency;
    if (!dependency) throw new Error('the first read noted no dependency');

    advance(61_000);
    api.respond = () => answer('new', { ...FRESH, ETag: '"2"' });
    expect(await cache.unchanged(dependency)).toBeUndefined();
    expect(calls).toHaveLength(2);
    expect(calls[1]?.headers['if-none-match']).toBe('"1"');

    const second = await read(cache);
    expect(calls).toHaveLength(2);
    expect(second.body).toBe('new');
    expect(second.dependency?.version).not.toBe(dependency.version);

    advance(60_000);
    api.respond = () => notModified({ ...FRESH, ETag: '"2"' });
    await read(cache);
    expect(calls[2]?.headers['if-none-match']).toBe('"2"');
  });

  it('an identical 200 body (no ETag) keeps its version; a different one does not', async () => {
    const { cache, calls, api, advance } = setup({}, () => answer('same', FRESH));
    const first = await read(cache);
    const dependency = first.dependency;
    if (!dependency) throw new Error('the first read noted no dependency');

    advance(60_000);
    const second = await read(cache);
    expect(calls).toHaveLength(2);
    expect(calls[1]?.headers['if-none-match']).toBeUndefined();
    expect(second.dependency?.version).toBe(dependency.version);
    expect(await cache.unchanged(dependency)).toMatchObject({ body: 'same', version: dependency.version });

    advance(60_000);
    api.respond = () => answer('different', FRESH);
    expect(await cache.unchanged(dependency)).toBeUndefined();
    expect(calls).toHaveLength(3);
  });

  it('an identical body with another status is a new version', async () => {
    const { cache, api, advance } = setup({}, () => answer('{}', FRESH));
    const first = await read(cache);
    advance(60_000);
    api.respond = () => answer('{}', FRESH, 404);
    const second = await read(cache);
    expect(second.status).toBe(404);
    expect(second.dependency?.version).not.toBe(first.dependency?.version);
  });
});

describe('ApiCache: what is kept', () => {
  it('keys POST answers by their body', async () => {
    const { cache, calls } = setup({}, ({ body }) => answer(`for ${body ?? 'no body'}`, FRESH));
    const one = await read(cache, '/api/product', post('{"page":1}'));
    const two = await read(cache, '/api/product', post('{"page":2}'));
    expect(calls.map((call) => call.body)).toEqual(['{"page":1}', '{"page":2}']);
    expect([one.body, two.body]).toEqual(['for {"page":1}', 'for {"page":2}']);

    const again = await read(cache, '/api/product', post('{"page":1}'));
    expect(calls).toHaveLength(2);
    expect(again.body).toBe('for {"page":1}');

    // A GET of the same URL is another request.
    const get = await read(cache, '/api/product');
    expect(calls).toHaveLength(3);
    expect(get.body).toBe('for no body');
    expect(cache.size.answers).toBe(3);
  });

  it.each<{ rule: string; headers: Record<string, string>; status?: number }>([
    { rule: 'no-store', headers: { 'Cache-Control': 'no-store, max-age=60', ETag: '"x"' } },
    { rule: 'private', headers: { 'Cache-Control': 'private, max-age=60', ETag: '"x"' } },
    { rule: 'Vary: *', headers: { ...FRESH, ETag: '"x"', Vary: '*' } },
    { rule: 'neither freshness nor an ETag', headers: { 'X-Total-Count': '3' } },
    { rule: 'a status a cache may not keep (400)', headers: { ...FRESH, ETag: '"x"' }, status: 400 },
  ])('keeps nothing with $rule: every read asks the API, unconditionally', async ({ headers, status }) => {
    const { cache, calls } = setup({}, () => answer('{"a":1}', headers, status ?? 200));
    for (let n = 1; n <= 3; n += 1) {
      const { session, body } = await read(cache);
      expect(body).toBe('{"a":1}');
      expect(session.keep).toBe(false);
      expect(session.failure).toBeUndefined();
      expect(calls).toHaveLength(n);
    }
    expect(calls.every((call) => call.headers['if-none-match'] === undefined)).toBe(true);
    expect(cache.size.answers).toBe(0);
  });

  it('an answer that may no longer be kept replaces the kept one', async () => {
    const { cache, calls, api, advance } = setup({}, () => answer('kept', { ...FRESH, ETag: '"1"' }));
    await read(cache);
    advance(60_000);
    api.respond = () => answer('secret', { 'Cache-Control': 'no-store' });
    expect((await read(cache)).body).toBe('secret');
    expect(cache.size.answers).toBe(0);
    api.respond = () => answer('next', FRESH);
    expect((await read(cache)).body).toBe('next');
    expect(calls[2]?.headers['if-none-match']).toBeUndefined();
  });

  it('keeps an answer with no-cache and an ETag, but asks again (conditionally) on every read', async () => {
    const { cache, calls, api } = setup({}, () => answer('body', { 'Cache-Control': 'public, no-cache, max-age=60', ETag: '"n"' }));
    const first = await read(cache);
    expect(calls[0]?.headers['if-none-match']).toBeUndefined();
    expect(first.session.keep).toBe(true);
    expect(cache.size.answers).toBe(1);

    api.respond = () => notModified({ ETag: '"n"' });
    for (let n = 2; n <= 3; n += 1) {
      const again = await read(cache);
      expect(calls).toHaveLength(n);
      expect(calls[n - 1]?.headers['if-none-match']).toBe('"n"');
      expect(again.body).toBe('body');
      expect(again.session.keep).toBe(true);
      expect(again.dependency?.version).toBe(first.dependency?.version);
    }
  });

  it('keeps an answer with an ETag and no freshness, asking again on every read', async () => {
    const { cache, calls, api } = setup({}, () => answer('body', { ETag: '"e"' }));
    await read(cache);
    api.respond = () => notModified({ ETag: '"e"' });
    expect((await read(cache)).body).toBe('body');
    expect(calls).toHaveLength(2);
    expect(calls[1]?.headers['if-none-match']).toBe('"e"');
  });
});

describe('ApiCache: freshness', () => {
  it('s-maxage wins over max-age, either way round', async () => {
    const longer = setup({}, () => answer('a', { 'Cache-Control': 'public, max-age=10, s-maxage=60' }));
    await read(longer.cache);
    longer.advance(59_999);
    await read(longer.cache);
    expect(longer.calls).toHaveLength(1);
    longer.advance(1);
    await read(longer.cache);
    expect(longer.calls).toHaveLength(2);

    const shorter = setup({}, () => answer('a', { 'Cache-Control': 'public, s-maxage=10, max-age=60' }));
    await read(shorter.cache);
    shorter.advance(10_000);
    await read(shorter.cache);
    expect(shorter.calls).toHaveLength(2);
  });

  it("subtracts the answer's Age from its lifetime", async () => {
    const { cache, calls, advance, now } = setup({}, () => answer('a', { ...FRESH, Age: '20' }));
    const first = await read(cache);
    expect(first.session.freshUntil).toBe(now + 40_000);
    advance(39_999);
    await read(cache);
    expect(calls).toHaveLength(1);
    advance(1);
    await read(cache);
    expect(calls).toHaveLength(2);
  });

  it('maxFreshMs: 0 asks again (conditionally) on every read', async () => {
    const { cache, calls, api } = setup({ maxFreshMs: 0 }, () => answer('a', { ...FRESH, ETag: '"m"' }));
    await read(cache);
    api.respond = () => notModified({ ...FRESH, ETag: '"m"' });
    const again = await read(cache);
    await read(cache);
    expect(calls).toHaveLength(3);
    expect(calls.slice(1).map((call) => call.headers['if-none-match'])).toEqual(['"m"', '"m"']);
    expect(again.body).toBe('a');
  });

  it('maxFreshMs caps a longer lifetime', async () => {
    const { cache, calls, advance } = setup({ maxFreshMs: 5_000 }, () => answer('a', FRESH));
    await read(cache);
    advance(4_999);
    await read(cache);
    expect(calls).toHaveLength(1);
    advance(1);
    await read(cache);
    expect(calls).toHaveLength(2);
  });
});

describe('ApiCache: stale-while-revalidate', () => {
  const SWR = { 'Cache-Control': 'public, max-age=60, stale-while-revalidate=30' };

  it('serves the stale answer at once within the window, asks again once behind it, then serves the new answer', async () => {
    const { cache, calls, api, advance } = setup({}, () => answer('old', { ...SWR, ETag: '"1"' }));
    const first = await read(cache);
    expect(first.session.staleWhileRevalidateMs).toBe(30_000);

    advance(70_000);
    const behind = deferred<Response>();
    api.respond = () => behind.promise;
    const stale = await read(cache);
    expect(stale.body).toBe('old');
    expect(stale.dependency?.version).toBe(first.dependency?.version);
    expect(calls).toHaveLength(2);
    expect(calls[1]?.headers['if-none-match']).toBe('"1"');

    // Another read while the API is asked: still the stale answer, and no second request.
    expect((await read(cache)).body).toBe('old');
    expect(calls).toHaveLength(2);

    behind.resolve(answer('new', { ...SWR, ETag: '"2"' }));
    await vi.waitFor(async () => expect((await read(cache)).body).toBe('new'));
    expect(calls).toHaveLength(2);
  });

  it('past the window, a read waits for the new answer', async () => {
    const { cache, calls, api, advance } = setup({}, () => answer('old', SWR));
    await read(cache);
    advance(90_000);
    const upstream = deferred<Response>();
    api.respond = () => upstream.promise;
    let done = false;
    const reading = read(cache).finally(() => {
      done = true;
    });
    await settle();
    expect(calls).toHaveLength(2);
    expect(done).toBe(false);
    upstream.resolve(answer('new', SWR));
    expect((await reading).body).toBe('new');
  });

  it('a failed revalidation behind a stale answer fails no read: the next read asks again', async () => {
    const { cache, calls, api, advance } = setup({}, () => answer('old', SWR));
    await read(cache);
    advance(70_000);
    api.respond = () => Promise.reject(new TypeError('fetch failed'));
    const stale = await read(cache);
    expect(stale.body).toBe('old');
    expect(stale.session.failure).toBeUndefined();
    await settle();
    api.respond = () => answer('new', SWR);
    // The answer is still stale: served again at once, with another request behind it.
    expect((await read(cache)).body).toBe('old');
    expect(calls).toHaveLength(3);
  });

  it.each(['must-revalidate', 'proxy-revalidate', 'no-cache'])('%s disables it: a stale read waits for the API', async (directive) => {
    const { cache, calls, api, advance } = setup({}, () =>
      answer('old', { 'Cache-Control': `public, max-age=60, stale-while-revalidate=30, ${directive}`, ETag: '"1"' }),
    );
    const first = await read(cache);
    expect(first.session.staleWhileRevalidateMs).toBe(0);
    advance(70_000);
    api.respond = () => answer('new', { ...SWR, ETag: '"2"' });
    expect((await read(cache)).body).toBe('new');
    expect(calls).toHaveLength(2);
  });
});

describe('ApiCache: coalescing', () => {
  it('five concurrent reads of a missing answer share one request', async () => {
    const upstream = deferred<Response>();
    const { cache, calls } = setup({}, ({ url }) => (url.endsWith('/other') ? answer('other', FRESH) : upstream.promise));
    const reads = Array.from({ length: 5 }, () => read(cache, '/api/product', post('{"q":"mug"}')));
    const other = read(cache, '/api/other');
    await settle();
    expect(calls.map((call) => call.url)).toEqual([`${API}/api/product`, `${API}/api/other`]);

    upstream.resolve(answer('mugs', { ...FRESH, 'X-Total-Count': '5' }));
    const results = await Promise.all(reads);
    expect(results.map((result) => result.body)).toEqual(Array(5).fill('mugs'));
    expect(results.map((result) => result.headers.get('x-total-count'))).toEqual(Array(5).fill('5'));
    expect(new Set(results.map((result) => result.dependency?.version)).size).toBe(1);
    expect((await other).body).toBe('other');
    expect(calls).toHaveLength(2);
  });

  it('concurrent reads share a failure too, and the next read asks again', async () => {
    const upstream = deferred<Response>();
    const { cache, calls, api } = setup({}, () => upstream.promise);
    const sessions = Array.from({ length: 3 }, () => cache.session());
    const reads = sessions.map((session) => session.fetch(`${BASE}/api/product`, {}));
    await settle();
    upstream.reject(new TypeError('fetch failed'));
    for (const reading of reads) await expect(reading).rejects.toBeInstanceOf(ApiUnavailable);
    expect(sessions.every((session) => session.failure instanceof ApiUnavailable)).toBe(true);
    expect(calls).toHaveLength(1);

    api.respond = () => answer('back', FRESH);
    expect((await read(cache)).body).toBe('back');
    expect(calls).toHaveLength(2);
  });
});

describe('ApiCache: failures', () => {
  it('an API that cannot be reached is ApiUnavailable: the session notes it, and nothing is kept', async () => {
    const refused = new TypeError('fetch failed', {
      cause: Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5001'), { code: 'ECONNREFUSED' }),
    });
    const { cache, calls } = setup({}, () => Promise.reject(refused));
    const session = cache.session();
    await expect(session.fetch(`${BASE}/api/product`, {})).rejects.toThrow(ApiUnavailable);
    expect(session.failure).toBeInstanceOf(ApiUnavailable);
    expect(session.failure?.message).toContain('GET /api/product');
    expect(session.keep).toBe(false);
    expect(cache.size.answers).toBe(0);

    // The first failure stays the session's.
    const first = session.failure;
    await expect(session.fetch(`${BASE}/api/other`, {})).rejects.toThrow(ApiUnavailable);
    expect(session.failure).toBe(first);
    expect(calls).toHaveLength(2);
  });

  it.each([500, 502, 503, 504])('a %i answer is ApiUnavailable, and is not kept', async (status) => {
    const { cache, calls } = setup({}, () => answer('{"error":"down"}', { ...FRESH, ETag: '"e"' }, status));
    for (let n = 1; n <= 2; n += 1) {
      const session = cache.session();
      await expect(session.fetch(`${BASE}/api/product`, post('{}'))).rejects.toThrow(ApiUnavailable);
      expect(session.failure?.message).toContain(String(status));
      expect(session.keep).toBe(false);
      expect(calls).toHaveLength(n);
    }
    expect(calls[1]?.headers['if-none-match']).toBeUndefined();
    expect(cache.size.answers).toBe(0);
  });

  it('a 5xx while asking a stale answer again fails the read, but leaves the kept answer to revalidate later', async () => {
    const { cache, calls, api, advance } = setup({}, () => answer('kept', { ...FRESH, ETag: '"k"' }));
    const first = await read(cache);
    advance(60_000);
    api.respond = () => answer('', {}, 503);
    await expect(read(cache)).rejects.toThrow(ApiUnavailable);
    api.respond = () => notModified({ ...FRESH, ETag: '"k"' });
    const again = await read(cache);
    expect(calls[2]?.headers['if-none-match']).toBe('"k"');
    expect(again.body).toBe('kept');
    expect(again.dependency?.version).toBe(first.dependency?.version);
  });

  it('an API that does not answer is ApiUnavailable after timeoutMs', async () => {
    const { cache, calls } = setup(
      { timeoutMs: 50 },
      ({ signal }) =>
        new Promise<Response>((_resolve, reject) => {
          signal?.addEventListener('abort', () => reject(signal.reason as Error));
        }),
    );
    const session = cache.session();
    await expect(session.fetch(`${BASE}/api/product`, {})).rejects.toThrow(/no answer in time/);
    expect(session.failure).toBeInstanceOf(ApiUnavailable);
    expect(calls[0]?.signal?.aborted).toBe(true);
    expect(cache.size.answers).toBe(0);
  });

  it('a 404 is an answer, not a failure, and is kept by its freshness', async () => {
    const { cache, calls } = setup({}, () => answer('{"error":"not found"}', FRESH, 404));
    const first = await read(cache, '/api/product/nope');
    expect(first.status).toBe(404);
    expect(first.body).toBe('{"error":"not found"}');
    expect(first.session.failure).toBeUndefined();
    expect(first.session.keep).toBe(true);
    const second = await read(cache, '/api/product/nope');
    expect(second.status).toBe(404);
    expect(calls).toHaveLength(1);
  });
});

describe('ApiCache: Vary', () => {
  const byLanguage: Respond = ({ headers }) =>
    answer(`in ${headers['accept-language'] ?? 'any language'}`, { ...FRESH, Vary: 'Accept-Language' });

  it('serves an answer only to requests with the same values of the headers it varies on', async () => {
    const { cache, calls } = setup({}, byLanguage);
    const english = { headers: { 'Accept-Language': 'en' } };
    const french = { headers: { 'accept-language': 'fr' } };
    expect((await read(cache, '/api/product', english)).body).toBe('in en');
    expect((await read(cache, '/api/product', { headers: { 'ACCEPT-LANGUAGE': 'en' } })).body).toBe('in en');
    expect(calls).toHaveLength(1);

    expect((await read(cache, '/api/product', french)).body).toBe('in fr');
    expect(calls).toHaveLength(2);
    expect((await read(cache, '/api/product', french)).body).toBe('in fr');
    expect(calls).toHaveLength(2);

    expect((await read(cache, '/api/product')).body).toBe('in any language');
    expect(calls).toHaveLength(3);
    expect((await read(cache, '/api/product', english)).body).toBe('in en');
    expect(calls).toHaveLength(4);
  });

  it('does not share an answer being asked with a concurrent request that differs in a varied header', async () => {
    const upstream = deferred<Response>();
    const { cache, calls, api } = setup({}, () => upstream.promise);
    const english = read(cache, '/api/product', { headers: { 'Accept-Language': 'en' } });
    await settle();
    api.respond = byLanguage;
    const french = read(cache, '/api/product', { headers: { 'Accept-Language': 'fr' } });
    await settle();
    upstream.resolve(answer('in en', { ...FRESH, Vary: 'Accept-Language' }));
    expect((await english).body).toBe('in en');
    expect((await french).body).toBe('in fr');
    expect(calls.map((call) => call.headers['accept-language'])).toEqual(['en', 'fr']);
  });
});

describe('ApiCache: credentials', () => {
  it.each([
    ['Authorization', 'Bearer token-1'],
    ['Cookie', 'session=abc'],
  ])('a request with %s is never kept nor served from the cache', async (name, value) => {
    const { cache, calls } = setup({}, ({ headers }) =>
      answer(name.toLowerCase() in headers ? 'personal' : 'public', { ...FRESH, ETag: '"p"' }),
    );
    expect((await read(cache)).body).toBe('public');
    expect(calls).toHaveLength(1);

    for (let n = 2; n <= 3; n += 1) {
      const personal = await read(cache, '/api/product', { headers: { [name]: value } });
      expect(personal.body).toBe('personal');
      expect(personal.session.keep).toBe(false);
      expect(calls).toHaveLength(n);
      expect(calls[n - 1]?.headers[name.toLowerCase()]).toBe(value);
      expect(calls[n - 1]?.headers['if-none-match']).toBeUndefined();
    }

    // The shared answer is still the public one.
    expect((await read(cache)).body).toBe('public');
    expect(calls).toHaveLength(3);
    expect(cache.size.answers).toBe(1);
  });

  it('concurrent requests with credentials are not shared', async () => {
    const upstream = deferred<undefined>();
    const { cache, calls } = setup({}, async ({ headers }) => {
      await upstream.promise;
      return answer(`for ${headers.authorization ?? 'no one'}`, FRESH);
    });
    const reads = ['Bearer a', 'Bearer b'].map((token) => read(cache, '/api/me', { headers: { Authorization: token } }));
    await settle();
    expect(calls.map((call) => call.headers.authorization)).toEqual(['Bearer a', 'Bearer b']);
    upstream.resolve(undefined);
    expect((await Promise.all(reads)).map((result) => result.body)).toEqual(['for Bearer a', 'for Bearer b']);
  });
});

describe('ApiCache: size bound', () => {
  // An answer's size: twice its body's and key's lengths, plus 512 bytes.
  const body = 'x'.repeat(500);
  const entryBytes = (path: string) => 2 * body.length + 2 * `GET ${path}\n`.length + 512;

  it('evicts the least recently read answers beyond maxBytes; an evicted answer is asked again', async () => {
    const maxBytes = 2 * entryBytes('/api/p/1') + 100;
    const { cache, calls } = setup({ maxBytes }, () => answer(body, FRESH));
    await read(cache, '/api/p/1');
    await read(cache, '/api/p/2');
    expect(cache.size).toEqual({ answers: 2, bytes: 2 * entryBytes('/api/p/1') });

    await read(cache, '/api/p/1'); // now the most recently read
    await read(cache, '/api/p/3');
    expect(cache.size.answers).toBe(2);
    expect(cache.size.bytes).toBeLessThanOrEqual(maxBytes);
    expect(calls).toHaveLength(3);

    await read(cache, '/api/p/1');
    await read(cache, '/api/p/3');
    expect(calls).toHaveLength(3);
    await read(cache, '/api/p/2');
    expect(calls.map((call) => call.url.slice(API.length))).toEqual(['/api/p/1', '/api/p/2', '/api/p/3', '/api/p/2']);
  });

  it('an answer larger than maxBytes is served but not kept', async () => {
    const { cache, calls } = setup({ maxBytes: 1_000 }, () => answer(body, FRESH));
    expect((await read(cache)).body).toBe(body);
    expect(cache.size.answers).toBe(0);
    await read(cache);
    expect(calls).toHaveLength(2);
  });
});

describe('ApiCache.requestFor', () => {
  it('maps publicBase to apiUrl, with its path and without its trailing slashes', () => {
    for (const apiUrl of ['http://api.internal/shop', 'http://api.internal/shop/']) {
      const { cache } = setup({ apiUrl });
      expect(cache.requestFor(`${BASE}/api/product?page=2`, {})).toMatchObject({
        upstreamUrl: 'http://api.internal/shop/api/product?page=2',
        path: '/api/product?page=2',
        method: 'GET',
      });
    }
  });

  it('sends the request to the mapped URL', async () => {
    const { cache, calls } = setup({ apiUrl: 'http://api.internal/shop' });
    await read(cache, '/api/product', post('{}'));
    expect(calls[0]?.url).toBe('http://api.internal/shop/api/product');
  });

  it("with publicBase '' maps the page origin's paths", async () => {
    const { cache, calls } = setup({ publicBase: '' });
    expect(cache.requestFor('/api/product', {}).upstreamUrl).toBe(`${API}/api/product`);
    await cache.session().fetch('/api/product', post('{}'));
    expect(calls[0]?.url).toBe(`${API}/api/product`);
  });

  it.each([
    ['another origin', BASE, 'https://elsewhere.example/api/product'],
    ['an origin that merely starts like it', BASE, 'https://shop.example.evil.test/api/product'],
    ['another port', BASE, 'https://shop.example:8443/api/product'],
    ['credentials in the authority', BASE, 'https://shop.example@evil.test/api/product'],
    ["an absolute URL, for publicBase ''", '', 'https://elsewhere.example/api/product'],
  ])('refuses a URL outside publicBase: %s', async (_case, publicBase, url) => {
    const { cache, calls } = setup({ publicBase });
    expect(() => cache.requestFor(url, {})).toThrow(/outside the API/);
    const session = cache.session();
    await expect(session.fetch(url, {})).rejects.toThrow(/outside the API/);
    expect(session.failure?.message).toMatch(/outside the API/);
    expect(session.keep).toBe(false);
    expect(calls).toHaveLength(0);
  });

  it('keys a request by method, path and body; names its headers in lower case; notes credentials', () => {
    const { cache } = setup();
    const request = cache.requestFor(`${BASE}/api/product`, {
      method: 'post',
      headers: { 'Content-Type': 'application/json' },
      body: '{"a":1}',
    });
    expect(request).toMatchObject({
      method: 'POST',
      key: 'POST /api/product\n{"a":1}',
      headers: { 'content-type': 'application/json' },
      body: '{"a":1}',
      credentials: false,
    });
    expect(cache.requestFor(`${BASE}/api/product`, { body: '{"a":2}', method: 'POST' }).key).not.toBe(request.key);
    expect(cache.requestFor(`${BASE}/api/product`, { headers: { COOKIE: 'a=b' } }).credentials).toBe(true);
  });

  it('reads headers in any form the caller gives them: a Headers object with credentials is noted and never kept', async () => {
    const { cache, calls } = setup({}, () => answer('{}', { 'Cache-Control': 'public, max-age=60', ETag: '"a"' }));
    const init = { headers: new Headers({ Authorization: 'Bearer token' }) };
    expect(cache.requestFor(`${BASE}/api/users/profile`, init).credentials).toBe(true);
    await read(cache, '/api/users/profile', init);
    await read(cache, '/api/users/profile', init);
    expect(calls).toHaveLength(2);
    expect(calls[0]?.headers.authorization).toBe('Bearer token');
    expect(cache.size.answers).toBe(0);
  });

  it("leaves a caller's own conditions out: the cache asks with what it holds, and never hands back a 304", async () => {
    const { cache, calls, advance } = setup({}, () => answer('{"v":1}', { 'Cache-Control': 'public, max-age=60', ETag: '"v1"' }));
    const init = { headers: { 'If-None-Match': '"elsewhere"', 'If-Modified-Since': 'Tue, 01 Jul 2025 09:00:00 GMT' } };
    const first = await read(cache, '/api/Category', init);
    expect(first.status).toBe(200);
    expect(calls[0]?.headers['if-none-match']).toBeUndefined();
    expect(calls[0]?.headers['if-modified-since']).toBeUndefined();
    advance(61_000);
    await read(cache, '/api/Category', init);
    expect(calls[1]?.headers['if-none-match']).toBe('"v1"');
  });

  it('refuses a body that is not a string', () => {
    const { cache } = setup();
    expect(() => cache.requestFor(`${BASE}/api/product`, { method: 'POST', body: new URLSearchParams({ a: '1' }) })).toThrow(
      /Only JSON bodies/,
    );
  });
});

describe('freshnessOf', () => {
  const DATE = 'Tue, 01 Jul 2025 10:00:00 GMT';

  it.each<[string, Array<[string, string]>, number, { keep: boolean; freshMs: number; staleWhileRevalidateMs: number }]>([
    ['max-age', [['cache-control', 'public, max-age=60']], 200, { keep: true, freshMs: 60_000, staleWhileRevalidateMs: 0 }],
    ['a quoted max-age', [['cache-control', 'max-age="60"']], 200, { keep: true, freshMs: 60_000, staleWhileRevalidateMs: 0 }],
    [
      's-maxage over max-age',
      [['cache-control', 'max-age=60, s-maxage=5']],
      200,
      { keep: true, freshMs: 5_000, staleWhileRevalidateMs: 0 },
    ],
    [
      'max-age less Age',
      [
        ['cache-control', 'max-age=60'],
        ['age', '15'],
      ],
      200,
      { keep: true, freshMs: 45_000, staleWhileRevalidateMs: 0 },
    ],
    [
      'an Age beyond the lifetime',
      [
        ['cache-control', 'max-age=60'],
        ['age', '90'],
      ],
      200,
      { keep: true, freshMs: 0, staleWhileRevalidateMs: 0 },
    ],
    [
      'Expires less Date, without max-age',
      [
        ['date', DATE],
        ['expires', 'Tue, 01 Jul 2025 10:05:00 GMT'],
      ],
      200,
      { keep: true, freshMs: 300_000, staleWhileRevalidateMs: 0 },
    ],
    [
      'max-age over Expires',
      [
        ['cache-control', 'max-age=10'],
        ['date', DATE],
        ['expires', 'Tue, 01 Jul 2025 10:05:00 GMT'],
      ],
      200,
      { keep: true, freshMs: 10_000, staleWhileRevalidateMs: 0 },
    ],
    [
      'Expires before Date',
      [
        ['date', DATE],
        ['expires', 'Tue, 01 Jul 2025 09:00:00 GMT'],
      ],
      200,
      { keep: true, freshMs: 0, staleWhileRevalidateMs: 0 },
    ],
    ...(['0', 'never'].map((expires) => [
      `an invalid Expires (${expires}): already expired`,
      [
        ['date', DATE],
        ['expires', expires],
        ['etag', '"e"'],
      ],
      200,
      { keep: true, freshMs: 0, staleWhileRevalidateMs: 0 },
    ]) as Array<[string, Array<[string, string]>, number, { keep: boolean; freshMs: number; staleWhileRevalidateMs: number }]>),
    ['an ETag alone', [['etag', '"e"']], 200, { keep: true, freshMs: 0, staleWhileRevalidateMs: 0 }],
    ['a non-numeric max-age', [['cache-control', 'max-age=soon']], 200, { keep: false, freshMs: 0, staleWhileRevalidateMs: 0 }],
    ['no-cache', [['cache-control', 'no-cache, max-age=60']], 200, { keep: true, freshMs: 0, staleWhileRevalidateMs: 0 }],
    ['no-store', [['cache-control', 'no-store, max-age=60']], 200, { keep: false, freshMs: 60_000, staleWhileRevalidateMs: 0 }],
    ['private', [['cache-control', 'Private, max-age=60']], 200, { keep: false, freshMs: 60_000, staleWhileRevalidateMs: 0 }],
    [
      'Vary: *',
      [
        ['cache-control', 'max-age=60'],
        ['vary', ' * '],
      ],
      200,
      { keep: false, freshMs: 60_000, staleWhileRevalidateMs: 0 },
    ],
    [
      'stale-while-revalidate',
      [['cache-control', 'max-age=60, stale-while-revalidate=30']],
      200,
      { keep: true, freshMs: 60_000, staleWhileRevalidateMs: 30_000 },
    ],
    [
      'must-revalidate',
      [['cache-control', 'max-age=60, stale-while-revalidate=30, must-revalidate']],
      200,
      { keep: true, freshMs: 60_000, staleWhileRevalidateMs: 0 },
    ],
    ['a 404', [['cache-control', 'max-age=60']], 404, { keep: true, freshMs: 60_000, staleWhileRevalidateMs: 0 }],
    ['a 206', [['cache-control', 'max-age=60']], 206, { keep: false, freshMs: 60_000, staleWhileRevalidateMs: 0 }],
    ['a 302', [['cache-control', 'max-age=60']], 302, { keep: false, freshMs: 60_000, staleWhileRevalidateMs: 0 }],
    ['a 500', [['cache-control', 'max-age=60']], 500, { keep: false, freshMs: 60_000, staleWhileRevalidateMs: 0 }],
  ])('%s', (_case, headers, status, expected) => {
    expect(freshnessOf(headers, status)).toEqual(expected);
  });
});

describe('parseCacheControl', () => {
  it('names directives in lower case, with their values unquoted, or true', () => {
    expect(parseCacheControl('Public, Max-Age=60, no-cache="Set-Cookie", ,s-maxage = 5')).toEqual(
      new Map<string, string | true>([
        ['public', true],
        ['max-age', '60'],
        ['no-cache', 'Set-Cookie'],
        ['s-maxage', '5'],
      ]),
    );
    expect(parseCacheControl(undefined).size).toBe(0);
  });
});
