import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { redactUrl } from '@shop/core/node/logger-options';
import { bearer, build, type TestServer } from './testing/test-server';

let s: TestServer;
let spa: TestServer;
beforeAll(async () => {
  s = await build({ env: { CORS_ORIGINS: 'http://localhost:5173' } });
  const staticDir = mkdtempSync(path.join(tmpdir(), 'spa-'));
  writeFileSync(path.join(staticDir, 'index.html'), '<!doctype html><title>shop</title>');
  mkdirSync(path.join(staticDir, 'assets'));
  writeFileSync(path.join(staticDir, 'assets', 'app.js'), 'console.log(1)');
  spa = await build({ env: { STATIC_DIR: staticDir } });
});
afterAll(async () => {
  await s.close();
  await spa.close();
});

async function userCount(): Promise<number> {
  const rows = await s.testDb.db.query<{ n: number }>('SELECT count(*)::int AS n FROM users');
  return Number(rows.rows[0]?.n);
}

describe('bad input never reaches a 500 and changes nothing', () => {
  it('answers malformed JSON with 400 JSON', async () => {
    const before = await userCount();
    const response = await s.request({
      method: 'POST',
      url: '/api/users/register',
      headers: { 'content-type': 'application/json' },
      payload: '{"userName": "x", "email": ',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ success: false, message: 'Malformed JSON body.' });
    expect(await userCount()).toBe(before);
  });

  it('answers a body over 1 MiB with 413', async () => {
    const before = await userCount();
    const response = await s.request({
      method: 'POST',
      url: '/api/users/register',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ userName: 'x'.repeat(1024 * 1024), email: 'big@example.com', password: 'Str0ng!Pass' }),
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({ success: false });
    expect(await userCount()).toBe(before);
  });

  it('answers other content types, empty bodies and junk headers with 4xx JSON', async () => {
    const responses = [
      await s.request({ method: 'POST', url: '/api/users/login', headers: { 'content-type': 'text/plain' }, payload: 'hello' }),
      await s.request({ method: 'POST', url: '/api/users/login', headers: { 'content-type': 'application/json' }, payload: '' }),
      await s.request({ method: 'POST', url: '/api/users/login' }),
      await s.request({ method: 'POST', url: '/api/users/login', payload: { email: ['a'], password: { $ne: 1 } } }),
      await s.request({ method: 'GET', url: '/api/users/profile', headers: { authorization: 'Basic abc' } }),
      await s.request({ method: 'GET', url: '/api/users/profile', headers: { authorization: `Bearer ${'x'.repeat(5000)}` } }),
      await s.request({ method: 'PUT', url: `/api/users/reset-password/${'x'.repeat(300)}`, payload: { newpass: 'N3w!Password' } }),
    ];
    for (const response of responses) {
      expect(response.statusCode).toBeGreaterThanOrEqual(400);
      expect(response.statusCode).toBeLessThan(500);
      expect(response.json()).toMatchObject({ success: false, message: expect.any(String) });
    }
  });

  it('answers unknown routes and methods with 404 JSON', async () => {
    for (const [method, url] of [
      ['GET', '/api/nope'],
      ['DELETE', '/api/users/profile'],
      ['GET', '/nowhere'],
    ] as const) {
      const response = await s.request({ method, url });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ success: false, message: 'Not found.' });
    }
  });
});

