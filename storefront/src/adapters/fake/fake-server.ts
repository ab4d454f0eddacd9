import { type Fetch, HttpClient } from '../http/http-client';
import type { SessionCredentials } from '@shop/core/ports/session-credentials';
import type { FakeDelay } from './fake-delay';

/** A request as the fake server reads it off the wire. */
export interface WireRequest {
  method: string;
  path: string;
  /** The JSON body ({} when there is none). */
  body: Record<string, unknown>;
  /** The bearer token ('' when there is none). */
  bearer: string;
  /** The request headers by lower-case name (e.g. `idempotency-key`). */
  headers?: Readonly<Record<string, string>>;
  /** The query string's parameters. */
  query?: URLSearchParams;
}

/** An answer as the server writes it (docs/wire-format.md): a status and a JSON body. */
export interface WireAnswer {
  status: number;
  body: unknown;
  /** Answer headers beyond the JSON content type (e.g. `x-total-count`). */
  headers?: Readonly<Record<string, string>>;
}

/** How a route answers; `params` are its path's `:named` parts, URL-decoded, in order. */
export type FakeAnswer = (request: WireRequest, params: string[]) => WireAnswer;

/** Method, path pattern, and the answer. */
export type FakeRoute = readonly [method: string, path: RegExp, answer: FakeAnswer];

/** A route table written as the API documents it (`'POST /api/orders/:id/cancel'`), tried in order. */
export function routes(table: Readonly<Record<string, FakeAnswer>>): FakeRoute[] {
  return Object.entries(table).map(([route, answer]) => {
    const [method = '', path = ''] = route.split(' ');
    return [method, new RegExp(`^${path.replace(/:\w+/g, '([^/]+)')}$`), answer];
  });
}

/**
 * An authenticated route: the server's 401 unless the bearer is a live access token, else the
 * answer for its user (`authenticate` is the account fake's).
 */
export function forUser<User>(
  authenticate: (bearer: string) => User | undefined,
  answer: (user: User, request: WireRequest, params: string[]) => WireAnswer,
): FakeAnswer {
  return (request, params) => {
    const user = authenticate(request.bearer);
    return user ? answer(user, request, params) : refused(401, 'Unauthorized');
  };
}

/** The reference server's ids (users, products, variants, orders, sessions): 24 lowercase hex digits. */
export const isServerId = (value: string): boolean => /^[0-9a-f]{24}$/.test(value);

/** The server's success shape: `{ success: true, message?, ...fields }`. */
export function succeeded(fields: Record<string, unknown> = {}, message?: string, status = 200): WireAnswer {
  return { status, body: { success: true, ...(message === undefined ? {} : { message }), ...fields } };
}

/** The server's error shape: `{ success: false, message }`. */
export function refused(status: number, message?: string): WireAnswer {
  return { status, body: { success: false, ...(message === undefined ? {} : { message }) } };
}

/** The answer of the first route matching the request; undefined when none does. */
export function answerFrom(routes: readonly FakeRoute[], request: WireRequest): WireAnswer | undefined {
  for (const [method, path, answer] of routes) {
    const match = method === request.method ? path.exec(request.path) : null;
    if (match)
      return answer(
        request,
        match.slice(1).map((param) => decodeURIComponent(param)),
      );
  }
  return undefined;
}

/** A string field of a request body ('' when absent or not a string). */
export const text = (value: unknown): string => (typeof value === 'string' ? value : '');

/**
 * How a fake server misbehaves, for stories and tests of error states: every call answers that
 * status (and message), or gets no answer at all (`'network'`: SPEC 8's network failure).
 */
export type FakeFailure = { status: number; message?: string } | 'network';

export interface FakeGatewayOptions {
  /** Awaited before every answer (see fake-delay.ts). */
  delay?: FakeDelay;
  /** Every call fails this way. */
  failWith?: FakeFailure;
  /** The signed-in session, for authenticated calls (default: nobody signed in). */
  session?: SessionCredentials;
}

/** Credentials of nobody: authenticated calls are refused without being sent. */
export const NO_SESSION: SessionCredentials = { accessToken: null, userId: null, sessionRejected: () => {} };

/** Where the fakes "live"; never contacted, the fake server answers in memory. */
export const FAKE_API_URL = 'http://fake-api.invalid';

/**
 * The in-memory API server behind a fake gateway. Its `http` is the shop's own HttpClient with a
 * fetch answered from `routes`, so a fake gateway is the real HTTP gateway on top of it: the
 * same bearer, the same 401 policy, the same fold to an Outcome. Only the server is fake, and
 * it answers statuses and bodies as the reference server does (the contract checks it, see
 * fakes-honour-the-contract.test.ts).
 */
export class FakeServer {
  /** Change at any time: a story or test switches the server into a failure mode. */
  failWith: FakeFailure | undefined;
  readonly http: HttpClient;

  constructor(
    readonly routes: readonly FakeRoute[],
    private readonly options: FakeGatewayOptions = {},
  ) {
    this.failWith = options.failWith;
    this.http = new HttpClient({ baseUrl: FAKE_API_URL, fetch: (url, init) => this.fetch(url, init) });
  }

  private async fetch(url: string, init: RequestInit): ReturnType<Fetch> {
    await this.options.delay?.();
    const failure = this.failWith;
    if (failure === 'network') throw new TypeError('Failed to fetch');
    const answer = failure ? refused(failure.status, failure.message) : this.answer(url, init);
    const json = JSON.stringify(answer.body);
    return { status: answer.status, text: async () => json, headers: new Headers(answer.headers) };
  }

  private answer(url: string, init: RequestInit): WireAnswer {
    const headers = new Headers(init.headers);
    const body: unknown = typeof init.body === 'string' ? JSON.parse(init.body) : {};
    const { pathname, searchParams } = new URL(url);
    const named: Record<string, string> = {};
    headers.forEach((value, name) => {
      named[name.toLowerCase()] = value;
    });
    const request: WireRequest = {
      method: init.method ?? 'GET',
      path: pathname,
      body: body !== null && typeof body === 'object' ? (body as Record<string, unknown>) : {},
      bearer: (headers.get('Authorization') ?? '').replace(/^Bearer /, ''),
      headers: named,
      query: searchParams,
    };
    return answerFrom(this.routes, request) ?? refused(404, 'Not found');
  }
}
