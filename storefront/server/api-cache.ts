import { LRUCache } from 'lru-cache';

/**
 * The storefront's shared HTTP cache of the API's answers (D22): every render on this server
 * reads the catalogue through it. It follows the API's own freshness rules, as a shared cache:
 *
 * - `Cache-Control`: `s-maxage`, else `max-age`, less the answer's `Age`, else `Expires`; `no-cache`
 *   and `must-revalidate` mean ask first; `no-store`, `private` and `Vary: *` mean keep nothing;
 *   `stale-while-revalidate` lets a stale answer serve while one request asks again behind it.
 * - A stale answer with an `ETag` is asked again with `If-None-Match`; a 304 keeps the stored
 *   answer (no body, no parse) and renews its freshness.
 * - `Vary`: an answer serves only requests with the same values of the headers it names.
 * - Many renders asking for one answer at once share one request (coalescing).
 * - Every request to the API has a time limit; the cache holds at most `maxBytes`.
 *
 * The catalogue's reads are POSTs (SPEC 7: `POST /api/product` with a filter body). HTTP caches
 * (RFC 9111, and the libraries that implement it: undici's cache, http-cache-semantics) keep only
 * GET answers, and revalidate a POST with strong validators only; the contract says these POSTs
 * are reads, with weak ETags and If-None-Match (docs/api.md). So this cache keys an answer by
 * method, URL and body, and revalidates POSTs like GETs. Nothing else is kept: a request with
 * credentials (`Authorization`, `Cookie`) passes straight through.
 */
export class ApiCache {
  private readonly kept: LRUCache<string, Entry>;
  private readonly asking = new Map<string, Promise<Entry>>();
  private readonly fetchFn: typeof fetch;
  private readonly now: () => number;
  private versions = 0;

  constructor(private readonly options: ApiCacheOptions) {
    this.fetchFn = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
    this.now = options.now ?? Date.now;
    this.kept = new LRUCache<string, Entry>({ maxSize: Math.max(1, options.maxBytes), sizeCalculation: entryBytes });
  }

  /** The answers kept now, and their size in bytes (for tests and the bench). */
  get size(): { answers: number; bytes: number } {
    return { answers: this.kept.size, bytes: this.kept.calculatedSize };
  }

  /** A session for one render: a `fetch` that reads through the cache and notes what the render read. */
  session(): ApiSession {
    return new ApiSession(this);
  }

  /**
   * The current answer to `request`: the kept one while fresh (or stale within
   * `stale-while-revalidate`, asking again behind it), else asked again (conditionally when it has
   * an ETag). Throws ApiUnavailable when the API does not answer in time or answers 5xx.
   */
  async current(request: ApiRequest): Promise<Entry> {
    // One shopper's answer is no one else's: asked every time, shared with no one, never kept.
    if (request.credentials) return this.askApi(request, undefined);
    const kept = this.kept.get(request.key);
    const matching = kept && varyMatches(kept, request) ? kept : undefined;
    if (matching) {
      const now = this.now();
      if (now < matching.freshUntil) return matching;
      if (now < matching.freshUntil + matching.staleWhileRevalidateMs) {
        this.ask(request, matching).catch(() => {
          // The stale answer served; the next request asks again.
        });
        return matching;
      }
    }
    return this.ask(request, matching);
  }

  /** Whether `dependency` still holds: the answer it was read from is current and unchanged. */
  async unchanged(dependency: Dependency): Promise<Entry | undefined> {
    const entry = await this.current(dependency.request);
    return entry.version === dependency.version && entry.keep ? entry : undefined;
  }

  /** The cache's view of a request the shop's HTTP client makes (to the public base), to be sent to the API. */
  requestFor(url: string, init: RequestInit): ApiRequest {
    const { apiUrl, publicBase } = this.options;
    const path = url.slice(publicBase.length);
    // The base must end where the path begins: `https://shop.example.evil.test/…` or `…:8443/…` is not `https://shop.example`.
    if (!url.startsWith(publicBase) || !/^(?:[/?]|$)/.test(path)) {
      throw new Error(`A render asked for ${url}, outside the API (${publicBase || 'the page origin'})`);
    }
    const method = (init.method ?? 'GET').toUpperCase();
    // Names in lower case, whatever form the caller gave them in; the conditions are the cache's own to send.
    const headers = Object.fromEntries([...new Headers(init.headers).entries()].filter(([name]) => !CONDITIONS.includes(name)));
    if (init.body !== undefined && init.body !== null && typeof init.body !== 'string') {
      throw new Error('Only JSON bodies are read through the cache');
    }
    const body = init.body ?? undefined;
    const upstreamUrl = `${apiUrl.replace(/\/+$/, '')}${path}`;
    return {
      key: `${method} ${path}\n${body ?? ''}`,
      method,
      path,
      upstreamUrl,
      headers,
      body,
      credentials: CREDENTIALS.some((name) => name in headers),
    };
  }

