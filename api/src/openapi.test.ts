import path from 'node:path';
import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SPEC_API_TABLE } from '../../contracts/spec-api-table';
import { parseSpecApiTable, readSpecMarkdown } from '../../contracts/support/spec-coverage';
import { OPENAPI_PATH } from './app';
import { derivedDoc } from './plugins/openapi';
import { bearer, build, type TestServer } from './testing/test-server';

interface OpenApiResponse {
  content?: Record<string, { schema?: Record<string, unknown> }>;
  headers?: Record<string, unknown>;
}

interface OpenApiOperation {
  summary?: string;
  operationId?: string;
  security?: Record<string, string[]>[];
  parameters?: { in: string; name: string }[];
  requestBody?: unknown;
  responses?: Record<string, OpenApiResponse>;
}

interface OpenApiDocument {
  openapi: string;
  servers?: { url: string }[];
  paths: Record<string, Record<string, OpenApiOperation>>;
}

const PUBLIC_URL = 'https://shop.test.invalid';

/** An answer the server sent, as the route that sent it saw it. */
interface Sent {
  method: string;
  path: string;
  status: number;
  headers: string[];
}

/** The answer headers the document must describe wherever they are sent. */
const DOCUMENTED_HEADERS = ['etag', 'cache-control', 'x-total-count', 'retry-after', 'set-cookie', 'content-disposition'];

/** Records every answer of every route (a route-level onResponse hook added as each route is). */
function recordAnswers(sent: Sent[]): (route: RouteOptions) => void {
  return (route) => {
    const methods = [route.method].flat().filter((method) => method !== 'HEAD' && method !== 'OPTIONS');
    if (methods.length === 0) return;
    const path = route.url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
    const record = (request: { method: string }, reply: { statusCode: number; getHeaders(): Record<string, unknown> }) => {
      const names = Object.keys(reply.getHeaders()).map((name) => name.toLowerCase());
      sent.push({ method: request.method, path, status: reply.statusCode, headers: names.filter((n) => DOCUMENTED_HEADERS.includes(n)) });
    };
    const onResponse = [route.onResponse ?? []].flat();
    route.onResponse = [...onResponse, async (request, reply) => record(request, reply)];
  };
}

/** What the document lacks for the answers sent: undocumented statuses and headers. */
function undocumented(doc: OpenApiDocument, sent: Sent[]): string[] {
  const problems = new Set<string>();
  for (const answer of sent) {
    const operation = doc.paths[answer.path]?.[answer.method.toLowerCase()];
    if (!operation) continue;
    const response = operation.responses?.[String(answer.status)];
    if (!response) {
      problems.add(`${answer.method} ${answer.path} answered ${answer.status}`);
      continue;
    }
    const documented = Object.keys(response.headers ?? {}).map((name) => name.toLowerCase());
    for (const header of answer.headers) {
      if (!documented.includes(header)) problems.add(`${answer.method} ${answer.path} ${answer.status} sent ${header}`);
    }
  }
  return [...problems];
}

let s: TestServer;
let doc: OpenApiDocument;
const sent: Sent[] = [];
beforeAll(async () => {
  s = await build({ seed: true, env: { PUBLIC_URL }, onRoute: recordAnswers(sent) });
  const response = await s.request({ method: 'GET', url: OPENAPI_PATH });
  expect(response.statusCode).toBe(200);
  doc = response.json<OpenApiDocument>();
});
afterAll(async () => {
  await s.close();
});

describe(`OpenAPI at ${OPENAPI_PATH}`, () => {
  it('describes every call of SPEC section 7 (read from SPEC.md, or its committed copy)', () => {
    const markdown = readSpecMarkdown(path.resolve(import.meta.dirname, '../..'));
    const table = markdown === null ? SPEC_API_TABLE : parseSpecApiTable(markdown);
    expect(doc.openapi).toMatch(/^3\./);
    const missing = table.filter((call) => !doc.paths[call.path]?.[call.method.toLowerCase()]);
    expect(missing).toEqual([]);
  });

  it('describes our extensions too, and hides itself and the shop files', () => {
    expect(doc.paths['/api/category']?.get).toBeDefined();
    expect(doc.paths['/images/products/{file}']?.get).toBeDefined();
    expect(doc.paths['/api/orders']?.post).toBeDefined();
    expect(doc.paths['/api/orders']?.get).toBeDefined();
    expect(doc.paths['/api/orders/{id}']?.get).toBeDefined();
    expect(doc.paths['/api/orders/{id}/cancel']?.post).toBeDefined();
    expect(doc.paths[OPENAPI_PATH]).toBeUndefined();
  });

  it('documents the order routes: the Idempotency-Key header, the body without prices, the paging query', () => {
    const orders = doc.paths['/api/orders'] as unknown as Record<
      string,
      { parameters?: { in: string; name: string; required?: boolean }[]; requestBody?: { content: Record<string, { schema: unknown }> } }
    >;
    expect(orders.post?.parameters).toContainEqual(expect.objectContaining({ in: 'header', name: 'idempotency-key', required: true }));
    const line = JSON.stringify(orders.post?.requestBody?.content['application/json']?.schema);
    expect(line).toContain('quantity');
    expect(line).not.toContain('prodPrice');
    expect(orders.get?.parameters?.map((p) => `${p.in} ${p.name}`)).toEqual(['query limit', 'query offset']);
  });

  it('documents answers from the same zod schemas that shape them: a user has no password hash', () => {
    const login = doc.paths['/api/users/login']?.post?.responses?.['200']?.content?.['application/json']?.schema as {
      properties: { user: { properties: Record<string, unknown> } };
    };
    expect(Object.keys(login.properties.user.properties)).toContain('isEmailVerified');
    expect(JSON.stringify(doc)).not.toMatch(/password_?hash/i);
  });
});

