import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { bearer, build, type TestServer } from './testing/test-server';

const servers: TestServer[] = [];
async function server(env: Record<string, string> = {}, logLines?: string[]): Promise<TestServer> {
  const logStream = logLines ? new Writable({ write: (chunk, _encoding, done) => (logLines.push(String(chunk)), done()) }) : undefined;
  const started = await build({ env, ...(logStream ? { logStream } : {}) });
  servers.push(started);
  return started;
}
afterAll(async () => {
  await Promise.all(servers.map((s) => s.close()));
});

describe('trusted proxies (TRUST_PROXY)', () => {
  it('takes the client address from X-Forwarded-For only when a listed proxy sends it', async () => {
    const s = await server({ TRUST_PROXY: '10.0.0.1, 192.168.0.0/16', RATE_LIMIT_FORGOT_PER_CLIENT: '1' });
    const forgot = (remoteAddress: string, forwardedFor: string, to: string) =>
      s.request({
        method: 'POST',
        url: '/api/users/forgot-password',
        remoteAddress,
        headers: { 'x-forwarded-for': forwardedFor },
        payload: { to },
      });
    // Behind a listed proxy, two clients are two clients.
    expect((await forgot('10.0.0.1', '203.0.113.1', 'a@example.com')).statusCode).toBe(200);
    expect((await forgot('10.0.0.1', '203.0.113.2', 'b@example.com')).statusCode).toBe(200);
    expect((await forgot('192.168.4.4', '203.0.113.3', 'c@example.com')).statusCode).toBe(200);
    // The same client through another listed proxy is still the same client.
    expect((await forgot('192.168.4.5', '203.0.113.3', 'd@example.com')).statusCode).toBe(429);
    // Anyone else's X-Forwarded-For is ignored: a new header per request does not dodge the limit.
    expect((await forgot('198.51.100.7', '203.0.113.4', 'e@example.com')).statusCode).toBe(200);
    expect((await forgot('198.51.100.7', '203.0.113.5', 'f@example.com')).statusCode).toBe(429);
  });

  it('ignores X-Forwarded-For entirely by default', async () => {
    const s = await server({ RATE_LIMIT_FORGOT_PER_CLIENT: '1' });
    const forgot = (forwardedFor: string, to: string) =>
      s.request({
        method: 'POST',
        url: '/api/users/forgot-password',
        remoteAddress: '10.0.0.1',
        headers: { 'x-forwarded-for': forwardedFor },
        payload: { to },
      });
    expect((await forgot('203.0.113.1', 'a@example.com')).statusCode).toBe(200);
    expect((await forgot('203.0.113.2', 'b@example.com')).statusCode).toBe(429);
  });
});

describe('request log', () => {
  it('holds no token of a mail link (API and SPA routes) and no credential header', async () => {
    const lines: string[] = [];
    const staticDir = mkdtempSync(path.join(tmpdir(), 'spa-'));
    writeFileSync(path.join(staticDir, 'index.html'), '<!doctype html><title>shop</title>');
    const s = await server({ LOG_LEVEL: 'info', STATIC_DIR: staticDir }, lines);
    const token = 'SecretTokenValue0123456789abcdefghijklmnopq';
    const urls = [
      `/verify-email/${token}`,
      `/verify-email-anonymous/${token}?from=mail`,
      `/reset-password/${token}`,
      `/api/users/email-verification/${token}`,
      `/api/users/email-verification-anonymous/${token}`,
    ];
    for (const url of urls)
      await s.request({ method: url.startsWith('/api/') ? 'POST' : 'GET', url, payload: url.startsWith('/api/') ? {} : undefined });
    await s.request({ method: 'PUT', url: `/api/users/reset-password/${token}`, payload: { newpass: 'N3w!Password' } });
    await s.request({
      method: 'GET',
      url: '/api/users/profile',
      headers: { authorization: `Bearer ${token}`, cookie: `session=${token}` },
    });
    const logged = lines.join('');
    expect(logged).toContain('/verify-email/[redacted]');
    expect(logged).toContain('/verify-email-anonymous/[redacted]?from=mail');
    expect(logged).toContain('/reset-password/[redacted]');
    expect(logged).toContain('/api/users/email-verification/[redacted]');
    expect(logged).toContain('/api/users/profile');
    expect(logged).not.toContain(token);
  });
});

