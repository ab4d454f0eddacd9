import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { bearer, NEW_PASSWORD, build, STRONG_PASSWORD, type TestServer } from '../testing/test-server';

/** The app's log, line by line (pino writes each JSON line to the stream synchronously): this test's, and the whole run's. */
const lines: Array<Record<string, unknown>> = [];
const all: string[] = [];
const logStream = {
  write: (line: string) => {
    all.push(line);
    lines.push(JSON.parse(line) as Record<string, unknown>);
  },
} as unknown as NodeJS.WritableStream;
/** Every password and token the tests send: none may reach the log. */
const secrets: string[] = [];

let s: TestServer;
beforeAll(async () => {
  s = await build({
    logStream,
    env: { LOG_LEVEL: 'info', RATE_LIMIT_LOGIN_PER_ACCOUNT_CLIENT: '2', RATE_LIMIT_RESET_PER_CLIENT: '3' },
  });
});
afterAll(async () => {
  await s.close();
});
beforeEach(() => {
  lines.length = 0;
});

const WRONG = 'Wr0ng!pass';

/** The security events logged since the test began, without pino's own fields. */
function events(): Array<Record<string, unknown>> {
  return lines
    .filter((line) => typeof line.event === 'string')
    .map(({ event, userId, client, outcome, reason, route, level }) => ({
      event,
      userId,
      client,
      outcome,
      ...(reason === undefined ? {} : { reason }),
      ...(route === undefined ? {} : { route }),
      level,
    }));
}

const WARN = 40;
const INFO = 30;
const login = (email: string, password: string, ip: string) =>
  s.request({ method: 'POST', url: '/api/users/login', payload: { email, password }, remoteAddress: ip });