describe(`OpenAPI at ${OPENAPI_PATH}: what every operation carries (derived for new routes too)`, () => {
  const operations = (): [string, string, OpenApiOperation][] =>
    Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.entries(ops).map(([method, op]): [string, string, OpenApiOperation] => [method, path, op]),
    );

  it('names its server from PUBLIC_URL', () => {
    expect(doc.servers).toEqual([expect.objectContaining({ url: PUBLIC_URL })]);
  });

  it('gives every operation a summary, a unique operationId and its security', () => {
    const missing = operations().filter(([, , op]) => !op.summary?.trim() || !op.operationId || !Array.isArray(op.security));
    expect(missing.map(([method, path]) => `${method} ${path}`)).toEqual([]);
    const ids = operations().map(([, , op]) => op.operationId);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('asks for the access token exactly where the auth hook does, and documents its 401 there', async () => {
    // A route is public when it answers without a token; every other one must say it needs one.
    for (const [method, path, op] of operations()) {
      const url = path.replace(/\{[^}]+\}/g, 'x');
      const anonymous = await s.request({ method: method.toUpperCase(), url, payload: method === 'get' ? undefined : {} });
      const schemes = (op.security ?? []).flatMap((requirement) => Object.keys(requirement));
      const optional = (op.security ?? []).some((requirement) => Object.keys(requirement).length === 0);
      if (anonymous.statusCode === 401 && !optional) {
        expect(schemes, `${method} ${path} refuses a call without a token`).not.toEqual([]);
        expect(op.responses?.['401'], `${method} ${path} documents its 401`).toBeDefined();
      }
      if (schemes.includes('accessToken') && !optional && !schemes.includes('refreshToken')) {
        expect(anonymous.statusCode, `${method} ${path} says it needs a token`).toBe(401);
      }
      // A session of its own each time: a logout or an ended session must not turn the rest into 401s.
      const { accessToken } = await s.signIn('openapi.auth@example.com');
      await s.request({
        method: method.toUpperCase(),
        url,
        headers: bearer(accessToken),
        payload: method === 'get' ? undefined : {},
      });
    }
    expect(undocumented(doc, sent)).toEqual([]);
  });

  it('documents the 400 of every operation that takes input, and Retry-After on every 429 and 503', () => {
    for (const [method, path, op] of operations()) {
      if ((op.parameters?.length ?? 0) > 0 || op.requestBody) expect(op.responses?.['400'], `${method} ${path}`).toBeDefined();
      for (const status of ['429', '503']) {
        const response = op.responses?.[status];
        if (response) expect(Object.keys(response.headers ?? {}), `${method} ${path} ${status}`).toContain('Retry-After');
      }
    }
  });

  it('documents the statuses and headers of live answers: a picture width refused, a searched page, a 304', async () => {
    const product = (await s.request({ method: 'POST', url: '/api/product', payload: {} })).json<{ _id: string; prodImg1: string }[]>()[0];
    expect(product).toBeDefined();
    const picture = new URL(product?.prodImg1 ?? '', PUBLIC_URL).pathname;
    expect((await s.request({ method: 'GET', url: `${picture}?w=300` })).statusCode).toBe(400);
    const page = await s.request({ method: 'POST', url: '/api/product', payload: { limit: 1, offset: 0, q: 'a' } });
    expect(page.headers['x-total-count']).toBeDefined();
    const first = await s.request({ method: 'GET', url: `/api/product/${product?._id}` });
    const again = await s.request({
      method: 'GET',
      url: `/api/product/${product?._id}`,
      headers: { 'if-none-match': String(first.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
    expect(
      (
        await s.request({
          method: 'GET',
          url: '/api/orders?limit=1',
          headers: bearer((await s.signIn('openapi.orders@example.com')).accessToken),
        })
      ).headers['x-total-count'],
    ).toBe('0');
    expect(sent.some((answer) => answer.status === 400 && answer.path === '/images/products/{file}')).toBe(true);
    expect(undocumented(doc, sent)).toEqual([]);
  });

  it('finds an undocumented status or header (the check above can fail)', () => {
    const answers: Sent[] = [
      { method: 'GET', path: '/images/products/{file}', status: 418, headers: [] },
      { method: 'GET', path: '/api/orders', status: 200, headers: ['x-total-count', 'etag'] },
    ];
    expect(undocumented(doc, answers)).toEqual(['GET /images/products/{file} answered 418', 'GET /api/orders 200 sent etag']);
  });

  it('makes a summary and an operationId for a route nobody described', () => {
    expect(derivedDoc('DELETE', '/api/users/sessions/{id}')).toEqual({
      summary: 'Delete users sessions by id',
      operationId: 'deleteUsersSessionsById',
    });
    expect(derivedDoc('GET', '/api/users/data-export')).toEqual({ summary: 'Read users data export', operationId: 'getUsersDataExport' });
  });
});
