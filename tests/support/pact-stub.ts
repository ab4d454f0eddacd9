import { readFileSync, readdirSync } from 'node:fs';
import { type IncomingMessage, type ServerResponse, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { isDeepStrictEqual } from 'node:util';

/**
 * A stub of the storefront's API built from nothing but Pact V4 files: every answer it gives is an
 * example response of an interaction whose request the incoming request matches. Run the storefront
 * against it to prove that the shop needs nothing beyond what the committed contracts promise: a
 * request no interaction covers gets a 404 and lands in `unmatched`, for the test to show.
 *
 * It is a stub, not Pact's mock server: it does not check that every interaction was used, fills in
 * no generators, and matches requests by the simple rules below (see `requestMatches`). Non-HTTP
 * interactions (messages) are skipped.
 */
export interface PactStub {
  url: string;
  close(): Promise<void>;
  /** The requests no interaction matched (path with its query string, body parsed as JSON when it is). */
  unmatched: Array<{ method: string; path: string; body: unknown }>;
}

export interface PactStubOptions {
  pactFiles: string[];
  /** Default 127.0.0.1. */
  host?: string;
  /** Default 0: a free port. */
  port?: number;
  /** Provider states whose interactions win when several match a request, the first name first. */
  preferStates?: string[];
}

interface Matcher {
  match: string;
  regex?: string;
  min?: number;
  max?: number;
  value?: unknown;
}
interface Rule {
  combine?: 'AND' | 'OR';
  matchers: Matcher[];
}
interface PactBody {
  content?: unknown;
  contentType?: string;
  encoded?: boolean | string;
}
interface HttpInteraction {
  type: string;
  providerStates?: Array<{ name: string }>;
  request: {
    method: string;
    path: string;
    query?: Record<string, string[]>;
    body?: PactBody;
    matchingRules?: { path?: Rule; query?: Record<string, Rule>; header?: Record<string, Rule>; body?: Record<string, Rule> };
    generators?: { path?: { expression?: string } };
  };
  response: { status: number; headers?: Record<string, string[]>; body?: PactBody };
}

/** A JSONPath as steps: a key, an array index, or null for a wildcard (`[*]`, `.*`). */
type Step = string | number | null;
interface Entry {
  interaction: HttpInteraction;
  bodyRules: Array<{ steps: Step[]; rule: Rule }>;
}
interface Incoming {
  method: string;
  path: string;
  query: URLSearchParams;
  contentType: string | undefined;
  raw: Buffer;
}

const NO_MATCH = { success: false, message: 'No interaction in the pact matches this request.' };
const TYPE_MATCHERS = new Set(['type', 'min', 'max']);

/** The `*.json` files in a folder (the pact files a broker or a consumer test wrote), sorted by name. */
export function pactFilesIn(dir: string): string[] {
  return readdirSync(dir)
    .filter((name) => name.endsWith('.json'))
    .sort()
    .map((name) => path.join(dir, name));
}

function parseJsonPath(expression: string): Step[] {
  const steps: Step[] = [];
  for (const [, key, index, quoted] of expression.slice(1).matchAll(/\.([^.[]+)|\[(\d+)\]|\['([^']*)'\]|\[\*\]/g)) {
    if (index !== undefined) steps.push(Number(index));
    else if (quoted !== undefined) steps.push(quoted);
    else steps.push(key === undefined || key === '*' ? null : key);
  }
  return steps;
}

function loadEntries(files: string[]): Entry[] {
  return files.flatMap((file) => {
    const pact = JSON.parse(readFileSync(file, 'utf8')) as {
      interactions?: HttpInteraction[];
      metadata?: { pactSpecification?: { version?: string } };
    };
    const version = pact.metadata?.pactSpecification?.version ?? '?';
    if (!version.startsWith('4.')) throw new Error(`${file}: Pact specification ${version}, the stub reads V4 files only`);
    return (pact.interactions ?? [])
      .filter((interaction) => interaction.type === 'Synchronous/HTTP')
      .map((interaction) => ({
        interaction,
        bodyRules: Object.entries(interaction.request.matchingRules?.body ?? {}).map(([p, rule]) => ({ steps: parseJsonPath(p), rule })),
      }));
  });
}

const jsonType = (value: unknown): string => (value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value);
const isBase64 = (encoded: PactBody['encoded']): boolean => encoded === true || String(encoded).toLowerCase() === 'base64';
const isJson = (contentType: string | undefined): boolean => /[/+]json\b/i.test(contentType ?? '');

/** A body's bytes: base64-decoded, a string as it is (the text of a JSON body too, as Pact writes it), else JSON. */
function bodyBytes({ content, encoded }: PactBody): Buffer {
  if (typeof content === 'string') return Buffer.from(content, isBase64(encoded) ? 'base64' : 'utf8');
  return Buffer.from(JSON.stringify(content));
}

/**
 * One matcher on one value. `expected` is the example; where it is text (a query parameter) the
 * numeric matchers read the text.
 */
function matcherAccepts(matcher: Matcher, actual: unknown, expected: unknown): boolean {
  const text = typeof actual === 'string' && typeof expected === 'string';
  switch (matcher.match) {
    case 'type':
    case 'min':
    case 'max': {
      const length = Array.isArray(actual) ? actual.length : undefined;
      const withinLength = length === undefined || (length >= (matcher.min ?? 0) && length <= (matcher.max ?? Infinity));
      return jsonType(actual) === jsonType(expected) && withinLength;
    }
    case 'regex':
      return ['string', 'number', 'boolean'].includes(typeof actual) && new RegExp(matcher.regex ?? '').test(String(actual));
    case 'number':
    case 'decimal': // JSON.parse cannot tell 1.0 from 1: any number passes
      return typeof actual === 'number' || (text && actual.trim() !== '' && Number.isFinite(Number(actual)));
    case 'integer':
      return Number.isInteger(actual) || (text && /^-?\d+$/.test(actual));
    case 'boolean':
      return typeof actual === 'boolean' || (text && /^(true|false)$/.test(actual));
    case 'include':
      return typeof actual === 'string' && actual.includes(String(matcher.value));
    case 'equality':
      return isDeepStrictEqual(actual, expected);
    default: // a matcher the stub does not know never matches, rather than matching anything
      return false;
  }
}

function ruleAccepts(rule: Rule, actual: unknown, expected: unknown): boolean {
  const results = rule.matchers.map((matcher) => matcherAccepts(matcher, actual, expected));
  return rule.combine === 'OR' ? results.some(Boolean) : results.every(Boolean);
}

/** The nearest rule for a node: the longest JSONPath that leads to it or to one of its parents (rules cascade, as in Pact). */
function ruleAt(rules: Entry['bodyRules'], at: Array<string | number>): Rule | undefined {
  const score = (steps: Step[]) => steps.length * 1000 + steps.filter((step) => step !== null).length;
  const fitting = rules.filter(({ steps }) => steps.length <= at.length && steps.every((step, i) => step === null || step === at[i]));
  return fitting.sort((a, b) => score(b.steps) - score(a.steps))[0]?.rule;
}

/**
 * A JSON node against the example's. Without a rule it must equal the example (objects: the same keys,
 * arrays: the same length, node for node). A rule decides the node itself; a `type` rule (with its
 * min/max for arrays) checks the JSON type and still compares what is inside, each item of an array
 * against the example's item at its place (else its first), and the keys of an object must still be
 * the example's keys (a request may carry no key the example lacks, as in Pact).
 */
function valueMatches(expected: unknown, actual: unknown, at: Array<string | number>, rules: Entry['bodyRules']): boolean {
  const rule = ruleAt(rules, at);
  if (rule) {
    if (!ruleAccepts(rule, actual, expected)) return false;
    if (!rule.matchers.some((matcher) => TYPE_MATCHERS.has(matcher.match))) return true;
  }
  if (Array.isArray(expected)) {
    if (!Array.isArray(actual) || (!rule && actual.length !== expected.length)) return false;
    return actual.every((item, i) => {
      const example: unknown = i < expected.length ? expected[i] : expected[0];
      return expected.length === 0 || valueMatches(example, item, [...at, i], rules);
    });
  }
  if (expected !== null && typeof expected === 'object') {
    if (jsonType(actual) !== 'object') return false;
    const [wanted, got] = [expected as Record<string, unknown>, actual as Record<string, unknown>];
    const keys = Object.keys(wanted);
    if (Object.keys(got).length !== keys.length) return false;
    return keys.every((key) => Object.hasOwn(got, key) && valueMatches(wanted[key], got[key], [...at, key], rules));
  }
  return rule !== undefined || actual === expected;
}

/** The example path's segments a `type` rule lets vary: those the provider-state generator fills in, else the last. */
function pathMatches(request: HttpInteraction['request'], actual: string): boolean {
  if (actual === request.path) return true;
  const rule = request.matchingRules?.path;
  if (!rule) return false;
  const example = request.path.split('/');
  const template = request.generators?.path?.expression?.split('/');
  const varies =
    template?.length === example.length ? template.map((s) => s.includes('${')) : example.map((_, i) => i === example.length - 1);
  const segments = actual.split('/');
  const sameShape =
    segments.length === example.length && segments.every((segment, i) => (varies[i] ? segment !== '' : segment === example[i]));
  const results = rule.matchers.map((matcher) => (matcher.match === 'type' ? sameShape : matcherAccepts(matcher, actual, request.path)));
  return rule.combine === 'OR' ? results.some(Boolean) : results.every(Boolean);
}

/**
 * Whether a request is one the interaction describes: the method; the path (equal, or as its path rule
 * allows); every query parameter of the example (equal, or as its rule allows); when the example has a
 * body, the Content-Type and the body (JSON node by node, see `valueMatches`; other bodies byte for byte).
 * Other headers are not looked at.
 */
function requestMatches({ interaction, bodyRules }: Entry, incoming: Incoming): boolean {
  const { request } = interaction;
  if (request.method.toUpperCase() !== incoming.method || !pathMatches(request, incoming.path)) return false;
  const queryOk = Object.entries(request.query ?? {}).every(([name, examples]) => {
    const values = incoming.query.getAll(name);
    const rule = request.matchingRules?.query?.[name];
    if (!rule) return isDeepStrictEqual(values, examples);
    return values.length > 0 && values.every((value) => ruleAccepts(rule, value, examples[0]));
  });
  if (!queryOk) return false;
  const body = request.body;
  if (body?.content === undefined) return true;
  const contentTypeRule = Object.entries(request.matchingRules?.header ?? {}).find(([name]) => name.toLowerCase() === 'content-type')?.[1];
  const mediaType = (value: string | undefined) => value?.split(';')[0]?.trim().toLowerCase();
  const contentTypeOk = contentTypeRule
    ? incoming.contentType !== undefined && ruleAccepts(contentTypeRule, incoming.contentType, body.contentType)
    : mediaType(incoming.contentType) === mediaType(body.contentType);
  if (!contentTypeOk) return false;
  if (!isJson(body.contentType)) return incoming.raw.equals(bodyBytes(body));
  try {
    const expected: unknown = JSON.parse(bodyBytes(body).toString('utf8'));
    return valueMatches(expected, JSON.parse(incoming.raw.toString('utf8')), [], bodyRules);
  } catch {
    return false;
  }
}

function send(response: ServerResponse, { status, headers = {}, body }: HttpInteraction['response']): void {
  for (const [name, values] of Object.entries(headers)) response.setHeader(name, values.join(', '));
  const bytes = body?.content === undefined ? undefined : bodyBytes(body);
  if (bytes && body?.contentType && !response.hasHeader('content-type')) response.setHeader('Content-Type', body.contentType);
  response.writeHead(status).end(bytes);
}

async function readRaw(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/**
 * Serves the HTTP interactions of the pact files. When several interactions match a request, the
 * stub prefers those with a provider state named in `preferStates` (earlier names first), then those
 * with a 2xx status, then the first in file order. So the example path of a "not found" interaction is
 * still answered by a matching 2xx interaction (a path rule on `/api/product/{id}` covers it) unless
 * the "not found" interaction's state is preferred.
 */
export async function startPactStub(options: PactStubOptions): Promise<PactStub> {
  const entries = loadEntries(options.pactFiles);
  const preferStates = options.preferStates ?? [];
  const unmatched: PactStub['unmatched'] = [];
  const stateRank = ({ interaction }: Entry) =>
    Math.min(
      preferStates.length,
      ...(interaction.providerStates ?? []).map(({ name }) => preferStates.indexOf(name)).filter((i) => i >= 0),
    );
  const statusRank = ({ interaction }: Entry) => (interaction.response.status >= 200 && interaction.response.status < 300 ? 0 : 1);

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const raw = await readRaw(request);
    const url = new URL(request.url ?? '/', 'http://stub');
    let pathname = url.pathname;
    try {
      pathname = decodeURI(pathname);
    } catch {
      // a malformed escape: match the path as it came
    }
    const incoming = {
      method: request.method ?? 'GET',
      path: pathname,
      query: url.searchParams,
      contentType: request.headers['content-type'],
      raw,
    };
    const chosen = entries
      .filter((entry) => requestMatches(entry, incoming))
      .sort((a, b) => stateRank(a) - stateRank(b) || statusRank(a) - statusRank(b))[0]; // a stable sort keeps file order
    if (chosen) {
      send(response, chosen.interaction.response);
      return;
    }
    const text = raw.toString('utf8');
    let body: unknown = text === '' ? undefined : text;
    try {
      body = JSON.parse(text);
    } catch {
      // not JSON: keep the text
    }
    unmatched.push({ method: incoming.method, path: request.url ?? '/', body });
    response.writeHead(404, { 'Content-Type': 'application/json' }).end(JSON.stringify(NO_MATCH));
  }

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => response.writeHead(500).end(String(error)));
  });
  const host = options.host ?? '127.0.0.1';
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, resolve);
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${host.includes(':') ? `[${host}]` : host}:${port}`,
    unmatched,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}
