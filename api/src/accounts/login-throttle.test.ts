import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STRONG_PASSWORD, build, type TestServer } from '../testing/test-server';

const WRONG = 'Wr0ng!pass';
const THROTTLED = { success: false, message: 'Too many attempts. Please try again later.' };

function loginAs(s: TestServer) {
  return (email: string, password: string, ip = '10.0.0.1', cookies?: Record<string, string>) =>
    s.request({ method: 'POST', url: '/api/users/login', payload: { email, password }, remoteAddress: ip, cookies });
}

/** The device marker a successful login set, as a cookie to send back. */
function markerOf(response: LightMyRequestResponse): Record<string, string> {
  const cookie = response.cookies.find((c) => /^(__Secure-)?sf_device_/.test(c.name));
  if (!cookie) throw new Error('no device marker set');
  return { [cookie.name]: cookie.value };
}

const statuses = (responses: LightMyRequestResponse[]) => responses.map((r) => r.statusCode);
const countOf = (codes: number[], code: number) => codes.filter((c) => c === code).length;

describe('login throttling under concurrency', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await build({
      env: {
        RATE_LIMIT_LOGIN_PER_ACCOUNT: '5',
        RATE_LIMIT_LOGIN_PER_ACCOUNT_CLIENT: '5',
        RATE_LIMIT_LOGIN_PER_CLIENT: '1000',
      },
    });
  });
  afterAll(async () => {
    await s.close();
  });

  it('checks at most the per-(account, client) limit of 30 parallel wrong passwords from one client', async () => {
    const login = loginAs(s);
    await s.register('parallel@example.com');
    const codes = statuses(await Promise.all(Array.from({ length: 30 }, () => login('parallel@example.com', WRONG, '10.7.0.1'))));
    expect(countOf(codes, 401)).toBeLessThanOrEqual(5);
    expect(countOf(codes, 401) + countOf(codes, 429)).toBe(30);
  });

  it('checks at most the account ceiling of 30 parallel wrong passwords from 30 clients', async () => {
    const login = loginAs(s);
    await s.register('spread@example.com');
    const codes = statuses(await Promise.all(Array.from({ length: 30 }, (_, i) => login('spread@example.com', WRONG, `10.8.0.${i + 1}`))));
    expect(countOf(codes, 401)).toBeLessThanOrEqual(5);
    expect(countOf(codes, 401) + countOf(codes, 429)).toBe(30);
  });
});

