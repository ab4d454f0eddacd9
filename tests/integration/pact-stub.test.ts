import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PactStub, pactFilesIn, startPactStub } from '../support/pact-stub';

// The stub API built only from the committed pact files (tests/support/pact-stub.ts): it answers what
// the contract promises, and nothing else.

const PACTS = path.resolve(import.meta.dirname, '../../contracts/pacts');
const PACT_FILE = path.join(PACTS, 'storefront-web-storefront-api.json');
const pact = JSON.parse(readFileSync(PACT_FILE, 'utf8')) as {
  interactions: Array<{
    description: string;
    request?: { method?: string; path?: string; body?: { content?: unknown } };
    response?: { status?: number; body?: { content?: unknown } };
  }>;
};

function interaction(description: string) {
  const found = pact.interactions.find((candidate) => candidate.description === description);
  if (!found) throw new Error(`no interaction "${description}" in ${PACT_FILE}`);
  return found;
}
const exampleAnswer = (description: string): unknown => interaction(description).response?.body?.content;

/** The description of the first interaction in file order answering GET /api/product/{id} with a 2xx. */
function firstProductInteraction(): string {
  const found = pact.interactions.find(
    ({ request, response }) =>
      request?.method === 'GET' && /^\/api\/product\/[0-9a-f]{24}$/.test(request.path ?? '') && (response?.status ?? 500) < 300,
  );
  if (!found) throw new Error(`no product interaction in ${PACT_FILE}`);
  return found.description;
}

const postJson = (url: string, body: unknown) =>
  fetch(url, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });

