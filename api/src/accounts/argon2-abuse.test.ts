import argon2 from 'argon2';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { bearer, NEW_PASSWORD, build, STRONG_PASSWORD, type TestServer } from '../testing/test-server';

const UNKNOWN_TOKEN = 'A'.repeat(43);

let s: TestServer;
beforeAll(async () => {
  s = await build({
    env: {
      RATE_LIMIT_RESET_PER_CLIENT: '3',
      RATE_LIMIT_LOGIN_PER_CLIENT: '4',
      RATE_LIMIT_LOGIN_PER_ACCOUNT_CLIENT: '5',
      ARGON2_MAX_CONCURRENCY: '2',
    },
  });
});
afterAll(async () => {
  await s.close();
});
afterEach(() => {
  vi.restoreAllMocks();
});

const resetWith = (token: string, ip = '127.0.0.1') =>
  s.request({ method: 'PUT', url: `/api/users/reset-password/${token}`, payload: { newpass: NEW_PASSWORD }, remoteAddress: ip });
const updateWithToken = (token: string, ip = '127.0.0.1') =>
  s.request({
    method: 'PUT',
    url: '/api/users/update-password',
    payload: { token, newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD },
    remoteAddress: ip,
  });

describe('reset tokens are looked up before any argon2 work', () => {
  it('answers an unknown, used or expired token with 400 without hashing', async () => {
    await s.register('spent@example.com');
    const used = await s.resetToken('spent@example.com');
    expect((await resetWith(used, '10.20.0.1')).statusCode).toBe(200);
    await s.register('late@example.com');
    const expired = await s.resetToken('late@example.com');
    s.clock.advance(30 * 60_000 + 1);

    const hash = vi.spyOn(argon2, 'hash');
    const cases: Array<[string, () => ReturnType<typeof resetWith>]> = [
      ['unknown, reset route', () => resetWith(UNKNOWN_TOKEN, '10.20.0.2')],
      ['unknown, update route', () => updateWithToken(UNKNOWN_TOKEN, '10.20.0.2')],
      ['used', () => resetWith(used, '10.20.0.3')],
      ['expired', () => updateWithToken(expired, '10.20.0.3')],
    ];
    for (const [label, send] of cases) {
      const response = await send();
      expect(response.statusCode, label).toBe(400);
      expect(response.json()).toEqual({
        success: false,
        message: 'The password reset link is invalid or has expired. Please ask for a new one.',
      });
    }
    expect(hash).not.toHaveBeenCalled();
  });

  it('keeps a token single use under concurrency', async () => {
    await s.register('race@example.com');
    const token = await s.resetToken('race@example.com');
    const codes = (
      await Promise.all(Array.from({ length: 6 }, (_, i) => (i % 2 ? resetWith : updateWithToken)(token, `10.21.0.${i}`)))
    ).map((r) => r.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c === 400)).toHaveLength(5);
  });

  it('throttles both reset routes per client', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 4; i++) codes.push((await (i % 2 ? resetWith : updateWithToken)(UNKNOWN_TOKEN, '10.22.0.1')).statusCode);
    expect(codes).toEqual([400, 400, 400, 429]);
    expect((await resetWith(UNKNOWN_TOKEN, '10.22.0.2')).statusCode).toBe(400);
  });
});

describe('argon2 concurrency', () => {
  it('never runs more than ARGON2_MAX_CONCURRENCY hashes or verifies at once under a flood', async () => {
    let running = 0;
    let peak = 0;
    let calls = 0;
    const track =
      <A extends unknown[], R>(original: (...args: A) => Promise<R>) =>
      async (...args: A): Promise<R> => {
        running++;
        calls++;
        peak = Math.max(peak, running);
        try {
          return await original(...args);
        } finally {
          running--;
        }
      };
    const users = Array.from({ length: 8 }, (_, i) => `flood${i}@example.com`);
    for (const email of users) await s.register(email);
    const token = await s.resetToken('flood0@example.com');
    const [hash, verify] = [argon2.hash.bind(argon2), argon2.verify.bind(argon2)];
    vi.spyOn(argon2, 'hash').mockImplementation(track(hash));
    vi.spyOn(argon2, 'verify').mockImplementation(track(verify));

    const flood = [
      ...users.flatMap((email, i) => [
        s.request({
          method: 'POST',
          url: '/api/users/login',
          payload: { email, password: STRONG_PASSWORD },
          remoteAddress: `10.23.0.${i}`,
        }),
        s.request({ method: 'POST', url: '/api/users/login', payload: { email, password: 'Wr0ng!pass' }, remoteAddress: `10.23.1.${i}` }),
      ]),
      s.request({
        method: 'POST',
        url: '/api/users/login',
        payload: { email: 'ghost@example.com', password: 'Wr0ng!pass' },
        remoteAddress: '10.23.2.1',
      }),
      s.request({
        method: 'POST',
        url: '/api/users/register',
        payload: { userName: 'n', email: 'fresh@example.com', password: STRONG_PASSWORD },
      }),
      resetWith(token, '10.23.3.1'),
    ];
    const codes = (await Promise.all(flood)).map((r) => r.statusCode);
    expect(codes.filter((c) => c >= 500)).toEqual([]);
    expect(calls).toBeGreaterThan(10);
    expect(peak).toBeLessThanOrEqual(2);
  });
});

describe('successful logins per client', () => {
  it('answer 429 once the client made too many attempts', async () => {
    await s.register('often@example.com');
    const codes: number[] = [];
    for (let i = 0; i < 5; i++) {
      const response = await s.request({
        method: 'POST',
        url: '/api/users/login',
        payload: { email: 'often@example.com', password: STRONG_PASSWORD },
        remoteAddress: '10.24.0.1',
      });
      codes.push(response.statusCode);
    }
    expect(codes).toEqual([200, 200, 200, 200, 429]);
  });
});

describe('the current-password check of update-password', () => {
  it("counts wrong current passwords against the session's client like failed logins", async () => {
    const session = await s.signIn('current@example.com');
    const change = (currentPassword: string) =>
      s.request({
        method: 'PUT',
        url: '/api/users/update-password',
        headers: bearer(session.accessToken),
        payload: { currentPassword, newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD },
        remoteAddress: '10.25.0.1',
      });
    const codes: number[] = [];
    for (let i = 0; i < 6; i++) codes.push((await change('Wr0ng!pass')).statusCode);
    expect(codes).toEqual([400, 400, 400, 400, 400, 429]);
    expect((await change(STRONG_PASSWORD)).statusCode).toBe(429);
    // Another client is not affected.
    expect(
      (
        await s.request({
          method: 'POST',
          url: '/api/users/login',
          payload: { email: 'current@example.com', password: STRONG_PASSWORD },
          remoteAddress: '10.25.0.2',
        })
      ).statusCode,
    ).toBe(200);
  });
});
