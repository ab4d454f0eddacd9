import { MatchersV3 } from '@pact-foundation/pact';
import { describe, expect, it } from 'vitest';
import { FakeSessionCredentials } from '../storefront/src/adapters/fake/fake-session-credentials';
import { AccountHttpGateway } from '../storefront/src/adapters/http/account-http-gateway';
import type { HttpClient } from '../storefront/src/adapters/http/http-client';
import { STATES } from './provider-states';
import {
  EXAMPLE_ACCESS_TOKEN,
  EXAMPLE_REFRESH_TOKEN,
  acknowledgement,
  authHeaders,
  errorBody,
  jsonHeaders,
  verifyInteraction,
} from './support/contract-pact';
import { expectedUser, signUp, userInResponse } from './support/wire-examples';

const { regex, string } = MatchersV3;

/** Signed out: these calls name the token they use (login, refresh, logout), if any. */
const gateway = (http: HttpClient): AccountHttpGateway => new AccountHttpGateway(http, new FakeSessionCredentials());

/** An opaque token or JWT: the shop stores it and sends it back, nothing more. */
const token = (example: string): MatchersV3.V3RegexMatcher => regex('^\\S{16,}$', example);

const shopper = { email: 'login.shopper@example.com', password: 'Login#Pass1', userName: 'login-shopper' };