describe('the pact stub over the committed pact', () => {
  let stub: PactStub;
  beforeAll(async () => {
    stub = await startPactStub({ pactFiles: pactFilesIn(PACTS) });
  });
  afterAll(() => stub.close());

  it('reads the pact files of a folder', () => {
    expect(pactFilesIn(PACTS)).toEqual([PACT_FILE]);
  });

  it('answers GET /api/Category with the example categories', async () => {
    const response = await fetch(`${stub.url}/api/Category`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/json');
    expect(await response.json()).toEqual(exampleAnswer('a request for the categories'));
  });

  it('answers a home collection the regex of the pact allows with its products', async () => {
    const response = await postJson(`${stub.url}/api/product`, { collection: 'new' });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual(exampleAnswer('a request for a home collection'));
  });

  it('answers a page of other categories (eachLike) with the X-Total-Count header', async () => {
    const response = await postJson(`${stub.url}/api/product`, { allCategoryIds: [5, 6], limit: 24, offset: 0, sort: 'name' });
    expect(response.status).toBe(200);
    expect(response.headers.get('x-total-count')).toBe('1');
    expect(await response.json()).toEqual(exampleAnswer('a request for the first page of the products of some categories, by name'));
  });

  // Several interactions answer GET /api/product/{id} with a product (one product, one with variants): with
  // no state preferred, the first of them in file order does.
  const firstProductAnswer = () => exampleAnswer(firstProductInteraction());

  it('answers GET /api/product/{any id} with the example product (the path rule)', async () => {
    const response = await fetch(`${stub.url}/api/product/0123456789abcdef01234567`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual(firstProductAnswer());
  });

  it('answers even the id of the "not found" interaction with the product: a 2xx interaction wins', async () => {
    const response = await fetch(`${stub.url}/api/product/ffffffffffffffffffffffff`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual(firstProductAnswer());
  });

  it('does not answer a collection the pact does not name, and records the request', async () => {
    const response = await postJson(`${stub.url}/api/product`, { collection: 'nope' });
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ success: false, message: 'No interaction in the pact matches this request.' });
    expect(stub.unmatched).toContainEqual({ method: 'POST', path: '/api/product', body: { collection: 'nope' } });
  });

  it('does not answer a body with a key the example lacks, or a body that is not JSON', async () => {
    expect((await postJson(`${stub.url}/api/product`, { collection: 'new', limit: 4 })).status).toBe(404);
    const asText = await fetch(`${stub.url}/api/product`, { method: 'POST', headers: { 'Content-Type': 'text/plain' }, body: '{}' });
    expect(asText.status).toBe(404);
  });

  it('answers an order whose lines are like the example line (a type rule covers the nodes beneath it)', async () => {
    const order = interaction('an order with an idempotency key').request?.body?.content as Record<string, unknown>;
    const response = await postJson(`${stub.url}/api/orders`, { ...order, lines: [{ _id: 'another-product', quantity: 1 }] });
    expect(response.status).toBe(201);
  });

  it('answers a narrower picture with the content type of the pact, and no bytes: the pact promises none', async () => {
    const response = await fetch(`${stub.url}/images/products/ceramic-mug-1.webp?w=400`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/webp');
    expect((await response.arrayBuffer()).byteLength).toBe(0);
    expect((await fetch(`${stub.url}/images/products/ceramic-mug-1.webp`)).status).toBe(404);
  });
});

describe('the pact stub with preferred provider states', () => {
  it('answers the "not found" interaction when its state is preferred', async () => {
    const stub = await startPactStub({ pactFiles: [PACT_FILE], preferStates: ['no product has the id'] });
    try {
      const missing = await fetch(`${stub.url}/api/product/ffffffffffffffffffffffff`);
      expect(missing.status).toBe(404);
      expect(await missing.json()).toEqual(exampleAnswer('a request for a product that does not exist'));
      // Only its exact path: any other id is still the product.
      expect((await fetch(`${stub.url}/api/product/0123456789abcdef01234567`)).status).toBe(200);
      expect(stub.unmatched).toEqual([]);
    } finally {
      await stub.close();
    }
  });

  it('answers every id with the product when "a product exists" is preferred', async () => {
    const stub = await startPactStub({ pactFiles: [PACT_FILE], preferStates: ['a product exists'] });
    try {
      for (const id of ['0123456789abcdef01234567', 'ffffffffffffffffffffffff']) {
        const response = await fetch(`${stub.url}/api/product/${id}`);
        expect(response.status).toBe(200);
        expect(await response.json()).toEqual(exampleAnswer('a request for one product'));
      }
    } finally {
      await stub.close();
    }
  });

  it('prefers an interaction whose state is preferred over a 2xx one', async () => {
    const stub = await startPactStub({
      pactFiles: [PACT_FILE],
      preferStates: ['a verification email is pending for an address', 'a user exists'],
    });
    try {
      const body = { bcc: '', html: '', subject: 'Verify your email address', to: 'someone@example.com' };
      // Three interactions match any such mail: "for a free address" (200), "for a registered address"
      // ('a user exists', 400) and "while one is pending" (409): the first preferred state wins.
      expect((await postJson(`${stub.url}/api/users/verify-email-anonymous`, body)).status).toBe(409);
    } finally {
      await stub.close();
    }
  });
});

describe('the pact stub over a pact of its own', () => {
  const PIXEL = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR4nGNgYPj/HwADAgH/eL9GtQAAAABJRU5ErkJggg==', 'base64');
  const rules = (matchers: object[]) => ({ combine: 'AND', matchers });
  let dir: string;
  let stub: PactStub;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'pact-stub-'));
    const interactions = [
      {
        type: 'Synchronous/HTTP',
        description: 'a picture',
        request: {
          method: 'GET',
          path: '/files/dot.png',
          matchingRules: { path: rules([{ match: 'regex', regex: '^/files/[a-z]+\\.png$' }]) },
        },
        response: {
          status: 200,
          headers: { 'Content-Type': ['image/png'], 'Cache-Control': ['public', 'max-age=60'] },
          body: { content: PIXEL.toString('base64'), contentType: 'image/png', encoded: 'base64' },
        },
      },
      {
        type: 'Synchronous/HTTP',
        description: 'a note',
        request: {
          method: 'POST',
          path: '/notes',
          query: { draft: ['yes'] },
          body: { content: { title: 'Hello world', count: 3, tags: ['a'] }, contentType: 'application/json', encoded: false },
          matchingRules: {
            body: {
              '$.title': rules([{ match: 'include', value: 'Hello' }]),
              '$.count': rules([{ match: 'integer' }]),
              '$.tags': rules([{ match: 'type', min: 1, max: 2 }]),
            },
          },
        },
        response: { status: 201, body: { content: 'noted', contentType: 'text/plain', encoded: false } },
      },
      { type: 'Asynchronous/Messages', description: 'a message', contents: { content: true } },
    ];
    const file = path.join(dir, 'notes.json');
    writeFileSync(file, JSON.stringify({ interactions, metadata: { pactSpecification: { version: '4.0' } } }));
    stub = await startPactStub({ pactFiles: [file] });
  });
  afterAll(async () => {
    await stub.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('answers base64 bytes, a path the regex allows, and every header value joined', async () => {
    const response = await fetch(`${stub.url}/files/other.png`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/png');
    expect(response.headers.get('cache-control')).toBe('public, max-age=60');
    expect(Buffer.from(await response.arrayBuffer())).toEqual(PIXEL);
    expect((await fetch(`${stub.url}/files/other.jpg`)).status).toBe(404);
  });

  it('answers text as it is, for a body the include, integer and type rules allow', async () => {
    const response = await postJson(`${stub.url}/notes?draft=yes`, { title: 'Hello there', count: 7, tags: ['x', 'y'] });
    expect(response.status).toBe(201);
    expect(await response.text()).toBe('noted');
  });

  it.each([
    ['a title without the text', '?draft=yes', { title: 'Bye', count: 7, tags: ['x'] }],
    ['a count that is no integer', '?draft=yes', { title: 'Hello', count: 1.5, tags: ['x'] }],
    ['too few tags', '?draft=yes', { title: 'Hello', count: 1, tags: [] }],
    ['too many tags', '?draft=yes', { title: 'Hello', count: 1, tags: ['x', 'y', 'z'] }],
    ['a tag that is no string', '?draft=yes', { title: 'Hello', count: 1, tags: [1] }],
    ['a missing key', '?draft=yes', { title: 'Hello', tags: ['x'] }],
    ['a missing query parameter', '', { title: 'Hello', count: 1, tags: ['x'] }],
    ['another query value', '?draft=no', { title: 'Hello', count: 1, tags: ['x'] }],
  ])('does not answer a note with %s', async (_, query, body) => {
    expect((await postJson(`${stub.url}/notes${query}`, body)).status).toBe(404);
    expect(stub.unmatched.at(-1)).toEqual({ method: 'POST', path: `/notes${query}`, body });
  });
});