describe('security events in the log (ASVS 16.3)', () => {
  it('logs failed sign-ins, the lockout, the throttled answer and a sign-in, with the user and client', async () => {
    await s.register('target@example.com');
    const userId = (await s.signIn('target@example.com')).user._id;
    lines.length = 0;
    await login('nobody@example.com', WRONG, '10.20.0.1');
    await login('target@example.com', WRONG, '10.20.0.2');
    await login('target@example.com', WRONG, '10.20.0.2');
    expect((await login('target@example.com', STRONG_PASSWORD, '10.20.0.2')).statusCode).toBe(429);
    await login('target@example.com', STRONG_PASSWORD, '10.20.0.3');
    expect(events()).toEqual([
      { event: 'login-failed', userId: null, client: '10.20.0.1', outcome: 'failure', reason: 'unknown-email', level: WARN },
      { event: 'login-failed', userId, client: '10.20.0.2', outcome: 'failure', reason: 'wrong-password', level: WARN },
      { event: 'login-failed', userId, client: '10.20.0.2', outcome: 'failure', reason: 'wrong-password', level: WARN },
      { event: 'account-locked', userId, client: '10.20.0.2', outcome: 'refused', reason: 'login', level: WARN },
      { event: 'request-throttled', userId: null, client: '10.20.0.2', outcome: 'refused', route: '/api/users/login', level: WARN },
      { event: 'login-succeeded', userId, client: '10.20.0.3', outcome: 'success', level: INFO },
    ]);
  });

  it('tells a reused refresh token from an idle or ended one', async () => {
    const first = await s.signIn('refresh@example.com');
    const userId = first.user._id;
    const refresh = (token: string) =>
      s.request({ method: 'GET', url: '/api/users/refresh', headers: bearer(token), remoteAddress: '10.21.0.1' });
    const second = (await refresh(first.refreshToken)).json<{ refreshToken: string }>();
    secrets.push(first.refreshToken, second.refreshToken);
    lines.length = 0;
    expect((await refresh(first.refreshToken)).statusCode).toBe(401);
    expect((await refresh(second.refreshToken)).statusCode).toBe(401);
    const idle = await s.signIn('refresh@example.com');
    s.clock.advance(31 * 60_000);
    expect((await refresh(idle.refreshToken)).statusCode).toBe(401);
    expect((await refresh('A'.repeat(43))).statusCode).toBe(401);
    const base = { client: '10.21.0.1', outcome: 'refused', level: WARN };
    expect(events().filter((line) => String(line.event).startsWith('refresh'))).toEqual([
      { ...base, event: 'refresh-token-reused', userId, reason: 'reused' },
      { ...base, event: 'refresh-token-refused', userId, reason: 'ended' },
      { ...base, event: 'refresh-token-refused', userId, reason: 'idle' },
      { ...base, event: 'refresh-token-refused', userId: null, reason: 'unknown' },
    ]);
  });

  it('logs password changes (done and with a wrong current password), reset requests, resets and refused reset links', async () => {
    const session = await s.signIn('changer@example.com');
    const userId = session.user._id;
    lines.length = 0;
    const change = (currentPassword: string, newPassword: string) =>
      s.request({
        method: 'PUT',
        url: '/api/users/update-password',
        headers: bearer(session.accessToken),
        payload: { currentPassword, newPassword, confirmPassword: newPassword },
        remoteAddress: '10.22.0.1',
      });
    expect((await change(WRONG, NEW_PASSWORD)).statusCode).toBe(400);
    expect((await change(STRONG_PASSWORD, NEW_PASSWORD)).statusCode).toBe(200);
    const forgot = (to: string) =>
      s.request({ method: 'POST', url: '/api/users/forgot-password', payload: { to }, remoteAddress: '10.22.0.2' });
    await forgot('changer@example.com');
    await forgot('stranger@example.com');
    const token = await s.tokenFromMail('changer@example.com', '/reset-password/');
    secrets.push(token, session.accessToken, session.refreshToken);
    const reset = (link: string) =>
      s.request({
        method: 'PUT',
        url: `/api/users/reset-password/${link}`,
        payload: { newpass: 'Renewed#Pass3' },
        remoteAddress: '10.22.0.3',
      });
    expect((await reset(token)).statusCode).toBe(200);
    expect((await reset(token)).statusCode).toBe(400);
    expect(events()).toEqual([
      { event: 'password-change-failed', userId, client: '10.22.0.1', outcome: 'failure', reason: 'wrong-current-password', level: WARN },
      { event: 'password-changed', userId, client: '10.22.0.1', outcome: 'success', level: INFO },
      { event: 'password-reset-requested', userId, client: '10.22.0.2', outcome: 'success', level: INFO },
      { event: 'password-reset-requested', userId: null, client: '10.22.0.2', outcome: 'failure', reason: 'unknown-address', level: WARN },
      { event: 'password-reset-completed', userId, client: '10.22.0.3', outcome: 'success', level: INFO },
      { event: 'password-reset-refused', userId: null, client: '10.22.0.3', outcome: 'refused', reason: 'invalid-link', level: WARN },
    ]);
  });

  it("logs a signed-in request for an address or order that is not the caller's", async () => {
    const owner = await s.signIn('owner.of.things@example.com');
    const saved = await s.request({
      method: 'PUT',
      url: '/api/users/update-address',
      headers: bearer(owner.accessToken),
      payload: { addressName: 'Home' },
    });
    const addressId = saved.json<{ _newId: string }>()._newId;
    const intruder = await s.signIn('intruder@example.com');
    lines.length = 0;
    const as = { headers: bearer(intruder.accessToken), remoteAddress: '10.23.0.1' };
    expect((await s.request({ method: 'POST', url: '/api/users/delete-address', payload: { _id: addressId }, ...as })).statusCode).toBe(
      404,
    );
    expect((await s.request({ method: 'GET', url: `/api/orders/${'0'.repeat(24)}`, ...as })).statusCode).toBe(404);
    // Unknown routes and signed-out requests are no access to anyone's data.
    expect((await s.request({ method: 'GET', url: '/api/users/nowhere', ...as })).statusCode).toBe(404);
    expect(events()).toEqual([
      {
        event: 'access-denied',
        userId: intruder.user._id,
        client: '10.23.0.1',
        outcome: 'refused',
        route: '/api/users/delete-address',
        level: WARN,
      },
      { event: 'access-denied', userId: intruder.user._id, client: '10.23.0.1', outcome: 'refused', route: '/api/orders/:id', level: WARN },
    ]);
  });

  it('logs a wrong password given again, ended sessions and a deleted account', async () => {
    const laptop = await s.signIn('leaving@example.com');
    const phone = await s.signIn('leaving@example.com');
    const userId = laptop.user._id;
    secrets.push(laptop.accessToken, laptop.refreshToken, phone.accessToken, phone.refreshToken);
    lines.length = 0;
    const call = (url: string, payload: Record<string, unknown>) =>
      s.request({ method: 'POST', url, payload, headers: bearer(laptop.accessToken), remoteAddress: '10.24.0.1' });
    expect((await call('/api/users/sessions/end-others', { currentPassword: WRONG })).statusCode).toBe(400);
    expect((await call('/api/users/sessions/end-others', { currentPassword: STRONG_PASSWORD })).statusCode).toBe(200);
    expect((await call('/api/users/delete-account', { password: WRONG })).statusCode).toBe(400);
    expect((await call('/api/users/delete-account', { password: STRONG_PASSWORD })).statusCode).toBe(200);
    expect(events()).toEqual([
      { event: 'password-confirmation-failed', userId, client: '10.24.0.1', outcome: 'failure', reason: 'end-sessions', level: WARN },
      { event: 'sessions-ended', userId, client: '10.24.0.1', outcome: 'success', reason: 'all-others', level: INFO },
      { event: 'password-confirmation-failed', userId, client: '10.24.0.1', outcome: 'failure', reason: 'delete-account', level: WARN },
      { event: 'account-deleted', userId, client: '10.24.0.1', outcome: 'success', level: INFO },
    ]);
  });

  // Last: it reads the whole run's log.
  it('names the signed-in user on request lines, and never logs a password, token or cookie', async () => {
    const session = await s.signIn('lines@example.com');
    await s.request({ method: 'GET', url: '/api/users/profile', headers: bearer(session.accessToken) });
    await s.request({ method: 'GET', url: '/api/Category' });
    const requests = lines.filter((line) => line.msg === 'request completed');
    expect(requests.map((line) => [(line.req as { url: string }).url, line.userId])).toEqual([
      ['/api/users/register', undefined],
      ['/api/users/login', undefined],
      ['/api/users/profile', session.user._id],
      ['/api/Category', undefined],
    ]);
    const everything = all.join('');
    expect(everything).toContain('security event: login-failed');
    for (const secret of [STRONG_PASSWORD, WRONG, NEW_PASSWORD, 'Renewed#Pass3', session.accessToken, session.refreshToken, ...secrets]) {
      expect(everything).not.toContain(secret);
    }
    expect(everything).not.toMatch(/sf_device_|authorization|cookie/i);
  });
});
