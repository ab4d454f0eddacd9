import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, build, type TestServer } from '../testing/test-server';
import { purgeExpired } from './purge-expired';

let s: TestServer;
beforeAll(async () => {
  s = await build();
});
afterAll(async () => {
  await s.close();
});

async function count(table: string): Promise<number> {
  const rows = await s.testDb.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`);
  return Number(rows.rows[0]?.n);
}

describe('purgeExpired', () => {
  it('removes only unusable rows: live sessions, pending tokens and current windows stay', async () => {
    const old = await s.signIn('old@example.com');
    await s.request({ method: 'POST', url: '/api/users/login', payload: { email: 'old@example.com', password: 'nope' } });
    await s.request({ method: 'POST', url: '/api/users/verify-email', headers: bearer(old.accessToken), payload: {} });
    s.clock.advance(8 * 24 * 60 * 60_000);
    const fresh = await s.signIn('fresh@example.com');
    await s.request({ method: 'POST', url: '/api/users/login', payload: { email: 'fresh@example.com', password: 'nope' } });
    await s.request({ method: 'POST', url: '/api/users/verify-email', headers: bearer(fresh.accessToken), payload: {} });
    expect(await count('session_families')).toBe(2);
    // Windows only "old" touched (its login-pair, login-account and verify-address keys) have ended.
    const windowsBefore = await count('throttle_windows');

    await purgeExpired(s.testDb.db, s.clock.now(), s.config.rateLimits.windowMs);

    expect(await count('session_families')).toBe(1);
    expect(await count('mail_tokens')).toBe(1);
    expect((await s.request({ method: 'GET', url: '/api/users/profile', headers: bearer(fresh.accessToken) })).statusCode).toBe(200);
    const token = await s.tokenFromMail('fresh@example.com', '/verify-email/');
    expect((await s.request({ method: 'POST', url: `/api/users/email-verification/${token}`, payload: {} })).statusCode).toBe(200);
    expect(await count('throttle_windows')).toBe(windowsBefore - 3);
  });
});
