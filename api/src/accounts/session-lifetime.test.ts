import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, STRONG_PASSWORD, build, type TestServer } from '../testing/test-server';

let s: TestServer;
beforeAll(async () => {
  s = await build();
});
afterAll(async () => {
  await s.close();
});

const MINUTE = 60_000;
const refresh = (token: string) => s.request({ method: 'GET', url: '/api/users/refresh', headers: bearer(token) });
const logout = (token: string) => s.request({ method: 'GET', url: '/api/users/logout', headers: bearer(token) });
const profile = (token: string) => s.request({ method: 'GET', url: '/api/users/profile', headers: bearer(token) });

describe('refresh token idle lifetime (REFRESH_IDLE_MINUTES, default 30)', () => {
  it('defaults to 30 minutes', () => {
    expect(s.config.refreshIdleMs).toBe(30 * MINUTE);
  });

  it('keeps a session alive that refreshes as the client does (warning at 13 min, Extend Session)', async () => {
    let tokens = await s.signIn('active@example.com');
    // Well past the idle lifetime in total, but never idle for longer than it.
    for (let i = 0; i < 4; i++) {
      s.clock.advance(13 * MINUTE);
      const answer = await refresh(tokens.refreshToken);
      expect(answer.statusCode).toBe(200);
      tokens = { ...tokens, ...answer.json() };
    }
    expect((await profile(tokens.accessToken)).statusCode).toBe(200);
  });

  it('answers 401 for a refresh token unused longer than the idle lifetime, and ends the family', async () => {
    const session = await s.signIn('idle@example.com');
    s.clock.advance(10 * MINUTE);
    const rotated = (await refresh(session.refreshToken)).json<{ accessToken: string; refreshToken: string }>();
    s.clock.advance(30 * MINUTE);
    const late = await refresh(rotated.refreshToken);
    expect(late.statusCode).toBe(401);
    expect(late.json()).toEqual({ success: false, message: 'Invalid or expired refresh token. Please log in again.' });
    const family = await s.testDb.db.query<{ revoked: boolean }>(
      `SELECT f.revoked_at IS NOT NULL AS revoked FROM session_families f JOIN users u ON u.id = f.user_id WHERE u.email_key = $1`,
      ['idle@example.com'],
    );
    expect(family.rows).toEqual([{ revoked: true }]);
    expect(s.events).toContainEqual({ type: 'sessionsRevoked', familyIds: [expect.any(String)] });
  });

  it('takes the idle lifetime from REFRESH_IDLE_MINUTES', async () => {
    const short = await build({ env: { REFRESH_IDLE_MINUTES: '5' } });
    try {
      const session = await short.signIn('short@example.com');
      short.clock.advance(5 * MINUTE + 1000);
      expect((await short.request({ method: 'GET', url: '/api/users/refresh', headers: bearer(session.refreshToken) })).statusCode).toBe(
        401,
      );
    } finally {
      await short.close();
    }
  });
});

describe('GET /api/users/logout with the refresh token', () => {
  it('ends the session whose access token has expired', async () => {
    const session = await s.signIn('expired-logout@example.com');
    s.clock.advance(16 * MINUTE);
    expect((await logout(session.accessToken)).statusCode).toBe(401);
    const answer = await logout(session.refreshToken);
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ success: true, message: 'Logged out successfully.' });
    expect((await refresh(session.refreshToken)).statusCode).toBe(401);
  });

  it('ends only that session, and its access token at once', async () => {
    const mine = await s.signIn('two-logouts@example.com');
    const other = await s.signIn('two-logouts@example.com', STRONG_PASSWORD);
    expect((await logout(mine.refreshToken)).statusCode).toBe(200);
    expect((await profile(mine.accessToken)).statusCode).toBe(401);
    expect((await profile(other.accessToken)).statusCode).toBe(200);
  });

  it('answers 401 for an unknown or already ended refresh token', async () => {
    const session = await s.signIn('twice@example.com');
    expect((await logout(session.refreshToken)).statusCode).toBe(200);
    expect((await logout(session.refreshToken)).statusCode).toBe(401);
    expect((await logout('A'.repeat(43))).statusCode).toBe(401);
  });
});
