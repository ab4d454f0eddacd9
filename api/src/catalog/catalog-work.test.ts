import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Throttle } from '../auth/throttle';
import { DomainError } from '../domain-error';
import { build, type TestServer } from '../testing/test-server';
import { CatalogWork, type Work } from './catalog-work';

/** A throttle whose window never fills: these tests are about the pace and the turns. */
const roomyThrottle = { reserve: async () => ({ hits: 1, retryAfterSeconds: 60, release: async () => {} }) } as unknown as Throttle;

function work<T>(make: () => Promise<T>): Work<T> {
  return { make, kept: () => undefined, abandoned: () => false };
}

describe('CatalogWork', () => {
  it('paces a client after its burst, holding a request until its time and refusing one that would wait too long', async () => {
    const gate = new CatalogWork({ throttle: roomyThrottle, perClient: 100, burst: 2, perSecond: 10, maxDelayMs: 150 });
    const started = performance.now();
    const answers = [1, 2, 3].map((n) =>
      gate.run(
        'a',
        work(async () => [n, performance.now() - started]),
      ),
    );
    // The fourth would wait 200 ms: refused at once, with the seconds to wait.
    await expect(
      gate.run(
        'a',
        work(async () => [4, 0]),
      ),
    ).rejects.toMatchObject({ reason: 'throttled', retryAfterSeconds: 1 });
    const done = await Promise.all(answers);
    expect(done.map(([n]) => n)).toEqual([1, 2, 3]);
    expect(done[1]![1]).toBeLessThan(60);
    expect(done[2]![1]).toBeGreaterThanOrEqual(90);
    // Another client has a burst of its own; a trusted proxy's read (no client) is never paced.
    expect(
      await gate.run(
        'b',
        work(async () => 'b'),
      ),
    ).toBe('b');
    for (let i = 0; i < 5; i += 1)
      expect(
        await gate.run(
          undefined,
          work(async () => i),
        ),
      ).toBe(i);
  });

  it('makes answers in turns, clients round robin, so one client queue never holds back another request', async () => {
    const gate = new CatalogWork({ throttle: roomyThrottle, perClient: 100, concurrency: 1 });
    const order: string[] = [];
    const slow = (name: string) =>
      work(async () => {
        order.push(name);
        await new Promise((resolve) => setTimeout(resolve, 10));
      });
    const flood = Array.from({ length: 6 }, (_, i) => gate.run('flooder', slow(`flooder-${i}`)));
    await new Promise((resolve) => setTimeout(resolve, 0));
    const shopper = gate.run('shopper', slow('shopper'));
    await Promise.all([...flood, shopper]);
    expect(order.indexOf('shopper')).toBeLessThanOrEqual(2);
  });

  it('makes nothing for a request whose answer was kept or whose asker left while it waited', async () => {
    const gate = new CatalogWork({ throttle: roomyThrottle, perClient: 100 });
    let made = 0;
    const make = async () => ++made;
    expect(await gate.run('a', { make, kept: () => 7, abandoned: () => false })).toBe(7);
    await expect(gate.run('a', { make, kept: () => undefined, abandoned: () => true })).rejects.toBeInstanceOf(DomainError);
    expect(made).toBe(0);
  });
});

describe('POST /api/product: the per-client budget of uncached answers (issue 34)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await build({ seed: true, env: { RATE_LIMIT_CATALOG_PER_CLIENT: '3' } });
  });
  afterAll(() => server.close());

  const list = (remoteAddress: string, body: object) =>
    server.app.inject({ method: 'POST', url: '/api/product', remoteAddress, payload: body });

  it('answers 429 with Retry-After once a client has had its uncached answers; kept answers and other clients are still served', async () => {
    for (const offset of [1, 2, 3]) expect((await list('203.0.113.5', { offset })).statusCode).toBe(200);
    const refused = await list('203.0.113.5', { offset: 4 });
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.json()).toEqual({ success: false, message: 'Too many attempts. Please try again later.' });
    // What is kept costs nothing: still served to the same client.
    expect((await list('203.0.113.5', { offset: 1 })).statusCode).toBe(200);
    expect((await list('203.0.113.6', { offset: 4 })).statusCode).toBe(200);
    // The same /64 is the same client.
    for (const offset of [5, 6, 7]) expect((await list(`2001:db8:5:5::${offset}`, { offset })).statusCode).toBe(200);
    expect((await list('2001:db8:5:5:ffff::1', { offset: 8 })).statusCode).toBe(429);
  });

  it('answers a D18 body without limit with one page of 24 (the default page size)', async () => {
    const page = await list('203.0.113.7', { sort: 'name' });
    expect(page.statusCode).toBe(200);
    expect(page.json<unknown[]>()).toHaveLength(24);
    expect(Number(page.headers['x-total-count'])).toBeGreaterThan(24);
    // SPEC's call (no D18 field) still lists everything.
    const all = await list('203.0.113.8', {});
    expect(all.json<unknown[]>()).toHaveLength(Number(page.headers['x-total-count']));
  });
});