describe('sign-up, login, refresh and logout', () => {
  it('POST /api/users/login answers tokens and the user', async () => {
    await verifyInteraction({
      given: { [STATES.userExists]: shopper },
      uponReceiving: 'a login with the right password',
      request: {
        method: 'POST',
        path: '/api/users/login',
        headers: jsonHeaders(),
        body: { email: string(shopper.email), password: string(shopper.password) },
      },
      response: {
        status: 200,
        body: {
          accessToken: token('eyJhbGciOiJIUzI1NiJ9.example.access'),
          refreshToken: token('example-refresh-token-0001'),
          user: userInResponse(shopper.email, shopper.userName),
          message: string('Login successful.'),
        },
      },
      test: async ({ http }) => {
        const result = await gateway(http).login(shopper.email, shopper.password);
        expect(result).toEqual({
          ok: true,
          message: 'Login successful.',
          data: {
            accessToken: 'eyJhbGciOiJIUzI1NiJ9.example.access',
            refreshToken: 'example-refresh-token-0001',
            user: expectedUser(shopper.email, shopper.userName),
          },
        });
      },
    });
  });

  it('POST /api/users/login with a wrong password is 401 with a message and no accessToken (SPEC 8)', async () => {
    await verifyInteraction({
      given: { [STATES.userExists]: shopper },
      uponReceiving: 'a login with a wrong password',
      request: {
        method: 'POST',
        path: '/api/users/login',
        headers: jsonHeaders(),
        body: { email: string(shopper.email), password: string('Wrong#Pass9') },
      },
      response: { status: 401, body: { message: string('Invalid email or password.') } },
      test: async ({ http }) => {
        const result = await gateway(http).login(shopper.email, 'Wrong#Pass9');
        expect(result).toEqual({ ok: false, kind: 'rejected', message: 'Invalid email or password.' });
      },
    });
  });

  it('POST /api/users/register creates the account (201)', async () => {
    const newcomer = { userName: 'new-shopper', password: 'Signup#Pass1' };
    await verifyInteraction({
      ...signUp(newcomer, 'new.shopper'),
      uponReceiving: 'a sign-up with a free email address',
      test: async ({ http }) => {
        const result = await gateway(http).register(newcomer.userName, 'new.shopper@example.com', newcomer.password);
        expect(result).toEqual({
          ok: true,
          message: 'User registered successfully.',
          data: { user: expectedUser('new.shopper@example.com', newcomer.userName) },
        });
      },
    });
  });

  it('POST /api/users/register with a password whose letters are Turkish creates the account (D16)', async () => {
    const newcomer = { userName: 'turkish-shopper', password: 'ŞİFRE123!ğü' };
    await verifyInteraction({
      ...signUp(newcomer, 'turkish.shopper'),
      uponReceiving: 'a sign-up with a password with Turkish letters',
      test: async ({ http }) => {
        const result = await gateway(http).register(newcomer.userName, 'turkish.shopper@example.com', newcomer.password);
        expect(result).toMatchObject({
          ok: true,
          data: { user: expectedUser('turkish.shopper@example.com', newcomer.userName) },
        });
      },
    });
  });

  it('POST /api/users/register with a taken email is 409 with a message (SPEC 8)', async () => {
    await verifyInteraction({
      given: { [STATES.userExists]: shopper },
      uponReceiving: 'a sign-up with an email address that is already registered',
      request: {
        method: 'POST',
        path: '/api/users/register',
        headers: jsonHeaders(),
        body: {
          userName: string('someone-else'),
          email: string(shopper.email),
          password: string('Other#Pass1'),
        },
      },
      response: { status: 409, body: errorBody },
      test: async ({ http }) => {
        const result = await gateway(http).register('someone-else', shopper.email, 'Other#Pass1');
        expect(result).toEqual({ ok: false, kind: 'rejected', message: 'A message for the shopper' });
      },
    });
  });

  it('GET /api/users/refresh with the refresh token answers a rotated pair (D4)', async () => {
    const user = { email: 'refresh.shopper@example.com', password: 'Refresh#Pass1', userName: 'refresh-shopper' };
    await verifyInteraction({
      given: { [STATES.userLoggedIn]: user },
      uponReceiving: 'a refresh with a live refresh token',
      request: { method: 'GET', path: '/api/users/refresh', headers: authHeaders(EXAMPLE_REFRESH_TOKEN) },
      response: {
        status: 200,
        body: {
          accessToken: token('eyJhbGciOiJIUzI1NiJ9.rotated.access'),
          refreshToken: token('example-refresh-token-0002'),
        },
      },
      test: async ({ http }) => {
        const result = await gateway(http).refresh(EXAMPLE_REFRESH_TOKEN);
        expect(result).toEqual({
          ok: true,
          data: { accessToken: 'eyJhbGciOiJIUzI1NiJ9.rotated.access', refreshToken: 'example-refresh-token-0002' },
        });
      },
    });
  });

  it('GET /api/users/refresh with an already rotated refresh token is 401 (D4)', async () => {
    const user = { email: 'reuse.shopper@example.com', password: 'Reuse#Pass1', userName: 'reuse-shopper' };
    await verifyInteraction({
      given: { [STATES.refreshTokenRotated]: user },
      uponReceiving: 'a refresh with a refresh token that was already rotated',
      request: { method: 'GET', path: '/api/users/refresh', headers: authHeaders(EXAMPLE_REFRESH_TOKEN) },
      response: { status: 401, body: errorBody },
      test: async ({ http }) => {
        const result = await gateway(http).refresh(EXAMPLE_REFRESH_TOKEN);
        expect(result).toEqual({ ok: false, kind: 'rejected', message: 'A message for the shopper' });
      },
    });
  });

  it('GET /api/users/logout with the access token ends the session', async () => {
    const user = { email: 'logout.shopper@example.com', password: 'Logout#Pass1', userName: 'logout-shopper' };
    await verifyInteraction({
      given: { [STATES.userLoggedIn]: user },
      uponReceiving: 'a logout',
      request: { method: 'GET', path: '/api/users/logout', headers: authHeaders(EXAMPLE_ACCESS_TOKEN) },
      response: { status: 200, body: acknowledgement },
      test: async ({ http }) => {
        const result = await gateway(http).logout(EXAMPLE_ACCESS_TOKEN);
        expect(result).toEqual({ ok: true, message: 'Done', data: undefined });
      },
    });
  });

  it('GET /api/users/logout with the refresh token ends a session whose access token expired', async () => {
    const user = { email: 'expired.logout@example.com', password: 'Expired#Pass1', userName: 'expired-logout' };
    await verifyInteraction({
      given: { [STATES.userLoggedIn]: user },
      uponReceiving: 'a logout with the refresh token',
      request: { method: 'GET', path: '/api/users/logout', headers: authHeaders(EXAMPLE_REFRESH_TOKEN) },
      response: { status: 200, body: acknowledgement },
      test: async ({ http }) => {
        const result = await gateway(http).logout(EXAMPLE_REFRESH_TOKEN);
        expect(result).toEqual({ ok: true, message: 'Done', data: undefined });
      },
    });
  });
});
