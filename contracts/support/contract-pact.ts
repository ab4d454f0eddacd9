import { MatchersV3, PactV4, type TemplateHeaders, type TemplateQuery } from '@pact-foundation/pact';
import { HttpClient } from '../../storefront/src/adapters/http/http-client';
import { STATES, injected, type StateName, type StateParams } from '../provider-states';
import { CONSUMER, PACT_DIR, PROVIDER } from './pact-files';

type StateParamsMap = NonNullable<Parameters<ReturnType<PactV4['addInteraction']>['given']>[1]>;

/** The one pact between the shop and its API; every consumer test file adds to it. */
export function createPact(): PactV4 {
  return new PactV4({ consumer: CONSUMER, provider: PROVIDER, dir: PACT_DIR, logLevel: 'warn' });
}

/** `given` arguments checked against the state's declared parameters. */
export function state<S extends StateName>(name: S, params: StateParams[S]): [S, StateParamsMap] {
  return [name, params as unknown as StateParamsMap];
}

/**
 * Example bearer values. The pact never holds a real token: an access or refresh token is a
 * provider state injected value (`fromProviderState`), which the verifier fills from the answer
 * of the interaction's login state, with no request filter (docs/contracts.md, "Authorization").
 */
export const EXAMPLE_ACCESS_TOKEN = 'example-access-token';
export const EXAMPLE_REFRESH_TOKEN = 'example-refresh-token';
/** Sent as it is by the verifier (no state hands a token for it), so the provider must answer 401. */
export const INVALID_ACCESS_TOKEN = 'invalid-or-expired-access-token';

/**
 * `Authorization: Bearer <token>`: the live access or refresh token of the interaction's login
 * state (`a user is logged in`, `the refresh token has already been rotated`), or any other
 * example as it is.
 */
export function bearer(token: string): MatchersV3.Matcher<string> {
  if (token === EXAMPLE_ACCESS_TOKEN) {
    return MatchersV3.fromProviderState(`Bearer ${injected(STATES.userLoggedIn, 'accessToken')}`, `Bearer ${token}`);
  }
  if (token === EXAMPLE_REFRESH_TOKEN) {
    return MatchersV3.fromProviderState(`Bearer ${injected(STATES.userLoggedIn, 'refreshToken')}`, `Bearer ${token}`);
  }
  return MatchersV3.regex('^Bearer .+$', `Bearer ${token}`);
}

/** The JSON request headers the HTTP client sends; `authorization` only on authenticated calls. */
export function jsonHeaders(token?: string): Record<string, string | MatchersV3.Matcher<string>> {
  const headers: Record<string, string | MatchersV3.Matcher<string>> = {
    'Content-Type': MatchersV3.regex('^application/json', 'application/json'),
  };
  if (token !== undefined) headers.Authorization = bearer(token);
  return headers;
}

export function authHeaders(token: string): Record<string, MatchersV3.Matcher<string>> {
  return { Authorization: bearer(token) };
}

/** The `{ success: false, message }` error body of the wire format. */
export const errorBody = { success: MatchersV3.boolean(false), message: MatchersV3.string('A message for the shopper') };

/** A `{ success: true, message }` acknowledgement. */
export const acknowledgement = { success: MatchersV3.boolean(true), message: MatchersV3.string('Done') };

/**
 * The shop's HTTP client pointed at a mock server. Each call closes its connection: mock servers
 * come and go on random ports, and a kept-alive socket must never carry a request to a mock
 * server of an earlier test.
 */
export function contractHttpClient(baseUrl: string): HttpClient {
  const fetchOnce: typeof fetch = (input, init) =>
    fetch(input, { ...init, headers: { ...(init?.headers as Record<string, string> | undefined), Connection: 'close' } });
  return new HttpClient({ baseUrl, fetch: fetchOnce });
}

/** How long a test leaves the mock server to record its last match; see `settled`. */
const MATCH_BOOKKEEPING_MS = 150;

/**
 * Wraps an `executeTest` body so the mock server has recorded the last request before Pact asks
 * it whether every expected request arrived. Under CPU load the Rust mock server answers before
 * it books the match, and Pact then reports a received request as missing (pact-reference#535,
 * pact-core-mock-server#13). A pause, not an assertion: it only removes that false failure.
 */
export function settled<S, T>(testFn: (mockServer: S) => Promise<T>): (mockServer: S) => Promise<T> {
  return async (mockServer) => {
    try {
      return await testFn(mockServer);
    } finally {
      await new Promise((resolve) => setTimeout(resolve, MATCH_BOOKKEEPING_MS));
    }
  };
}

/** The provider states of one interaction, set up in the order they are written. */
export type GivenStates = { [S in StateName]?: StateParams[S] };

/** One request the shop sends and the answer it expects, as the pact records them. */
export interface ContractInteraction {
  given: GivenStates;
  uponReceiving: string;
  request: { method: string; path: string | MatchersV3.Matcher<string>; headers?: TemplateHeaders; query?: TemplateQuery; body?: unknown };
  response: { status: number; headers?: TemplateHeaders; body?: unknown };
  /** What the shop does against the mock server (`http` is the shop's client pointed at it); Pact then checks the request arrived as declared. */
  test: (mockServer: { url: string; http: HttpClient }) => Promise<void>;
}

/** The pact of the test file being run: vitest loads this module afresh for every file. */
let filePact: PactV4 | undefined;

/** Adds `interaction` to the pact and runs its test against a mock server that answers it (`settled`). */
export async function verifyInteraction(interaction: ContractInteraction): Promise<void> {
  const { given, uponReceiving, request, response, test } = interaction;
  filePact ??= createPact();
  let unconfigured = filePact.addInteraction();
  for (const [name, params] of Object.entries(given)) unconfigured = unconfigured.given(name, params as StateParamsMap);
  await unconfigured
    .uponReceiving(uponReceiving)
    .withRequest(request.method, request.path, (builder) => {
      if (request.headers) builder.headers(request.headers);
      if (request.query) builder.query(request.query);
      if (request.body !== undefined) builder.jsonBody(request.body);
    })
    .willRespondWith(response.status, (builder) => {
      if (response.headers) builder.headers(response.headers);
      if (response.body !== undefined) builder.jsonBody(response.body);
    })
    .executeTest(settled(async ({ url }) => test({ url, http: contractHttpClient(url) })));
}
