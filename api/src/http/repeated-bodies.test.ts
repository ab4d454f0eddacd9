import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { build, type TestServer } from '../testing/test-server';
import { MAX_REMEMBERED_BODIES, rememberRepeatedJsonBodies, rememberValidation } from './repeated-bodies';

describe('rememberRepeatedJsonBodies', () => {
  it(`keeps at most ${MAX_REMEMBERED_BODIES} bodies, dropping the least recently used first`, async () => {
    const app = Fastify();
    rememberRepeatedJsonBodies(app);
    const seen: unknown[] = [];
    app.post('/', async (request) => {
      seen.push(request.body);
      return {};
    });
    const send = async (payload: string) => {
      await app.inject({ method: 'POST', url: '/', headers: { 'content-type': 'application/json' }, payload });
      return seen.at(-1);
    };
    const first = await send('{"n":"first"}');
    const second = await send('{"n":"second"}');
    expect(await send('{"n":"first"}')).toBe(first); // remembered, and now the most recently used
    for (let n = 0; n < MAX_REMEMBERED_BODIES - 1; n++) await send(`{"n":${n}}`);
    expect(await send('{"n":"first"}')).toBe(first);
    const parsedAgain = await send('{"n":"second"}');
    expect(parsedAgain).toEqual(second);
    expect(parsedAgain).not.toBe(second);
    await app.close();
  });
});

describe('rememberValidation', () => {
  it('validates a remembered (frozen) body once, and anything else every time', () => {
    const validate = vi.fn((data: unknown) => ({ value: { ...(data as object) } }));
    const compiled = rememberValidation(() => validate)({ schema: {}, method: 'POST', url: '/', httpPart: 'body' });
    const remembered = Object.freeze({ limit: 24 });
    const first = compiled(remembered);
    expect(compiled(remembered)).toBe(first);
    expect(validate).toHaveBeenCalledTimes(1);
    // The kept result cannot be changed by a handler.
    expect(Object.isFrozen((first as { value: object }).value)).toBe(true);
    compiled({ limit: 24 });
    compiled({ limit: 24 });
    expect(validate).toHaveBeenCalledTimes(3);
  });
});

describe('POST /api/product with bodies sent again', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await build({ seed: true });
  });
  afterAll(async () => {
    await s.close();
  });
  const send = (payload: string) =>
    s.request({ method: 'POST', url: '/api/product', headers: { 'content-type': 'application/json' }, payload });

  it('answers a repeated filter exactly as the first time, whatever the order of its ids', async () => {
    const first = await send('{"allCategoryIds":[112,111,112],"limit":2}');
    const again = await send('{"allCategoryIds":[112,111,112],"limit":2}');
    const reordered = await send('{"allCategoryIds":[111,112],"limit":2}');
    expect(first.statusCode).toBe(200);
    for (const answer of [again, reordered]) {
      expect(answer.statusCode).toBe(200);
      expect(answer.body).toBe(first.body);
      expect(answer.headers.etag).toBe(first.headers.etag);
      expect(answer.headers['x-total-count']).toBe(first.headers['x-total-count']);
    }
  });

  it('refuses a bad, poisoned or unsafe body every time it is sent', async () => {
    for (const payload of [
      '{"limit":0}',
      '{"allCategoryIds":"1"}',
      '{"__proto__":{"admin":true}}',
      '{"constructor":{"prototype":{"admin":true}}}',
      '{"q":"\\u0000"}',
      '{"allCategoryIds":[1,',
    ]) {
      for (let attempt = 0; attempt < 3; attempt++) {
        const answer = await send(payload);
        expect(answer.statusCode, `${payload} (attempt ${attempt + 1})`).toBe(400);
        expect(answer.json()).toMatchObject({ success: false });
      }
    }
    // No shared object was altered by what was refused.
    expect(({} as { admin?: boolean }).admin).toBeUndefined();
  });
});
