const METHODS: readonly string[] = ['GET', 'POST', 'PUT', 'DELETE'];

export const NETWORK_ERROR = 'Network error';

/**
 * An answer as the shop reads it (SPEC 7): the status and the body.
 * `error` is set when the basic client treats the answer as an error: a status outside 200-299
 * on a GET, any status of 500 or more, or no answer at all (network failure: status 500,
 * 'Network error'). A non-GET answer below 500 is returned to the caller without `error`, so
 * the caller reads the server's `message` itself.
 */
export interface HttpResponse {
  status: number;
  /** Status within 200-299. */
  ok: boolean;
  /** The parsed JSON body; the raw text when it is not JSON; undefined when empty. */
  body: unknown;
  error?: string;
  /** The session's access token was refused: set by AuthenticatedHttp, which has ended the session. */
  unauthorised?: boolean;
  /** The answer's headers the call asked for (`readHeaders`), by lower-case name; absent ones left out. */
  headers?: Record<string, string>;
}

export interface RequestOptions {
  /** Sent as JSON unless it is FormData, URLSearchParams or a Blob (fetch encodes those itself). */
  body?: unknown;
  /** The token for `Authorization: Bearer <token>` on authenticated calls. */
  bearer?: string;
  /** Milliseconds; overrides the client's timeout for this call. */
  timeoutMs?: number;
  /** Extra request headers, e.g. `Idempotency-Key`. */
  headers?: Record<string, string>;
  /** Answer headers the caller reads (e.g. `X-Total-Count`), handed back in `HttpResponse.headers`. */
  readHeaders?: readonly string[];
}

/** What the client needs of `fetch`: an answer's status and body text. */
export type Fetch = (url: string, init: RequestInit) => Promise<Pick<Response, 'status' | 'text'> & Partial<Pick<Response, 'headers'>>>;

export interface HttpClientOptions {
  baseUrl: string;
  fetch?: Fetch;
  /** No timeout unless given (SPEC 7). An expired call reads as a network failure. */
  timeoutMs?: number;
}

function isRawBody(body: unknown): body is BodyInit {
  return (
    (typeof FormData !== 'undefined' && body instanceof FormData) ||
    (typeof URLSearchParams !== 'undefined' && body instanceof URLSearchParams) ||
    (typeof Blob !== 'undefined' && body instanceof Blob)
  );
}

function parseBody(text: string): unknown {
  if (text.trim() === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** The server's `message`, when the body is an object carrying a string one. */
export function serverMessage(body: unknown): string | undefined {
  if (body !== null && typeof body === 'object' && 'message' in body) {
    const { message } = body;
    if (typeof message === 'string') return message;
  }
  return undefined;
}

/** The SPEC 7 reading of an answer: its body fields plus the status. */
export function responseFields(response: HttpResponse): Record<string, unknown> & { status: number } {
  const fields =
    response.body !== null && typeof response.body === 'object' && !Array.isArray(response.body)
      ? (response.body as Record<string, unknown>)
      : {};
  return { ...fields, status: response.status };
}

function readHeaders(headers: Headers | undefined, names: readonly string[] | undefined): Record<string, string> | undefined {
  if (names === undefined) return undefined;
  const read: Record<string, string> = {};
  for (const name of names) {
    const value = headers?.get(name);
    if (value !== null && value !== undefined) read[name.toLowerCase()] = value;
  }
  return read;
}

/** The HTTP client of SPEC section 7. Never throws for an answer or a failure, only for a method it does not support. */
export class HttpClient {
  readonly baseUrl: string;
  private readonly fetchFn: Fetch;
  private readonly timeoutMs: number | undefined;

  constructor(options: HttpClientOptions) {
    this.baseUrl = options.baseUrl.replace(/\/+$/, '');
    // Bound lazily: `fetch` called off its global throws "Illegal invocation" in browsers.
    this.fetchFn = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
    this.timeoutMs = options.timeoutMs;
  }

  /** `path` is appended to the base URL as given; callers encode path parameters. */
  url(path: string): string {
    return `${this.baseUrl}${path.startsWith('/') ? path : `/${path}`}`;
  }

  async request(method: string, path: string, options: RequestOptions = {}): Promise<HttpResponse> {
    const verb = method.toUpperCase();
    if (!METHODS.includes(verb)) throw new Error('Unsupported method');

    const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
    let body: BodyInit | undefined;
    if (options.body !== undefined) {
      if (isRawBody(options.body)) {
        body = options.body;
      } else {
        headers['Content-Type'] = 'application/json';
        body = JSON.stringify(options.body);
      }
    }
    if (options.bearer !== undefined) headers.Authorization = `Bearer ${options.bearer}`;
    const timeoutMs = options.timeoutMs ?? this.timeoutMs;

    let status: number;
    let parsed: unknown;
    let read: Record<string, string> | undefined;
    try {
      const response = await this.fetchFn(this.url(path), {
        method: verb,
        headers,
        body,
        signal: timeoutMs === undefined ? undefined : AbortSignal.timeout(timeoutMs),
      });
      status = response.status;
      parsed = parseBody(await response.text());
      read = readHeaders(response.headers, options.readHeaders);
    } catch {
      // No answer (refused, reset, aborted, timed out): SPEC 8's network failure.
      return { status: 500, ok: false, body: { success: false, message: NETWORK_ERROR }, error: NETWORK_ERROR };
    }

    const ok = status >= 200 && status <= 299;
    const returnedToCaller = ok || (verb !== 'GET' && status < 500);
    const extra = read === undefined ? {} : { headers: read };
    if (returnedToCaller) return { status, ok, body: parsed, ...extra };
    return { status, ok, body: parsed, error: serverMessage(parsed) ?? `Request failed with status code ${status}`, ...extra };
  }
}
