import { decodeJwt, type JWTPayload, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, STRONG_PASSWORD, build, type TestServer } from '../testing/test-server';

/** Upper case only in Turkish letters (Ş, İ): the ASCII-only rule refused it. */
const TURKISH_PASSWORD = 'ŞİFRE123!ğü';

let s: TestServer;
beforeAll(async () => {
  s = await build();
});
afterAll(async () => {
  await s.close();
});

const login = (email: string, password: string) => s.request({ method: 'POST', url: '/api/users/login', payload: { email, password } });

describe('POST /api/users/register', () => {
  it('creates the user (201) without any password data and with a 16+ char id', async () => {
    const response = await s.register('new.user@example.com', STRONG_PASSWORD, 'Newbie');
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body).toMatchObject({
      success: true,
      user: { userName: 'Newbie', email: 'new.user@example.com', isEmailVerified: false, address: [] },
    });
    expect(body.user._id).toMatch(/^[0-9a-f]{24}$/);
    expect(JSON.stringify(body)).not.toMatch(/password|argon/i);
  });

  it('answers 409 for an email already registered, in any letter case', async () => {
    await s.register('dup@example.com');
    const response = await s.register('DUP@Example.com');
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ success: false, message: expect.any(String), error: expect.any(String) });
  });

  it.each([
    ['short1!A', 'Password must be at least 8 characters long.', 'Sh0rt!'],
    ['no upper', 'Password must contain at least 1 uppercase letter.', 'lower1!case'],
    ['no lower', 'Password must contain at least 1 lowercase letter.', 'UPPER1!CASE'],
    ['no digit', 'Password must contain at least 1 digit.', 'NoDigits!!'],
    ['no special', 'Password must contain at least 1 special character from !@#$%^&*(),.?":{}|<>.', 'NoSpecial12'],
  ])('refuses a weak password (%s) with 400 and creates nothing', async (_case, message, password) => {
    const email = `weak-${password.length}-${message.length}@example.com`;
    const response = await s.register(email, password);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ success: false, message });
    expect((await login(email, password)).statusCode).toBe(401);
  });

  it('accepts a password whose letters are Turkish (D16: upper and lower case in any script)', async () => {
    const response = await s.register('turkish.signup@example.com', TURKISH_PASSWORD);
    expect(response.statusCode).toBe(201);
    expect((await login('turkish.signup@example.com', TURKISH_PASSWORD)).statusCode).toBe(200);
  });

  it.each(['Password1!', 'Qwerty123!', 'P@ssw0rd1'])(
    'refuses the common password %s with 400 and creates nothing (D16)',
    async (password) => {
      const email = `common-${password.length}-${password.charCodeAt(0)}-${password.charCodeAt(1)}@example.com`;
      const response = await s.register(email, password);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ success: false, message: 'This password is too common. Please choose another one.' });
      expect((await login(email, password)).statusCode).toBe(401);
    },
  );

  it.each([
    ['the shop', 'Shopper', 'dk@example.com', 'Storefront!2026'],
    ['the user name', 'Deniz Kaya', 'dk@example.com', 'Denizkaya#1'],
    ['the email local part', 'Shopper', 'deniz.kaya@example.com', 'x#1Deniz.Kaya'],
  ])("refuses a password with %s's name in it with 400 and creates nothing", async (_case, userName, email, password) => {
    const response = await s.register(email, password, userName);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      success: false,
      message: "Password must not contain the shop's name, your name or your email address.",
    });
    expect((await login(email, password)).statusCode).toBe(401);
  });

  it('refuses missing fields, wrong types and a bad email with 400', async () => {
    for (const payload of [
      { email: 'a@example.com', password: STRONG_PASSWORD },
      { userName: 'x', email: 42, password: STRONG_PASSWORD },
      { userName: 'x', email: 'not-an-email', password: STRONG_PASSWORD },
      [],
    ]) {
      const response = await s.request({ method: 'POST', url: '/api/users/register', payload });
      expect(response.statusCode).toBe(400);
      expect(response.json().success).toBe(false);
    }
  });
});

describe('POST /api/users/login', () => {
  it('answers tokens, the user with addresses and a message', async () => {
    await s.register('login@example.com');
    const response = await login('Login@Example.com', STRONG_PASSWORD);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ user: { email: 'login@example.com', address: [] }, message: expect.any(String) });
    expect(body.accessToken.split('.')).toHaveLength(3);
    expect(body.refreshToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const claims = JSON.parse(Buffer.from(body.accessToken.split('.')[1], 'base64url').toString());
    expect(claims).toMatchObject({ sub: body.user._id, typ: 'access' });
    expect(claims.exp - claims.iat).toBe(15 * 60);
  });

  it('answers the same 401 for an unknown email and a wrong password', async () => {
    await s.register('known@example.com');
    const unknown = await login('nobody@example.com', STRONG_PASSWORD);
    const wrong = await login('known@example.com', 'Wr0ng!pass');
    expect(unknown.statusCode).toBe(401);
    expect(wrong.statusCode).toBe(401);
    expect(unknown.json()).toEqual(wrong.json());
    expect(unknown.json()).toEqual({ success: false, message: 'Invalid email or password.' });
  });
});