describe('security headers and CORS', () => {
  it("gives the shop's page and files a strict CSP, nosniff, a referrer policy and no framing", async () => {
    for (const url of ['/', '/profile', '/assets/app.js']) {
      const response = await spa.request({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      const csp = String(response.headers['content-security-policy']);
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("img-src 'self' data: blob:");
      expect(csp).toContain("connect-src 'self' ws://localhost:5000");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("style-src 'self'");
      expect(csp).not.toContain('unsafe-inline');
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['referrer-policy']).toBe('no-referrer');
      expect(response.headers['cross-origin-opener-policy']).toBe('same-origin');
    }
  });

  it("gives the API's JSON answers what protects data, without a document's policies", async () => {
    for (const [method, url] of [
      ['GET', '/api/users/profile'],
      ['GET', '/api/Category'],
      ['POST', '/api/product'],
      ['GET', '/api/nope'],
    ] as const) {
      const response = await s.request({ method, url, ...(method === 'POST' ? { payload: {} } : {}) });
      expect(response.headers['content-security-policy']).toBe("default-src 'none';frame-ancestors 'none'");
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['x-frame-options']).toBe('DENY');
      expect(response.headers['referrer-policy']).toBe('no-referrer');
      expect(response.headers['cross-origin-resource-policy']).toBe('cross-origin');
      for (const documentOnly of ['cross-origin-opener-policy', 'origin-agent-cluster', 'x-dns-prefetch-control', 'x-xss-protection']) {
        expect(response.headers[documentOnly]).toBeUndefined();
      }
    }
  });

  it('allows only the configured origins', async () => {
    const allowed = await s.request({
      method: 'OPTIONS',
      url: '/api/users/login',
      headers: { origin: 'http://localhost:5173', 'access-control-request-method': 'POST' },
    });
    expect(allowed.headers['access-control-allow-origin']).toBe('http://localhost:5173');
    const other = await s.request({ method: 'GET', url: '/api/users/profile', headers: { origin: 'https://evil.test' } });
    expect(other.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('answers no cross-origin call without configured origins: a preflight is a 404 and no answer names an origin', async () => {
    const origin = { origin: 'http://localhost:5173' };
    const preflight = await spa.request({
      method: 'OPTIONS',
      url: '/api/users/login',
      headers: { ...origin, 'access-control-request-method': 'POST' },
    });
    expect(preflight.statusCode).toBe(404);
    const answers = [preflight, await spa.request({ method: 'GET', url: '/api/Category', headers: origin })];
    for (const answer of answers) {
      expect(Object.keys(answer.headers).filter((name) => name.startsWith('access-control-'))).toEqual([]);
    }
  });

  it('lets a shop on an allowed origin place orders and read a paged total', async () => {
    const preflight = await s.request({
      method: 'OPTIONS',
      url: '/api/orders',
      headers: {
        origin: 'http://localhost:5173',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type,authorization,idempotency-key',
      },
    });
    expect(preflight.headers['access-control-allow-headers']?.toString().toLowerCase().split(/,\s*/)).toEqual(
      expect.arrayContaining(['idempotency-key', 'authorization', 'content-type']),
    );
    const list = await s.request({ method: 'GET', url: '/api/orders', headers: { origin: 'http://localhost:5173' } });
    expect(list.headers['access-control-expose-headers']).toBe('X-Total-Count');
  });
});

describe('wiring', () => {
  it('serves the catalogue and reference routes of the other modules', async () => {
    const categories = await s.request({ method: 'GET', url: '/api/Category' });
    expect(categories.statusCode).toBe(200);
    expect(Array.isArray(categories.json())).toBe(true);
    const states = await s.request({ method: 'GET', url: '/api/address/states' });
    expect(states.statusCode).toBe(200);
    expect(states.json().length).toBeGreaterThan(70);
  });
});

describe('the built SPA', () => {
  it('serves files and falls back to index.html for client routes, but not for API paths', async () => {
    const asset = await spa.request({ method: 'GET', url: '/assets/app.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.body).toBe('console.log(1)');
    for (const url of ['/', '/profile', '/verify-email/abc', '/product/123']) {
      const page = await spa.request({ method: 'GET', url });
      expect(page.statusCode, url).toBe(200);
      expect(page.body).toContain('<title>shop</title>');
      expect(page.body, url).toContain('<meta name="storefront-api" content="same-origin" />');
    }
    const direct = await spa.request({ method: 'GET', url: '/index.html' });
    expect(direct.body).toContain('<meta name="storefront-api" content="same-origin" />');
    const api = await spa.request({ method: 'GET', url: '/api/unknown' });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toMatchObject({ success: false });
    const session = await spa.signIn('spa@example.com');
    expect((await spa.request({ method: 'GET', url: '/api/users/profile', headers: bearer(session.accessToken) })).statusCode).toBe(200);
  });
});

describe('log redaction', () => {
  it('masks mail tokens in logged URLs', () => {
    expect(redactUrl('/api/users/reset-password/abcDEF_123')).toBe('/api/users/reset-password/[redacted]');
    expect(redactUrl('/api/users/email-verification-anonymous/tok?x=1')).toBe('/api/users/email-verification-anonymous/[redacted]?x=1');
    expect(redactUrl('/api/users/email-verification/tok')).toBe('/api/users/email-verification/[redacted]');
    expect(redactUrl('/api/users/profile')).toBe('/api/users/profile');
  });
});