  /** Asks the API (once for all who ask the same at the same time). */
  private ask(request: ApiRequest, previous: Entry | undefined): Promise<Entry> {
    const asking = this.asking.get(request.key);
    // The answer being asked serves this request only if it does not vary on a header this request has otherwise.
    if (asking) return asking.then((entry) => (varyMatches(entry, request) ? entry : this.askApi(request, previous)));
    const answer = this.askApi(request, previous).finally(() => this.asking.delete(request.key));
    this.asking.set(request.key, answer);
    return answer;
  }

  private async askApi(request: ApiRequest, previous: Entry | undefined): Promise<Entry> {
    const headers: Record<string, string> = { ...request.headers };
    if (previous?.etag) headers['if-none-match'] = previous.etag;
    let response: Response;
    let body: string;
    try {
      response = await this.fetchFn(request.upstreamUrl, {
        method: request.method,
        headers,
        ...(request.body === undefined ? {} : { body: request.body }),
        signal: AbortSignal.timeout(this.options.timeoutMs),
      });
      body = response.status === 304 ? '' : await response.text();
    } catch (error) {
      throw new ApiUnavailable(`The API did not answer ${request.method} ${request.path}: ${reason(error)}`);
    }
    if (response.status >= 500) throw new ApiUnavailable(`The API answered ${request.method} ${request.path} with ${response.status}`);
    const received = this.now();
    if (response.status === 304 && previous) {
      const headers = mergeHeaders(previous.headers, response.headers);
      const renewed: Entry = { ...previous, headers, ...this.freshness(headers, received, previous.status) };
      if (renewed.keep) this.kept.set(request.key, renewed);
      return renewed;
    }
    const stored = storedHeaders(response.headers);
    const same = previous !== undefined && previous.status === response.status && previous.body === body;
    const entry: Entry = {
      request,
      status: response.status,
      headers: stored,
      body,
      etag: response.headers.get('etag') ?? undefined,
      version: same ? previous.version : ++this.versions,
      vary: varyOf(response.headers, request),
      ...this.freshness(stored, received, response.status),
    };
    if (request.credentials) return { ...entry, keep: false };
    if (entry.keep) this.kept.set(request.key, entry);
    else this.kept.delete(request.key);
    return entry;
  }

  /** When an answer received at `received` with `headers` stops being fresh, and whether it may be kept at all. */
  private freshness(headers: StoredHeaders, received: number, status = 200): Pick<Entry, 'freshUntil' | 'staleWhileRevalidateMs' | 'keep'> {
    const rules = freshnessOf(headers, status);
    const lifetime = Math.min(rules.freshMs, this.options.maxFreshMs ?? Number.POSITIVE_INFINITY);
    return { freshUntil: received + lifetime, staleWhileRevalidateMs: rules.staleWhileRevalidateMs, keep: rules.keep };
  }
}

export interface ApiCacheOptions {
  /** The API as the server reaches it, e.g. `http://127.0.0.1:5001`. */
  apiUrl: string;
  /** The API as the browser reaches it ('' for the page's own origin): the renders' requests name it, and are sent to `apiUrl`. */
  publicBase: string;
  /** How long one request to the API may take (ms). */
  timeoutMs: number;
  /** How many bytes of answers the cache holds at most. */
  maxBytes: number;
  /** An upper bound on any answer's freshness (ms): 0 asks again (conditionally) on every read. */
  maxFreshMs?: number;
  fetch?: typeof fetch;
  now?: () => number;
}

/** The API did not answer in time, could not be reached, or answered with a server error. */
export class ApiUnavailable extends Error {
  override readonly name = 'ApiUnavailable';
}

