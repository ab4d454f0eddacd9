import { MatchersV3 } from '@pact-foundation/pact';
import { describe, expect, it } from 'vitest';
import { FakeSessionCredentials } from '../storefront/src/adapters/fake/fake-session-credentials';
import { AccountHttpGateway } from '../storefront/src/adapters/http/account-http-gateway';
import type { ProfileUpdate } from '@shop/core/domain/user';
import type { HttpClient } from '../storefront/src/adapters/http/http-client';
import { STATES } from './provider-states';
import {
  EXAMPLE_ACCESS_TOKEN,
  INVALID_ACCESS_TOKEN,
  authHeaders,
  errorBody,
  jsonHeaders,
  verifyInteraction,
} from './support/contract-pact';
import { expectedUser, userInResponse } from './support/wire-examples';

const { string } = MatchersV3;

/** The gateway with a session holding `accessToken` (the verifier swaps in a live one, or keeps the invalid one). */
const gateway = (http: HttpClient, session = new FakeSessionCredentials(EXAMPLE_ACCESS_TOKEN)): AccountHttpGateway =>
  new AccountHttpGateway(http, session);

const profileUpdate: ProfileUpdate = {
  email: 'profile.shopper@example.com',
  userName: 'profile-shopper',
  phone: '+90 532 123 45 67',
  phoneCCode: '+90',
  phoneACode: '532',
  phoneMain: '1234567',
  name: 'Ayşe',
  surname: 'Yılmaz',
};

/** The profile body as the gateway sends it: all eight fields, typed. */
function profileBody(update: ProfileUpdate): Record<string, unknown> {
  return Object.fromEntries(Object.entries(update).map(([key, value]) => [key, string(value)]));
}

describe('profile', () => {
  it('GET /api/users/profile answers the user with addresses', async () => {
    const user = { email: 'profile.reader@example.com', password: 'Profile#Pass1', userName: 'profile-reader' };
    await verifyInteraction({
      given: { [STATES.userLoggedIn]: user, [STATES.userHasAddress]: { addressName: 'Home' } },
      uponReceiving: 'a request for the signed-in profile',
      request: { method: 'GET', path: '/api/users/profile', headers: authHeaders(EXAMPLE_ACCESS_TOKEN) },
      response: {
        status: 200,
        body: { success: MatchersV3.boolean(true), user: userInResponse(user.email, user.userName, 'at-least-one') },
      },
      test: async ({ http }) => {
        const result = await gateway(http).getProfile();
        expect(result).toEqual({ ok: true, data: expectedUser(user.email, user.userName, 'at-least-one') });
      },
    });
  });

  it('GET /api/users/profile with an invalid or expired access token is 401 with a message', async () => {
    await verifyInteraction({
      given: { [STATES.accessTokenInvalid]: {} },
      uponReceiving: 'a request for the profile with an invalid access token',
      request: { method: 'GET', path: '/api/users/profile', headers: authHeaders(INVALID_ACCESS_TOKEN) },
      response: { status: 401, body: errorBody },
      test: async ({ http }) => {
        const session = new FakeSessionCredentials(INVALID_ACCESS_TOKEN);
        const result = await gateway(http, session).getProfile();
        expect(result).toEqual({ ok: false, kind: 'unauthorised', message: 'A message for the shopper' });
        expect(session.rejections).toBe(1);
      },
    });
  });

  it('PUT /api/users/profile saves the profile fields (email is read-only)', async () => {
    const user = { email: profileUpdate.email, password: 'Profile#Pass1', userName: profileUpdate.userName };
    await verifyInteraction({
      given: { [STATES.userLoggedIn]: user },
      uponReceiving: 'a profile update',
      request: { method: 'PUT', path: '/api/users/profile', headers: jsonHeaders(EXAMPLE_ACCESS_TOKEN), body: profileBody(profileUpdate) },
      response: { status: 200, body: { success: MatchersV3.boolean(true), message: string('User information updated successfully!') } },
      test: async ({ http }) => {
        const result = await gateway(http).updateProfile(profileUpdate);
        expect(result).toEqual({ ok: true, message: 'User information updated successfully!', data: undefined });
      },
    });
  });

  it('PUT /api/users/profile with an empty user name is 400 with a message', async () => {
    const user = { email: 'nameless.shopper@example.com', password: 'Profile#Pass1', userName: 'nameless-shopper' };
    const update = { ...profileUpdate, email: user.email, userName: '' };
    await verifyInteraction({
      given: { [STATES.userLoggedIn]: user },
      uponReceiving: 'a profile update with an empty user name',
      request: {
        method: 'PUT',
        path: '/api/users/profile',
        headers: jsonHeaders(EXAMPLE_ACCESS_TOKEN),
        body: { ...profileBody(update), userName: '' },
      },
      response: { status: 400, body: errorBody },
      test: async ({ http }) => {
        const result = await gateway(http).updateProfile(update);
        expect(result).toEqual({ ok: false, kind: 'rejected', message: 'A message for the shopper' });
      },
    });
  });

  it('PUT /api/users/profile with an invalid or expired access token is 401 with a message', async () => {
    await verifyInteraction({
      given: { [STATES.accessTokenInvalid]: {} },
      uponReceiving: 'a profile update with an invalid access token',
      request: { method: 'PUT', path: '/api/users/profile', headers: jsonHeaders(INVALID_ACCESS_TOKEN), body: profileBody(profileUpdate) },
      response: { status: 401, body: errorBody },
      test: async ({ http }) => {
        const session = new FakeSessionCredentials(INVALID_ACCESS_TOKEN);
        const result = await gateway(http, session).updateProfile(profileUpdate);
        expect(result).toEqual({ ok: false, kind: 'unauthorised', message: 'A message for the shopper' });
        expect(session.rejections).toBe(1);
      },
    });
  });
});
