import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, build, STRONG_PASSWORD, type TestServer } from '../testing/test-server';

const WINDOWS_CHROME = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const IPHONE_SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const MINUTE = 60_000;

interface Tokens {
  accessToken: string;
  refreshToken: string;
}
interface ListedSession {
  _id: string;
  browser: string;
  os: string;
  createdAt: string;
  lastUsedAt: string;
  current: boolean;
}

let s: TestServer;
beforeAll(async () => {
  s = await build();
});
afterAll(async () => {
  await s.close();
});

/** Registers once (a 409 later is fine) and logs in from a browser with this User-Agent. */
async function signInFrom(email: string, userAgent?: string): Promise<Tokens> {
  await s.register(email);
  const headers = userAgent === undefined ? {} : { 'user-agent': userAgent };
  const login = await s.request({ method: 'POST', url: '/api/users/login', headers, payload: { email, password: STRONG_PASSWORD } });
  expect(login.statusCode).toBe(200);
  return login.json<Tokens>();
}

const list = (token: string) => s.request({ method: 'GET', url: '/api/users/sessions', headers: bearer(token) });
const sessionsOf = async (token: string) => (await list(token)).json<{ sessions: ListedSession[] }>().sessions;
const endOne = (token: string, id: string, currentPassword = STRONG_PASSWORD) =>
  s.request({ method: 'POST', url: `/api/users/sessions/${id}/end`, headers: bearer(token), payload: { currentPassword } });
const endOthers = (token: string, currentPassword = STRONG_PASSWORD) =>
  s.request({ method: 'POST', url: '/api/users/sessions/end-others', headers: bearer(token), payload: { currentPassword } });
const refresh = (token: string) => s.request({ method: 'GET', url: '/api/users/refresh', headers: bearer(token) });
const profile = (token: string) => s.request({ method: 'GET', url: '/api/users/profile', headers: bearer(token) });

describe('GET /api/users/sessions', () => {
  it("lists the user's own sessions with their device, times and the caller's marked current", async () => {
    const laptop = await signInFrom('devices@example.com', WINDOWS_CHROME);
    s.clock.advance(MINUTE);
    const phone = await signInFrom('devices@example.com', IPHONE_SAFARI);
    await signInFrom('stranger@example.com', WINDOWS_CHROME);

    const answer = await list(laptop.accessToken);
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['cache-control']).toBe('no-store');
    const { sessions } = answer.json<{ success: boolean; sessions: ListedSession[] }>();
    // The phone signed in last: most recently used first.
    expect(sessions).toEqual([
      {
        _id: expect.stringMatching(/^[0-9a-f]{24}$/),
        browser: 'Safari 17',
        os: 'iOS',
        createdAt: expect.any(String),
        lastUsedAt: expect.any(String),
        current: false,
      },
      {
        _id: expect.stringMatching(/^[0-9a-f]{24}$/),
        browser: 'Chrome 131',
        os: 'Windows',
        createdAt: expect.any(String),
        lastUsedAt: expect.any(String),
        current: true,
      },
    ]);
    expect(sessions[1]?.createdAt).toBe(new Date(Date.parse(sessions[0]?.createdAt ?? '') - MINUTE).toISOString());
    expect((await sessionsOf(phone.accessToken)).map((session) => session.current)).toEqual([true, false]);
  });

  it('says nothing of a device it cannot name (no or an unknown User-Agent)', async () => {
    const session = await signInFrom('no-agent@example.com');
    await signInFrom('no-agent@example.com', 'curl/8.1.2');
    expect((await sessionsOf(session.accessToken)).map(({ browser, os }) => ({ browser, os }))).toEqual([
      { browser: '', os: '' },
      { browser: '', os: '' },
    ]);
  });

  it("moves a session's last use on with its authenticated calls, at most once a minute", async () => {
    const session = await signInFrom('last-use@example.com', WINDOWS_CHROME);
    const [before] = await sessionsOf(session.accessToken);
    s.clock.advance(5 * MINUTE);
    expect((await profile(session.accessToken)).statusCode).toBe(200);
    const [after] = await sessionsOf(session.accessToken);
    expect(Date.parse(after?.lastUsedAt ?? '') - Date.parse(before?.lastUsedAt ?? '')).toBe(5 * MINUTE);
    expect(after?.createdAt).toBe(before?.createdAt);
    s.clock.advance(30_000);
    await profile(session.accessToken);
    expect((await sessionsOf(session.accessToken))[0]?.lastUsedAt).toBe(after?.lastUsedAt);
  });

  it('leaves out sessions that ended or can no longer be used (logged out, idle past the refresh lifetime)', async () => {
    const kept = await signInFrom('fading@example.com', WINDOWS_CHROME);
    const loggedOut = await signInFrom('fading@example.com', IPHONE_SAFARI);
    await signInFrom('fading@example.com', IPHONE_SAFARI);
    await s.request({ method: 'GET', url: '/api/users/logout', headers: bearer(loggedOut.accessToken) });
    expect(await sessionsOf(kept.accessToken)).toHaveLength(2);
    // The kept one refreshes as the shop does; the other is never used again.
    s.clock.advance(20 * MINUTE);
    const rotated = (await refresh(kept.refreshToken)).json<Tokens>();
    s.clock.advance(11 * MINUTE);
    expect((await sessionsOf(rotated.accessToken)).map((session) => session.current)).toEqual([true]);
  });

  it('needs a signed-in caller (401)', async () => {
    expect((await s.request({ method: 'GET', url: '/api/users/sessions' })).statusCode).toBe(401);
  });
});