/** A request to the API as the cache sees it. */
export interface ApiRequest {
  /** Method, URL and body: what one answer is kept under. */
  readonly key: string;
  readonly method: string;
  /** The path and query, for messages. */
  readonly path: string;
  readonly upstreamUrl: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: string | undefined;
  /** It carries a shopper's credentials (`Authorization`, `Cookie`). */
  readonly credentials: boolean;
}

/** An answer a render read, and which version of it. */
export interface Dependency {
  readonly request: ApiRequest;
  readonly version: number;
}

/** The headers kept with an answer: everything but the hop-by-hop ones and cookies. */
type StoredHeaders = ReadonlyArray<readonly [string, string]>;

interface Entry {
  readonly request: ApiRequest;
  readonly status: number;
  readonly headers: StoredHeaders;
  readonly body: string;
  readonly etag: string | undefined;
  /** Changes only when the answer does: equal versions are equal answers. */
  readonly version: number;
  /** The request headers the answer varies on, with the values it was made for. */
  readonly vary: ReadonlyArray<readonly [string, string | undefined]>;
  readonly freshUntil: number;
  readonly staleWhileRevalidateMs: number;
  /** Whether the API's rules allow a shared cache to keep it. */
  readonly keep: boolean;
}

/**
 * One render's reads through the cache: its `fetch` (for the shop's HTTP gateway), what it read
 * (so a kept page can be revalidated answer by answer), until when all of it stays fresh, and
 * whether the API failed it.
 */
export class ApiSession {
  private readonly read = new Map<string, Dependency>();
  private freshUntilAll = Number.POSITIVE_INFINITY;
  private staleWhileRevalidateAll = Number.POSITIVE_INFINITY;
  private keepable = true;
  /** The first read that failed (the API away, slow or failing, or a request the cache refuses), if any. */
  failure: Error | undefined;

  constructor(private readonly cache: ApiCache) {}

  /** Whether what was rendered may be kept: nothing failed, and every answer read may be kept. */
  get keep(): boolean {
    return this.keepable && this.failure === undefined;
  }

  /** When the first answer read stops being fresh (never, when nothing was read). */
  get freshUntil(): number {
    return this.freshUntilAll;
  }

  /** How long every answer read may serve stale while it is asked again. */
  get staleWhileRevalidateMs(): number {
    return this.read.size === 0 ? 0 : this.staleWhileRevalidateAll;
  }

  /** The answers read, each once. */
  dependencies(): Dependency[] {
    return [...this.read.values()];
  }

  /** A `fetch` for the shop's HTTP client: reads through the cache. */
  readonly fetch = async (url: string, init: RequestInit): Promise<Response> => {
    try {
      const request = this.cache.requestFor(url, init);
      const entry = await this.cache.current(request);
      this.read.set(request.key, { request, version: entry.version });
      this.freshUntilAll = Math.min(this.freshUntilAll, entry.freshUntil);
      this.staleWhileRevalidateAll = Math.min(this.staleWhileRevalidateAll, entry.staleWhileRevalidateMs);
      if (!entry.keep) this.keepable = false;
      const headers = entry.headers.map(([name, value]): [string, string] => [name, value]);
      return new Response(entry.status === 204 ? null : entry.body, { status: entry.status, headers });
    } catch (error) {
      this.failure ??= error instanceof Error ? error : new Error(String(error));
      throw error;
    }
  };
}

/** Request headers that make an answer conditional: the cache sends them for what it holds. */
const CONDITIONS = ['if-none-match', 'if-modified-since', 'if-match', 'if-unmodified-since', 'if-range'];

/** Request headers that make an answer one shopper's own. */
const CREDENTIALS = ['authorization', 'cookie'];

/** Statuses a cache may keep (RFC 9110 15.1, heuristically cacheable or final): 200, 203, 204, 300, 301, 404, 410. */
const KEPT_STATUSES = new Set([200, 203, 204, 300, 301, 404, 410]);

/** Headers that belong to one connection or one client, never to a kept answer. */
const NOT_KEPT = new Set([
  'connection',
  'keep-alive',
  'transfer-encoding',
  'set-cookie',
  'content-length',
  'content-encoding',
  'age',
  'date',
]);

