import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, type TestServer } from '../testing/test-server';
import { isAccountUrl } from '@shop/core/node/security-headers';

describe('security headers on answers no hook sees', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await build();
  });
  afterAll(() => s.close());

  // The router answers these before onRequest and onSend run (Fastify's frameworkErrors).
  it.each([
    ['a bad URL encoding under /api/users', 'POST', '/api/users/email-verification/%E0%A4%A', 400],
    ['an over-long path parameter under /api/users', 'PUT', `/api/users/reset-password/${'a'.repeat(5000)}`, 414],
    ['a bad URL encoding under /api/orders', 'GET', '/api/orders/%E0%A4%A', 400],
  ] as const)('%s: JSON with the API security headers and no-store', async (_case, method, url, status) => {
    const answer = await s.request({ method, url });
    expect(answer.statusCode).toBe(status);
    expect(answer.headers['cache-control']).toBe('no-store');
    expect(answer.headers['content-security-policy']).toBe("default-src 'none';frame-ancestors 'none'");
    expect(answer.headers['x-frame-options']).toBe('DENY');
    expect(answer.headers['x-content-type-options']).toBe('nosniff');
    expect(answer.json()).toEqual({ success: false, message: expect.any(String) });
  });

  it('a bad URL encoding outside the API gets the document headers, and no-store', async () => {
    const answer = await s.request({ method: 'GET', url: '/product/%E0%A4%A' });
    expect(answer.statusCode).toBe(400);
    expect(answer.headers['cache-control']).toBe('no-store');
    expect(answer.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(answer.headers['content-security-policy']).toContain("script-src 'self'");
  });

  it('is no-store on /api/users itself and with a query, not only below it', async () => {
    for (const url of ['/api/users', '/api/users?x=1', '/api/users/']) {
      const answer = await s.request({ method: 'GET', url });
      expect(answer.statusCode, url).toBe(404);
      expect(answer.headers['cache-control'], url).toBe('no-store');
    }
  });

  it('takes /api/users and what is under it as account URLs, and nothing else', () => {
    expect(['/api/users', '/api/users/', '/api/users?a', '/api/users/login'].map(isAccountUrl)).toEqual([true, true, true, true]);
    expect(['/api/usersx', '/api/user', '/api/product', '/users'].map(isAccountUrl)).toEqual([false, false, false, false]);
  });
});