describe('POST /api/users/sessions/{id}/end', () => {
  it("ends another of the user's sessions: its refresh token and its access token are refused at once", async () => {
    const laptop = await signInFrom('end-one@example.com', WINDOWS_CHROME);
    const phone = await signInFrom('end-one@example.com', IPHONE_SAFARI);
    const phoneId = (await sessionsOf(laptop.accessToken)).find((session) => !session.current)?._id ?? '';

    const ended = await endOne(laptop.accessToken, phoneId);
    expect(ended.statusCode).toBe(200);
    expect(ended.json()).toEqual({ success: true, message: 'Session ended.' });
    expect((await refresh(phone.refreshToken)).statusCode).toBe(401);
    expect((await profile(phone.accessToken)).statusCode).toBe(401);
    expect(s.events).toContainEqual({ type: 'sessionsRevoked', familyIds: [phoneId] });
    expect((await profile(laptop.accessToken)).statusCode).toBe(200);
    expect((await sessionsOf(laptop.accessToken)).map((session) => session._id)).not.toContain(phoneId);
    // Ended already: nothing of the caller's any more.
    expect((await endOne(laptop.accessToken, phoneId)).statusCode).toBe(404);
  });

  it("answers 404 for another user's session and ends nothing", async () => {
    const owner = await signInFrom('owner@example.com', WINDOWS_CHROME);
    const ownerId = (await sessionsOf(owner.accessToken))[0]?._id ?? '';
    const intruder = await signInFrom('intruder@example.com', WINDOWS_CHROME);

    const answer = await endOne(intruder.accessToken, ownerId);
    expect(answer.statusCode).toBe(404);
    expect(answer.json()).toEqual({ success: false, message: 'Session not found.' });
    expect((await profile(owner.accessToken)).statusCode).toBe(200);
    expect((await refresh(owner.refreshToken)).statusCode).toBe(200);
  });

  it('answers 404 for an unknown id and 400 for an id that is not 24 hex digits', async () => {
    const session = await signInFrom('bad-ids@example.com');
    expect((await endOne(session.accessToken, 'f'.repeat(24))).statusCode).toBe(404);
    const malformed = await endOne(session.accessToken, 'not-an-id');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toEqual({ success: false, message: 'Invalid request. id: Session id must be 24 hex digits.' });
  });
});

