import { MatchersV3 } from '@pact-foundation/pact';
import { describe, expect, it } from 'vitest';
import { FakeSessionCredentials } from '../src/adapters/fake/fake-session-credentials';
import { AccountHttpGateway } from '../src/adapters/http/account-http-gateway';
import { STATES, injected } from './provider-states';
import {
  EXAMPLE_ACCESS_TOKEN,
  EXAMPLE_REFRESH_TOKEN,
  acknowledgement,
  authHeaders,
  contractHttpClient,
  createPact,
  settled,
  errorBody,
  jsonHeaders,
  state,
} from './support/contract-pact';
import { expectedUser, userInResponse } from './support/wire-examples';

const { fromProviderState, regex, string } = MatchersV3;

const pact = createPact();

/** Signed out: these calls name the token they use (login, refresh, logout), if any. */
const gateway = (baseUrl: string): AccountHttpGateway => new AccountHttpGateway(contractHttpClient(baseUrl), new FakeSessionCredentials());

/** An opaque token or JWT: the shop stores it and sends it back, nothing more. */
const token = (example: string): MatchersV3.V3RegexMatcher => regex('^\\S{16,}$', example);

const shopper = { email: 'login.shopper@example.com', password: 'Login#Pass1', userName: 'login-shopper' };

describe('sign-up, login, refresh and logout', () => {
  it('POST /api/users/login answers tokens and the user', async () => {
    await pact
      .addInteraction()
      .given(...state(STATES.userExists, shopper))
      .uponReceiving('a login with the right password')
      .withRequest('POST', '/api/users/login', (builder) => {
        builder.headers(jsonHeaders()).jsonBody({ email: string(shopper.email), password: string(shopper.password) });
      })
      .willRespondWith(200, (builder) => {
        builder.jsonBody({
          accessToken: token('eyJhbGciOiJIUzI1NiJ9.example.access'),
          refreshToken: token('example-refresh-token-0001'),
          user: userInResponse(shopper.email, shopper.userName),
          message: string('Login successful.'),
        });
      })
      .executeTest(
        settled(async (mockServer) => {
          const result = await gateway(mockServer.url).login(shopper.email, shopper.password);
          expect(result).toEqual({
            ok: true,
            message: 'Login successful.',
            data: {
              accessToken: 'eyJhbGciOiJIUzI1NiJ9.example.access',
              refreshToken: 'example-refresh-token-0001',
              user: expectedUser(shopper.email, shopper.userName),
            },
          });
        }),
      );
  });

  it('POST /api/users/login with a wrong password is 401 with a message and no accessToken (SPEC 8)', async () => {
    await pact
      .addInteraction()
      .given(...state(STATES.userExists, shopper))
      .uponReceiving('a login with a wrong password')
      .withRequest('POST', '/api/users/login', (builder) => {
        builder.headers(jsonHeaders()).jsonBody({ email: string(shopper.email), password: string('Wrong#Pass9') });
      })
      .willRespondWith(401, (builder) => {
        builder.jsonBody({ message: string('Invalid email or password.') });
      })
      .executeTest(
        settled(async (mockServer) => {
          const result = await gateway(mockServer.url).login(shopper.email, 'Wrong#Pass9');
          expect(result).toEqual({ ok: false, kind: 'rejected', message: 'Invalid email or password.' });
        }),
      );
  });

  it('POST /api/users/register creates the account (201)', async () => {
    const newcomer = { userName: 'new-shopper', password: 'Signup#Pass1' };
    await pact
      .addInteraction()
      .given(...state(STATES.emailUnregistered, { emailPrefix: 'new.shopper' }))
      .uponReceiving('a sign-up with a free email address')
      .withRequest('POST', '/api/users/register', (builder) => {
        builder.headers(jsonHeaders()).jsonBody({
          userName: string(newcomer.userName),
          email: fromProviderState(injected(STATES.emailUnregistered, 'email'), 'new.shopper@example.com'),
          password: string(newcomer.password),
        });
      })
      .willRespondWith(201, (builder) => {
        builder.jsonBody({
          success: MatchersV3.boolean(true),
          user: userInResponse('new.shopper@example.com', newcomer.userName),
          message: string('User registered successfully.'),
        });
      })
      .executeTest(
        settled(async (mockServer) => {
          const result = await gateway(mockServer.url).register(newcomer.userName, 'new.shopper@example.com', newcomer.password);
          expect(result).toEqual({
            ok: true,
            message: 'User registered successfully.',
            data: { user: expectedUser('new.shopper@example.com', newcomer.userName) },
          });
        }),
      );
  });

  it('POST /api/users/register with a password whose letters are Turkish creates the account (D16)', async () => {
    const newcomer = { userName: 'turkish-shopper', password: 'ŞİFRE123!ğü' };
    await pact
      .addInteraction()
      .given(...state(STATES.emailUnregistered, { emailPrefix: 'turkish.shopper' }))
      .uponReceiving('a sign-up with a password with Turkish letters')
      .withRequest('POST', '/api/users/register', (builder) => {
        builder.headers(jsonHeaders()).jsonBody({
          userName: string(newcomer.userName),
          email: fromProviderState(injected(STATES.emailUnregistered, 'email'), 'turkish.shopper@example.com'),
          password: string(newcomer.password),
        });
      })
      .willRespondWith(201, (builder) => {
        builder.jsonBody({
          success: MatchersV3.boolean(true),
          user: userInResponse('turkish.shopper@example.com', newcomer.userName),
          message: string('User registered successfully.'),
        });
      })
      .executeTest(
        settled(async (mockServer) => {
          const result = await gateway(mockServer.url).register(newcomer.userName, 'turkish.shopper@example.com', newcomer.password);
          expect(result).toMatchObject({
            ok: true,
            data: { user: expectedUser('turkish.shopper@example.com', newcomer.userName) },
          });
        }),
      );
  });

  it('POST /api/users/register with a taken email is 409 with a message (SPEC 8)', async () => {
    await pact
      .addInteraction()
      .given(...state(STATES.userExists, shopper))
      .uponReceiving('a sign-up with an email address that is already registered')
      .withRequest('POST', '/api/users/register', (builder) => {
        builder.headers(jsonHeaders()).jsonBody({
          userName: string('someone-else'),
          email: string(shopper.email),
          password: string('Other#Pass1'),
        });
      })
      .willRespondWith(409, (builder) => {
        builder.jsonBody(errorBody);
      })
      .executeTest(
        settled(async (mockServer) => {
          const result = await gateway(mockServer.url).register('someone-else', shopper.email, 'Other#Pass1');
          expect(result).toEqual({ ok: false, kind: 'rejected', message: 'A message for the shopper' });
        }),
      );
  });

  it('GET /api/users/refresh with the refresh token answers a rotated pair (D4)', async () => {
    const user = { email: 'refresh.shopper@example.com', password: 'Refresh#Pass1', userName: 'refresh-shopper' };
    await pact
      .addInteraction()
      .given(...state(STATES.userLoggedIn, user))
      .uponReceiving('a refresh with a live refresh token')
      .withRequest('GET', '/api/users/refresh', (builder) => {
        builder.headers(authHeaders(EXAMPLE_REFRESH_TOKEN));
      })
      .willRespondWith(200, (builder) => {
        builder.jsonBody({
          accessToken: token('eyJhbGciOiJIUzI1NiJ9.rotated.access'),
          refreshToken: token('example-refresh-token-0002'),
        });
      })
      .executeTest(
        settled(async (mockServer) => {
          const result = await gateway(mockServer.url).refresh(EXAMPLE_REFRESH_TOKEN);
          expect(result).toEqual({
            ok: true,
            data: { accessToken: 'eyJhbGciOiJIUzI1NiJ9.rotated.access', refreshToken: 'example-refresh-token-0002' },
          });
        }),
      );
  });

  it('GET /api/users/refresh with an already rotated refresh token is 401 (D4)', async () => {
    const user = { email: 'reuse.shopper@example.com', password: 'Reuse#Pass1', userName: 'reuse-shopper' };
    await pact
      .addInteraction()
      .given(...state(STATES.refreshTokenRotated, user))
      .uponReceiving('a refresh with a refresh token that was already rotated')
      .withRequest('GET', '/api/users/refresh', (builder) => {
        builder.headers(authHeaders(EXAMPLE_REFRESH_TOKEN));
      })
      .willRespondWith(401, (builder) => {
        builder.jsonBody(errorBody);
      })
      .executeTest(
        settled(async (mockServer) => {
          const result = await gateway(mockServer.url).refresh(EXAMPLE_REFRESH_TOKEN);
          expect(result).toEqual({ ok: false, kind: 'rejected', message: 'A message for the shopper' });
        }),
      );
  });

  it('GET /api/users/logout with the access token ends the session', async () => {
    const user = { email: 'logout.shopper@example.com', password: 'Logout#Pass1', userName: 'logout-shopper' };
    await pact
      .addInteraction()
      .given(...state(STATES.userLoggedIn, user))
      .uponReceiving('a logout')
      .withRequest('GET', '/api/users/logout', (builder) => {
        builder.headers(authHeaders(EXAMPLE_ACCESS_TOKEN));
      })
      .willRespondWith(200, (builder) => {
        builder.jsonBody(acknowledgement);
      })
      .executeTest(
        settled(async (mockServer) => {
          const result = await gateway(mockServer.url).logout(EXAMPLE_ACCESS_TOKEN);
          expect(result).toEqual({ ok: true, message: 'Done', data: undefined });
        }),
      );
  });

  it('GET /api/users/logout with the refresh token ends a session whose access token expired', async () => {
    const user = { email: 'expired.logout@example.com', password: 'Expired#Pass1', userName: 'expired-logout' };
    await pact
      .addInteraction()
      .given(...state(STATES.userLoggedIn, user))
      .uponReceiving('a logout with the refresh token')
      .withRequest('GET', '/api/users/logout', (builder) => {
        builder.headers(authHeaders(EXAMPLE_REFRESH_TOKEN));
      })
      .willRespondWith(200, (builder) => {
        builder.jsonBody(acknowledgement);
      })
      .executeTest(
        settled(async (mockServer) => {
          const result = await gateway(mockServer.url).logout(EXAMPLE_REFRESH_TOKEN);
          expect(result).toEqual({ ok: true, message: 'Done', data: undefined });
        }),
      );
  });
});