describe('sessions (D4, D7)', () => {
  it('rotates the refresh token; the old one then revokes the whole family', async () => {
    const first = await s.signIn('rotate@example.com');
    const refreshed = await s.request({ method: 'GET', url: '/api/users/refresh', headers: bearer(first.refreshToken) });
    expect(refreshed.statusCode).toBe(200);
    const second = refreshed.json();
    expect(Object.keys(second).sort()).toEqual(['accessToken', 'refreshToken']);
    expect(second.refreshToken).not.toBe(first.refreshToken);
    const profile = await s.request({ method: 'GET', url: '/api/users/profile', headers: bearer(second.accessToken) });
    expect(profile.statusCode).toBe(200);

    const reuse = await s.request({ method: 'GET', url: '/api/users/refresh', headers: bearer(first.refreshToken) });
    expect(reuse.statusCode).toBe(401);
    // The family is gone: the newest refresh token and its access token are dead too.
    expect((await s.request({ method: 'GET', url: '/api/users/refresh', headers: bearer(second.refreshToken) })).statusCode).toBe(401);
    expect((await s.request({ method: 'GET', url: '/api/users/profile', headers: bearer(second.accessToken) })).statusCode).toBe(401);
  });

  it('keeps other sessions of the same user alive when one family is revoked', async () => {
    const a = await s.signIn('two-devices@example.com');
    const b = await s.signIn('two-devices@example.com');
    await s.request({ method: 'GET', url: '/api/users/logout', headers: bearer(a.accessToken) });
    expect((await s.request({ method: 'GET', url: '/api/users/profile', headers: bearer(b.accessToken) })).statusCode).toBe(200);
  });

  it('logout makes the access and refresh tokens unusable at once', async () => {
    const session = await s.signIn('logout@example.com');
    const logout = await s.request({ method: 'GET', url: '/api/users/logout', headers: bearer(session.accessToken) });
    expect(logout.statusCode).toBe(200);
    expect(logout.json()).toMatchObject({ success: true });
    const after = await s.request({ method: 'GET', url: '/api/users/profile', headers: bearer(session.accessToken) });
    expect(after.statusCode).toBe(401);
    expect(after.json()).toMatchObject({ success: false });
    expect((await s.request({ method: 'GET', url: '/api/users/refresh', headers: bearer(session.refreshToken) })).statusCode).toBe(401);
    expect((await s.request({ method: 'GET', url: '/api/users/logout', headers: bearer(session.accessToken) })).statusCode).toBe(401);
  });

  it('access tokens expire after 15 minutes, refresh families after 7 days', async () => {
    const session = await s.signIn('expiry@example.com');
    s.clock.advance(14 * 60_000);
    expect((await s.request({ method: 'GET', url: '/api/users/profile', headers: bearer(session.accessToken) })).statusCode).toBe(200);
    s.clock.advance(2 * 60_000);
    expect((await s.request({ method: 'GET', url: '/api/users/profile', headers: bearer(session.accessToken) })).statusCode).toBe(401);
    const refreshed = await s.request({ method: 'GET', url: '/api/users/refresh', headers: bearer(session.refreshToken) });
    expect(refreshed.statusCode).toBe(200);
    s.clock.advance(7 * 24 * 60 * 60_000);
    expect((await s.request({ method: 'GET', url: '/api/users/refresh', headers: bearer(refreshed.json().refreshToken) })).statusCode).toBe(
      401,
    );
  });

  it('refuses forged, unsigned, refresh-as-access and malformed bearer tokens', async () => {
    const session = await s.signIn('forge@example.com');
    const [header, payload] = session.accessToken.split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString());
    const none = `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')}.${payload}.`;
    const tampered = `${header}.${Buffer.from(JSON.stringify({ ...claims, sub: 'someone-else' })).toString('base64url')}.${session.accessToken.split('.')[2]}`;
    for (const token of [none, tampered, session.refreshToken, 'garbage']) {
      const response = await s.request({ method: 'GET', url: '/api/users/profile', headers: bearer(token) });
      expect(response.statusCode).toBe(401);
    }
    expect((await s.request({ method: 'GET', url: '/api/users/profile' })).statusCode).toBe(401);
    expect((await s.request({ method: 'GET', url: '/api/users/refresh', headers: bearer(session.accessToken) })).statusCode).toBe(401);
    expect((await s.request({ method: 'GET', url: '/api/users/refresh' })).statusCode).toBe(401);
  });

  it('signs iss and aud into access tokens and refuses a token, rightly signed, without them or with others', async () => {
    const session = await s.signIn('audience@example.com');
    const claims = decodeJwt(session.accessToken);
    expect(claims).toMatchObject({ iss: 'http://localhost:5000', aud: 'http://localhost:5000/api' });
    const key = new TextEncoder().encode(s.config.jwtSecret);
    const { iss, aud, ...rest } = claims;
    const signed = (payload: JWTPayload) => new SignJWT(payload).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).sign(key);
    const profile = async (token: string) =>
      (await s.request({ method: 'GET', url: '/api/users/profile', headers: bearer(token) })).statusCode;
    // The same claims re-signed are accepted: only iss and aud make the difference below.
    expect(await profile(await signed(claims))).toBe(200);
    for (const payload of [
      rest,
      { ...rest, aud },
      { ...rest, iss },
      { ...claims, iss: 'https://other.example' },
      { ...claims, aud: 'other' },
    ]) {
      expect(await profile(await signed(payload))).toBe(401);
    }
  });
});