describe('login throttling policy', () => {
  let s: TestServer;
  let login: ReturnType<typeof loginAs>;
  beforeAll(async () => {
    s = await build({
      env: {
        RATE_LIMIT_LOGIN_PER_ACCOUNT: '6',
        RATE_LIMIT_LOGIN_PER_ACCOUNT_CLIENT: '3',
        RATE_LIMIT_LOGIN_PER_CLIENT: '8',
      },
    });
    login = loginAs(s);
  });
  afterAll(async () => {
    await s.close();
  });

  it('blocks one client after its failures on an account (429, even with the right password) until the window passes', async () => {
    await s.register('pair@example.com');
    const owner = markerOf(await login('pair@example.com', STRONG_PASSWORD, '10.1.0.1'));
    for (let i = 0; i < 3; i++) expect((await login('pair@example.com', WRONG, '10.1.0.1', owner)).statusCode).toBe(401);
    const blocked = await login('PAIR@example.com', STRONG_PASSWORD, '10.1.0.1', owner);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual(THROTTLED);
    // The window started with the first failure, 15 minutes long: come back then.
    expect(blocked.headers['retry-after']).toBe('900');
    // Other clients are not affected by this client's failures.
    expect((await login('pair@example.com', STRONG_PASSWORD, '10.1.0.2')).statusCode).toBe(200);
    s.clock.advance(10 * 60_000 + 500);
    expect((await login('pair@example.com', STRONG_PASSWORD, '10.1.0.1', owner)).headers['retry-after']).toBe('300');
    s.clock.advance(5 * 60_000 - 500 + 1);
    expect((await login('pair@example.com', STRONG_PASSWORD, '10.1.0.1', owner)).statusCode).toBe(200);
  });

  it('an attacker exhausting the account ceiling from many clients does not lock out the owner holding a device marker', async () => {
    await s.register('owner@example.com');
    const owner = markerOf(await login('owner@example.com', STRONG_PASSWORD, '10.2.0.100'));
    for (const ip of ['10.2.0.1', '10.2.0.2']) {
      for (let i = 0; i < 3; i++) expect((await login('owner@example.com', WRONG, ip)).statusCode).toBe(401);
    }
    // Ceiling reached: a third attacking client is refused before any check, told when the account's window ends.
    const refused = await login('owner@example.com', WRONG, '10.2.0.3');
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBe('900');
    expect((await login('owner@example.com', STRONG_PASSWORD, '10.2.0.100', owner)).statusCode).toBe(200);
    // The marker is bound to its client's browser, not its address: it works from a new address too.
    expect((await login('owner@example.com', STRONG_PASSWORD, '10.2.0.101', owner)).statusCode).toBe(200);
  });

  it('the owner on a new client without a marker is blocked only once the ceiling is reached', async () => {
    await s.register('newdevice@example.com');
    for (const ip of ['10.3.0.1', '10.3.0.2']) {
      for (let i = 0; i < 2; i++) expect((await login('newdevice@example.com', WRONG, ip)).statusCode).toBe(401);
    }
    expect((await login('newdevice@example.com', WRONG, '10.3.0.3')).statusCode).toBe(401);
    expect((await login('newdevice@example.com', STRONG_PASSWORD, '10.3.0.50')).statusCode).toBe(200);
    expect((await login('newdevice@example.com', WRONG, '10.3.0.4')).statusCode).toBe(401);
    // Six failures: the ceiling holds the account for clients without a marker.
    const blocked = await login('newdevice@example.com', STRONG_PASSWORD, '10.3.0.51');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual(THROTTLED);
  });

  it("ignores a forged, unsigned, expired or other account's marker", async () => {
    await s.register('forged@example.com');
    await s.register('other@example.com');
    const real = markerOf(await login('forged@example.com', STRONG_PASSWORD, '10.4.0.100'));
    const otherAccount = markerOf(await login('other@example.com', STRONG_PASSWORD, '10.4.0.101'));
    const [name, signed] = Object.entries(real)[0] as [string, string];
    const unsigned = signed.slice(0, signed.lastIndexOf('.'));
    const tampered = `${signed.slice(0, -2)}${signed.endsWith('AA') ? 'BB' : 'AA'}`;
    for (const ip of ['10.4.0.1', '10.4.0.2']) {
      for (let i = 0; i < 3; i++) expect((await login('forged@example.com', WRONG, ip)).statusCode).toBe(401);
    }
    const otherName = Object.keys(otherAccount)[0] as string;
    const attempts: Array<[string, Record<string, string>]> = [
      ['unsigned', { [name]: unsigned }],
      ['tampered', { [name]: tampered }],
      ['other account', otherAccount],
      ['other account renamed', { [name]: otherAccount[otherName] as string }],
    ];
    for (const [label, cookies] of attempts) {
      expect((await login('forged@example.com', STRONG_PASSWORD, '10.4.0.200', cookies)).statusCode, label).toBe(429);
    }
    expect((await login('forged@example.com', STRONG_PASSWORD, '10.4.0.200', real)).statusCode).toBe(200);
  });

  it('a marker older than 30 days no longer passes the ceiling', async () => {
    await s.register('stale@example.com');
    const owner = markerOf(await login('stale@example.com', STRONG_PASSWORD, '10.5.0.100'));
    s.clock.advance(30 * 24 * 60 * 60_000 + 1);
    for (const ip of ['10.5.0.1', '10.5.0.2']) {
      for (let i = 0; i < 3; i++) expect((await login('stale@example.com', WRONG, ip)).statusCode).toBe(401);
    }
    expect((await login('stale@example.com', STRONG_PASSWORD, '10.5.0.100', owner)).statusCode).toBe(429);
  });

  it('sets the marker HttpOnly, SameSite=Strict, on /api/users, for 30 days, not Secure over http', async () => {
    await s.register('cookie@example.com');
    const response = await login('cookie@example.com', STRONG_PASSWORD, '10.6.0.1');
    const cookie = response.cookies.find((c) => c.name.startsWith('sf_device_'));
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api/users', maxAge: 30 * 24 * 60 * 60 });
    expect(cookie?.secure).toBeFalsy();
    expect(cookie?.value).not.toContain('cookie@example.com');
    expect((await login('cookie@example.com', WRONG, '10.6.0.2')).cookies).toEqual([]);
  });

  it('counts every login attempt per client, successes too', async () => {
    await s.register('busy@example.com');
    const answers: LightMyRequestResponse[] = [];
    for (let i = 0; i < 9; i++) {
      answers.push(await login('busy@example.com', STRONG_PASSWORD, '10.9.0.1'));
      s.clock.advance(60_000);
    }
    expect(statuses(answers)).toEqual([200, 200, 200, 200, 200, 200, 200, 200, 429]);
    // Eight of the window's fifteen minutes have gone by since the first attempt.
    expect(answers.map((answer) => answer.headers['retry-after'])).toEqual([...Array<undefined>(8), '420']);
    expect((await login('busy@example.com', STRONG_PASSWORD, '10.9.0.2')).statusCode).toBe(200);
  });

  it("a success clears the client's failures on that account, so a user who mistyped is not blocked", async () => {
    await s.register('typo@example.com');
    for (let round = 0; round < 2; round++) {
      expect((await login('typo@example.com', WRONG, '10.10.0.1')).statusCode).toBe(401);
      expect((await login('typo@example.com', WRONG, '10.10.0.1')).statusCode).toBe(401);
      expect((await login('typo@example.com', STRONG_PASSWORD, '10.10.0.1')).statusCode).toBe(200);
    }
  });
});

