import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SPEC_API_TABLE } from '../../contracts/spec-api-table';
import { parseSpecApiTable, readSpecMarkdown } from '../../contracts/support/spec-coverage';
import { OPENAPI_PATH } from './app';
import { build, type TestServer } from './testing/test-server';

interface OpenApiDocument {
  openapi: string;
  paths: Record<string, Record<string, { responses?: Record<string, { content?: Record<string, { schema?: Record<string, unknown> }> }> }>>;
}

describe(`OpenAPI at ${OPENAPI_PATH}`, () => {
  let s: TestServer;
  let doc: OpenApiDocument;
  beforeAll(async () => {
    s = await build();
    const response = await s.request({ method: 'GET', url: OPENAPI_PATH });
    expect(response.statusCode).toBe(200);
    doc = response.json<OpenApiDocument>();
  });
  afterAll(async () => {
    await s.close();
  });

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