function storedHeaders(headers: Headers): StoredHeaders {
  const stored: Array<readonly [string, string]> = [];
  headers.forEach((value, name) => {
    if (!NOT_KEPT.has(name)) stored.push([name, value]);
  });
  // What a later revalidation renews the freshness from (RFC 9111 4.2.3: its age at arrival).
  const age = Number(headers.get('age'));
  if (Number.isFinite(age) && age > 0) stored.push(['age', String(age)]);
  const date = headers.get('date');
  if (date) stored.push(['date', date]);
  return stored;
}

/** A 304's headers replace the stored ones they name (RFC 9111 4.3.4). */
function mergeHeaders(stored: StoredHeaders, update: Headers): StoredHeaders {
  const renewed = storedHeaders(update);
  const names = new Set(renewed.map(([name]) => name));
  return [...stored.filter(([name]) => !names.has(name) && name !== 'age'), ...renewed];
}

function header(headers: StoredHeaders, name: string): string | undefined {
  return headers.find(([key]) => key === name)?.[1];
}

/** The directives of a Cache-Control header, by lower-case name (`true` for one without a value). */
export function parseCacheControl(value: string | undefined): Map<string, string | true> {
  const directives = new Map<string, string | true>();
  for (const part of (value ?? '').split(',')) {
    const [name = '', ...rest] = part.split('=');
    const key = name.trim().toLowerCase();
    if (key === '') continue;
    directives.set(
      key,
      rest.length > 0
        ? rest
            .join('=')
            .trim()
            .replace(/^"(.*)"$/, '$1')
        : true,
    );
  }
  return directives;
}

function seconds(directive: string | true | undefined): number | undefined {
  if (typeof directive !== 'string' || !/^\d+$/.test(directive)) return undefined;
  return Number(directive) * 1000;
}

/** What the API's headers allow a shared cache: keeping the answer, for how long fresh, and how long stale behind a revalidation. */
export function freshnessOf(headers: StoredHeaders, status = 200): { keep: boolean; freshMs: number; staleWhileRevalidateMs: number } {
  const cacheControl = parseCacheControl(header(headers, 'cache-control'));
  const vary = header(headers, 'vary');
  const forbidden = cacheControl.has('no-store') || cacheControl.has('private') || vary?.trim() === '*';
  const lifetime = seconds(cacheControl.get('s-maxage')) ?? seconds(cacheControl.get('max-age')) ?? expiresLifetime(headers);
  const etag = header(headers, 'etag') !== undefined;
  const keep = !forbidden && KEPT_STATUSES.has(status) && (lifetime !== undefined || etag);
  const mustAsk = cacheControl.has('no-cache') || lifetime === undefined;
  const age = Number(header(headers, 'age') ?? 0) * 1000;
  const freshMs = mustAsk ? 0 : Math.max(0, (lifetime ?? 0) - (Number.isFinite(age) ? age : 0));
  const strict = cacheControl.has('must-revalidate') || cacheControl.has('proxy-revalidate') || cacheControl.has('no-cache');
  const staleWhileRevalidateMs = strict ? 0 : (seconds(cacheControl.get('stale-while-revalidate')) ?? 0);
  return { keep, freshMs, staleWhileRevalidateMs };
}

/** `Expires` less `Date`, when both are valid dates. */
function expiresLifetime(headers: StoredHeaders): number | undefined {
  const expires = Date.parse(header(headers, 'expires') ?? '');
  const date = Date.parse(header(headers, 'date') ?? '');
  return Number.isFinite(expires) && Number.isFinite(date) ? Math.max(0, expires - date) : undefined;
}

function varyOf(headers: Headers, request: ApiRequest): Array<readonly [string, string | undefined]> {
  const names = (headers.get('vary') ?? '').split(',').map((name) => name.trim().toLowerCase());
  return names.filter((name) => name !== '' && name !== '*').map((name) => [name, request.headers[name]] as const);
}

function varyMatches(entry: Entry, request: ApiRequest): boolean {
  return entry.vary.every(([name, value]) => request.headers[name] === value);
}

function entryBytes(entry: Entry): number {
  return entry.body.length * 2 + entry.request.key.length * 2 + 512;
}

function reason(error: unknown): string {
  if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')) return 'no answer in time';
  return error instanceof Error ? error.message : String(error);
}