describe('Cache-Control on account answers', () => {
  it('is no-store on every /api/users answer, errors included', async () => {
    const s = await server();
    const session = await s.signIn('cache@example.com');
    const auth = bearer(session.accessToken);
    const token = 'x'.repeat(43);
    const answers = [
      await s.request({
        method: 'POST',
        url: '/api/users/register',
        payload: { userName: 'C', email: 'c2@example.com', password: 'Str0ng!Pass' },
      }),
      await s.request({ method: 'POST', url: '/api/users/login', payload: { email: 'cache@example.com', password: 'Str0ng!Pass' } }),
      await s.request({ method: 'GET', url: '/api/users/profile', headers: auth }),
      await s.request({ method: 'GET', url: '/api/users/profile' }), // 401
      await s.request({ method: 'PUT', url: '/api/users/profile', headers: auth, payload: { userName: 'Cache' } }),
      await s.request({ method: 'PUT', url: '/api/users/update-address', headers: auth, payload: {} }), // 400
      await s.request({ method: 'POST', url: '/api/users/delete-address', headers: auth, payload: { _id: 'none' } }),
      await s.request({ method: 'PUT', url: '/api/users/update-password', headers: auth, payload: {} }),
      await s.request({ method: 'PUT', url: `/api/users/reset-password/${token}`, payload: { newpass: 'N3w!Password' } }),
      await s.request({ method: 'POST', url: '/api/users/forgot-password', payload: { to: 'cache@example.com' } }),
      await s.request({ method: 'POST', url: '/api/users/verify-email', headers: auth, payload: {} }),
      await s.request({ method: 'POST', url: '/api/users/verify-email-anonymous', payload: { to: 'guest@example.com' } }),
      await s.request({ method: 'POST', url: `/api/users/email-verification/${token}`, payload: {} }),
      await s.request({ method: 'POST', url: `/api/users/email-verification-anonymous/${token}`, payload: {} }),
      await s.request({ method: 'GET', url: '/api/users/refresh', headers: bearer(session.refreshToken) }),
      await s.request({ method: 'GET', url: '/api/users/logout', headers: auth }),
      await s.request({ method: 'GET', url: '/api/users/no-such-route' }),
      await s.request({ method: 'POST', url: '/api/users/login', headers: { 'content-type': 'application/json' }, payload: '{' }),
    ];
    expect(answers.map((a) => a.statusCode)).toContain(401);
    expect(answers.map((a) => a.statusCode)).toContain(400);
    for (const answer of answers) expect(answer.headers['cache-control'], answer.body).toBe('no-store');
  });
});

describe('static files of the built SPA', () => {
  it('serves assets but no source maps and no dotfiles', async () => {
    const staticDir = mkdtempSync(path.join(tmpdir(), 'spa-'));
    writeFileSync(path.join(staticDir, 'index.html'), '<!doctype html><title>shop</title>');
    mkdirSync(path.join(staticDir, 'assets'));
    mkdirSync(path.join(staticDir, '.vite'));
    writeFileSync(path.join(staticDir, 'assets', 'app.js'), 'console.log(1)');
    writeFileSync(path.join(staticDir, 'assets', 'app.js.map'), '{"version":3,"sources":["secret.ts"]}');
    writeFileSync(path.join(staticDir, '.vite', 'manifest.json'), '{"index.html":{}}');
    writeFileSync(path.join(staticDir, '.env'), 'SECRET=1');
    const s = await server({ STATIC_DIR: staticDir });
    expect((await s.request({ method: 'GET', url: '/assets/app.js' })).body).toBe('console.log(1)');
    for (const url of ['/assets/app.js.map', '/.env', '/.vite/manifest.json', '/assets/%2e%2e/.env']) {
      const answer = await s.request({ method: 'GET', url });
      expect(answer.body, url).not.toContain('secret.ts');
      expect(answer.body, url).not.toContain('SECRET=1');
      expect(answer.body, url).not.toContain('"index.html"');
      expect(answer.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(answer.body, url).not.toContain('<title>shop</title>');
    }
    // Client routes still get the page on reload.
    expect((await s.request({ method: 'GET', url: '/product/0123456789abcdef01234567' })).body).toContain('<title>shop</title>');
  });
});