describe('POST /api/users/sessions/end-others', () => {
  it("ends every session of the user but the caller's, and no one else's", async () => {
    const kept = await signInFrom('end-others@example.com', WINDOWS_CHROME);
    const others = [await signInFrom('end-others@example.com', IPHONE_SAFARI), await signInFrom('end-others@example.com')];
    const bystander = await signInFrom('bystander@example.com', WINDOWS_CHROME);

    const answer = await endOthers(kept.accessToken);
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ success: true, message: 'Other sessions ended.', ended: 2 });
    for (const other of others) {
      expect((await refresh(other.refreshToken)).statusCode).toBe(401);
      expect((await profile(other.accessToken)).statusCode).toBe(401);
    }
    expect((await sessionsOf(kept.accessToken)).map((session) => session.current)).toEqual([true]);
    expect((await refresh(bystander.refreshToken)).statusCode).toBe(200);
    // Nothing left to end.
    expect((await endOthers(kept.accessToken)).json()).toMatchObject({ ended: 0 });
  });
});

describe('the password given again before ending (ASVS 7.5.2)', () => {
  it('refuses a wrong or missing current password with 400 and ends nothing', async () => {
    const kept = await signInFrom('reauth@example.com', WINDOWS_CHROME);
    const other = await signInFrom('reauth@example.com', IPHONE_SAFARI);
    const otherId = (await sessionsOf(kept.accessToken)).find((session) => !session.current)?._id ?? '';

    const wrong = await endOne(kept.accessToken, otherId, 'Wrong#Pass1');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ success: false, message: 'The current password is incorrect.' });
    expect((await endOthers(kept.accessToken, 'Wrong#Pass1')).statusCode).toBe(400);
    const missing = await s.request({
      method: 'POST',
      url: '/api/users/sessions/end-others',
      headers: bearer(kept.accessToken),
      payload: {},
    });
    expect(missing.statusCode).toBe(400);
    expect(
      (await s.request({ method: 'POST', url: `/api/users/sessions/${otherId}/end`, headers: bearer(kept.accessToken) })).statusCode,
    ).toBe(400);
    expect((await refresh(other.refreshToken)).statusCode).toBe(200);
    expect(await sessionsOf(kept.accessToken)).toHaveLength(2);
  });

  it('counts wrong passwords like failed logins of the account from this client (429 past the limit)', async () => {
    const limited = await build({ env: { RATE_LIMIT_LOGIN_PER_ACCOUNT_CLIENT: '5' } });
    try {
      const kept = await limited.signIn('reauth-guess@example.com');
      await limited.signIn('reauth-guess@example.com');
      const headers = bearer(kept.accessToken);
      const endOthersWith = (currentPassword: string) =>
        limited.request({ method: 'POST', url: '/api/users/sessions/end-others', headers, payload: { currentPassword } });
      const answers = [];
      for (let i = 0; i < 6; i++) answers.push((await endOthersWith(`Guess#${i}Pass`)).statusCode);
      expect(answers).toEqual([400, 400, 400, 400, 400, 429]);
      // Then even the right password waits for the window, and nothing has ended.
      expect((await endOthersWith(STRONG_PASSWORD)).statusCode).toBe(429);
      const listed = await limited.request({ method: 'GET', url: '/api/users/sessions', headers });
      expect(listed.json<{ sessions: unknown[] }>().sessions).toHaveLength(2);
    } finally {
      await limited.close();
    }
  });
});

describe('throttling (RATE_LIMIT_SESSIONS_PER_USER)', () => {
  it('answers 429 once a user has made more calls of the session list than the window allows', async () => {
    const limited = await build({ env: { RATE_LIMIT_SESSIONS_PER_USER: '2' } });
    try {
      const session = await limited.signIn('throttled-sessions@example.com');
      const headers = bearer(session.accessToken);
      expect((await limited.request({ method: 'GET', url: '/api/users/sessions', headers })).statusCode).toBe(200);
      const payload = { currentPassword: STRONG_PASSWORD };
      expect((await limited.request({ method: 'POST', url: '/api/users/sessions/end-others', headers, payload })).statusCode).toBe(200);
      const third = await limited.request({ method: 'GET', url: '/api/users/sessions', headers });
      expect(third.statusCode).toBe(429);
      expect(third.json()).toEqual({ success: false, message: 'Too many attempts. Please try again later.' });
    } finally {
      await limited.close();
    }
  });
});