describe('sign-up throttling', () => {
  it('limits sign-ups per client', async () => {
    const s = await build({ env: { RATE_LIMIT_REGISTER_PER_CLIENT: '6' } });
    try {
      const codes: number[] = [];
      for (let i = 0; i < 7; i++) {
        const response = await s.request({
          method: 'POST',
          url: '/api/users/register',
          payload: { userName: 'u', email: `many${i}@example.com`, password: STRONG_PASSWORD },
          remoteAddress: '10.11.0.1',
        });
        codes.push(response.statusCode);
      }
      expect(codes).toEqual([201, 201, 201, 201, 201, 201, 429]);
    } finally {
      await s.close();
    }
  });
});

describe('device marker over https', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await build({ env: { PUBLIC_URL: 'https://shop.example.com', RATE_LIMIT_LOGIN_PER_ACCOUNT: '2' } });
  });
  afterAll(async () => {
    await s.close();
  });

  it('is Secure and named __Secure-… when PUBLIC_URL is https', async () => {
    await s.register('secure@example.com');
    const response = await loginAs(s)('secure@example.com', STRONG_PASSWORD);
    const cookie = response.cookies.find((c) => c.name.includes('sf_device_'));
    expect(cookie?.name).toMatch(/^__Secure-sf_device_/);
    expect(cookie).toMatchObject({ secure: true, httpOnly: true, sameSite: 'Strict', path: '/api/users' });
    expect(response.cookies).toHaveLength(1);
  });

  it('still honours a marker under the name before the prefix once, and replaces it at that login', async () => {
    const login = loginAs(s);
    await s.register('migrating@example.com');
    const [name, value] = Object.entries(markerOf(await login('migrating@example.com', STRONG_PASSWORD, '10.12.0.1')))[0]!;
    const legacy = { [name.replace(/^__Secure-/, '')]: value };
    // The account ceiling (2) reached from elsewhere: only a marker lets the owner in.
    for (const ip of ['10.12.0.2', '10.12.0.3']) expect((await login('migrating@example.com', WRONG, ip)).statusCode).toBe(401);
    expect((await login('migrating@example.com', STRONG_PASSWORD, '10.12.0.4')).statusCode).toBe(429);
    const migrated = await login('migrating@example.com', STRONG_PASSWORD, '10.12.0.5', legacy);
    expect(migrated.statusCode).toBe(200);
    const cookies = Object.fromEntries(migrated.cookies.map((c) => [c.name, c]));
    expect(cookies[name]).toMatchObject({ secure: true });
    expect(cookies[Object.keys(legacy)[0]!]).toMatchObject({ value: '', path: '/api/users' });
  });
});
