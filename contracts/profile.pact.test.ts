import { MatchersV3 } from '@pact-foundation/pact';
import { describe, expect, it } from 'vitest';
import { FakeSessionCredentials } from '../src/adapters/fake/fake-session-credentials';
import { AccountHttpGateway } from '../src/adapters/http/account-http-gateway';
import type { ProfileUpdate } from '../src/domain/user';
import { STATES } from './provider-states';
import {
  EXAMPLE_ACCESS_TOKEN,
  INVALID_ACCESS_TOKEN,
  authHeaders,
  contractHttpClient,
  createPact,
  settled,
  errorBody,
  jsonHeaders,
  state,
} from './support/contract-pact';
import { expectedUser, userInResponse } from './support/wire-examples';

const { string } = MatchersV3;

const pact = createPact();

/** The gateway with a session holding `accessToken` (the verifier swaps in a live one, or keeps the invalid one). */
const gateway = (baseUrl: string, session = new FakeSessionCredentials(EXAMPLE_ACCESS_TOKEN)): AccountHttpGateway =>
  new AccountHttpGateway(contractHttpClient(baseUrl), session);

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
    await pact
      .addInteraction()
      .given(...state(STATES.userLoggedIn, user))
      .given(...state(STATES.userHasAddress, { addressName: 'Home' }))
      .uponReceiving('a request for the signed-in profile')
      .withRequest('GET', '/api/users/profile', (builder) => {
        builder.headers(authHeaders(EXAMPLE_ACCESS_TOKEN));
      })
      .willRespondWith(200, (builder) => {
        builder.jsonBody({ success: MatchersV3.boolean(true), user: userInResponse(user.email, user.userName, 'at-least-one') });
      })
      .executeTest(
        settled(async (mockServer) => {
          const result = await gateway(mockServer.url).getProfile();
          expect(result).toEqual({ ok: true, data: expectedUser(user.email, user.userName, 'at-least-one') });
        }),
      );
  });

  it('GET /api/users/profile with an invalid or expired access token is 401 with a message', async () => {
    await pact
      .addInteraction()
      .given(...state(STATES.accessTokenInvalid, {}))
      .uponReceiving('a request for the profile with an invalid access token')
      .withRequest('GET', '/api/users/profile', (builder) => {
        builder.headers(authHeaders(INVALID_ACCESS_TOKEN));
      })
      .willRespondWith(401, (builder) => {
        builder.jsonBody(errorBody);
      })
      .executeTest(
        settled(async (mockServer) => {
          const session = new FakeSessionCredentials(INVALID_ACCESS_TOKEN);
          const result = await gateway(mockServer.url, session).getProfile();
          expect(result).toEqual({ ok: false, kind: 'unauthorised', message: 'A message for the shopper' });
          expect(session.rejections).toBe(1);
        }),
      );
  });

  it('PUT /api/users/profile saves the profile fields (email is read-only)', async () => {
    const user = { email: profileUpdate.email, password: 'Profile#Pass1', userName: profileUpdate.userName };
    await pact
      .addInteraction()
      .given(...state(STATES.userLoggedIn, user))
      .uponReceiving('a profile update')
      .withRequest('PUT', '/api/users/profile', (builder) => {
        builder.headers(jsonHeaders(EXAMPLE_ACCESS_TOKEN)).jsonBody(profileBody(profileUpdate));
      })
      .willRespondWith(200, (builder) => {
        builder.jsonBody({ success: MatchersV3.boolean(true), message: string('User information updated successfully!') });
      })
      .executeTest(
        settled(async (mockServer) => {
          const result = await gateway(mockServer.url).updateProfile(profileUpdate);
          expect(result).toEqual({ ok: true, message: 'User information updated successfully!', data: undefined });
        }),
      );
  });

  it('PUT /api/users/profile with an empty user name is 400 with a message', async () => {
    const user = { email: 'nameless.shopper@example.com', password: 'Profile#Pass1', userName: 'nameless-shopper' };
    const update = { ...profileUpdate, email: user.email, userName: '' };
    await pact
      .addInteraction()
      .given(...state(STATES.userLoggedIn, user))
      .uponReceiving('a profile update with an empty user name')
      .withRequest('PUT', '/api/users/profile', (builder) => {
        builder.headers(jsonHeaders(EXAMPLE_ACCESS_TOKEN)).jsonBody({ ...profileBody(update), userName: '' });
      })
      .willRespondWith(400, (builder) => {
        builder.jsonBody(errorBody);
      })
      .executeTest(
        settled(async (mockServer) => {
          const result = await gateway(mockServer.url).updateProfile(update);
          expect(result).toEqual({ ok: false, kind: 'rejected', message: 'A message for the shopper' });
        }),
      );
  });

  it('PUT /api/users/profile with an invalid or expired access token is 401 with a message', async () => {
    await pact
      .addInteraction()
      .given(...state(STATES.accessTokenInvalid, {}))
      .uponReceiving('a profile update with an invalid access token')
      .withRequest('PUT', '/api/users/profile', (builder) => {
        builder.headers(jsonHeaders(INVALID_ACCESS_TOKEN)).jsonBody(profileBody(profileUpdate));
      })
      .willRespondWith(401, (builder) => {
        builder.jsonBody(errorBody);
      })
      .executeTest(
        settled(async (mockServer) => {
          const session = new FakeSessionCredentials(INVALID_ACCESS_TOKEN);
          const result = await gateway(mockServer.url, session).updateProfile(profileUpdate);
          expect(result).toEqual({ ok: false, kind: 'unauthorised', message: 'A message for the shopper' });
          expect(session.rejections).toBe(1);
        }),
      );
  });
});
