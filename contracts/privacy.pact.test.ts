import { MatchersV3 } from '@pact-foundation/pact';
import { describe, expect, it } from 'vitest';
import { FakeSessionCredentials } from '../src/adapters/fake/fake-session-credentials';
import { AccountHttpGateway } from '../src/adapters/http/account-http-gateway';
import { PrivacyHttpGateway } from '../src/adapters/http/privacy-http-gateway';
import { STATES, injected } from './provider-states';
import {
  EXAMPLE_ACCESS_TOKEN,
  acknowledgement,
  authHeaders,
  contractHttpClient,
  createPact,
  errorBody,
  jsonHeaders,
  settled,
  state,
} from './support/contract-pact';
import { expectedUser, isoTime, userInResponse } from './support/wire-examples';

const { boolean, fromProviderState, regex, string } = MatchersV3;

const pact = createPact();

const privacy = (baseUrl: string): PrivacyHttpGateway =>
  new PrivacyHttpGateway(contractHttpClient(baseUrl), new FakeSessionCredentials(EXAMPLE_ACCESS_TOKEN));

/** One account per interaction (the deletion removes its own). */
const shopper = (name: string) => ({ email: `privacy.${name}@example.com`, password: 'Privacy#Pass1', userName: `privacy-${name}` });

const AT = '2026-11-20T10:15:00.000Z';
const consentInResponse = (granted: boolean, version: string) => ({ granted: boolean(granted), version: string(version), at: isoTime(AT) });

describe('privacy and the shopper’s data (D24)', () => {
  it('POST /api/users/register with consents records the privacy notice and the marketing choice (201)', async () => {
    const newcomer = { userName: 'consenting-shopper', password: 'Signup#Pass1' };
    await pact
      .addInteraction()
      .given(...state(STATES.emailUnregistered, { emailPrefix: 'consenting.shopper' }))
      .uponReceiving('a sign-up with the privacy notice accepted and no marketing messages')
      .withRequest('POST', '/api/users/register', (builder) => {
        builder.headers(jsonHeaders()).jsonBody({
          userName: string(newcomer.userName),
          email: fromProviderState(injected(STATES.emailUnregistered, 'email'), 'consenting.shopper@example.com'),
          password: string(newcomer.password),
          consents: { privacyNotice: true, marketing: boolean(false) },
        });
      })
      .willRespondWith(201, (builder) => {
        builder.jsonBody({
          success: boolean(true),
          user: userInResponse('consenting.shopper@example.com', newcomer.userName),
          message: string('User registered successfully.'),
        });
      })
      .executeTest(
        settled(async (mockServer) => {
          const gateway = new AccountHttpGateway(contractHttpClient(mockServer.url), new FakeSessionCredentials(null));
          const result = await gateway.register(newcomer.userName, 'consenting.shopper@example.com', newcomer.password, {
            privacyNotice: true,
            marketing: false,
          });
          expect(result).toEqual({
            ok: true,
            message: 'User registered successfully.',
            data: { user: expectedUser('consenting.shopper@example.com', newcomer.userName) },
          });
        }),
      );
  });

  it('GET /api/users/profile answers the consents with their versions and times', async () => {
    await pact
      .addInteraction()
      .given(...state(STATES.userLoggedIn, shopper('reader')))
      .given(...state(STATES.marketingConsentGiven, {}))
      .uponReceiving('a request for the profile with its consents')
      .withRequest('GET', '/api/users/profile', (builder) => {
        builder.headers(authHeaders(EXAMPLE_ACCESS_TOKEN));
      })
      .willRespondWith(200, (builder) => {
        builder.jsonBody({
          success: boolean(true),
          consents: { privacyNotice: consentInResponse(true, 'kvkk-2026-11-27'), marketing: consentInResponse(true, 'etk-2026-11-27') },
        });
      })
      .executeTest(
        settled(async (mockServer) => {
          expect(await privacy(mockServer.url).getConsents()).toEqual({
            ok: true,
            data: {
              privacyNotice: { granted: true, version: 'kvkk-2026-11-27', at: AT },
              marketing: { granted: true, version: 'etk-2026-11-27', at: AT },
            },
          });
        }),
      );
  });

  it('PUT /api/users/consents withdraws the marketing consent and answers the consents', async () => {
    await pact
      .addInteraction()
      .given(...state(STATES.userLoggedIn, shopper('withdrawer')))
      .given(...state(STATES.marketingConsentGiven, {}))
      .uponReceiving('a withdrawal of the marketing consent')
      .withRequest('PUT', '/api/users/consents', (builder) => {
        builder.headers(jsonHeaders(EXAMPLE_ACCESS_TOKEN)).jsonBody({ marketing: boolean(false) });
      })
      .willRespondWith(200, (builder) => {
        builder.jsonBody({
          success: boolean(true),
          message: string('Your communication preferences have been saved.'),
          consents: { privacyNotice: consentInResponse(true, 'kvkk-2026-11-27'), marketing: consentInResponse(false, 'etk-2026-11-27') },
        });
      })
      .executeTest(
        settled(async (mockServer) => {
          const result = await privacy(mockServer.url).setMarketingConsent(false);
          expect(result).toMatchObject({ ok: true, data: { marketing: { granted: false, version: 'etk-2026-11-27', at: AT } } });
        }),
      );
  });

  it('GET /api/users/data-export answers the shopper’s data as a JSON file', async () => {
    await pact
      .addInteraction()
      .given(...state(STATES.userLoggedIn, shopper('exporter')))
      .uponReceiving('a request for the own data')
      .withRequest('GET', '/api/users/data-export', (builder) => {
        builder.headers(authHeaders(EXAMPLE_ACCESS_TOKEN));
      })
      .willRespondWith(200, (builder) => {
        builder
          .headers({
            'Content-Disposition': regex(
              '^attachment; filename="[\\w.-]+\\.json"$',
              'attachment; filename="storefront-data-2026-11-20.json"',
            ),
          })
          .jsonBody({ success: boolean(true), exportedAt: isoTime(AT), profile: { email: string('privacy.exporter@example.com') } });
      })
      .executeTest(
        settled(async (mockServer) => {
          const result = await privacy(mockServer.url).exportData();
          if (!result.ok) throw new Error('expected the data');
          expect(result.data.fileName).toBe('storefront-data-2026-11-20.json');
          expect(JSON.parse(result.data.json)).toMatchObject({ exportedAt: AT, profile: { email: 'privacy.exporter@example.com' } });
        }),
      );
  });

  it('POST /api/users/delete-account with the password deletes the account', async () => {
    const account = shopper('leaver');
    await pact
      .addInteraction()
      .given(...state(STATES.userLoggedIn, account))
      .uponReceiving('a deletion of the own account with its password')
      .withRequest('POST', '/api/users/delete-account', (builder) => {
        builder.headers(jsonHeaders(EXAMPLE_ACCESS_TOKEN)).jsonBody({ password: account.password });
      })
      .willRespondWith(200, (builder) => {
        builder.jsonBody(acknowledgement);
      })
      .executeTest(
        settled(async (mockServer) => {
          expect(await privacy(mockServer.url).deleteAccount(account.password)).toEqual({ ok: true, data: undefined, message: 'Done' });
        }),
      );
  });

  it('POST /api/users/delete-account with a wrong password is 400 with a message', async () => {
    await pact
      .addInteraction()
      .given(...state(STATES.userLoggedIn, shopper('stayer')))
      .uponReceiving('a deletion of the own account with a wrong password')
      .withRequest('POST', '/api/users/delete-account', (builder) => {
        builder.headers(jsonHeaders(EXAMPLE_ACCESS_TOKEN)).jsonBody({ password: 'Wrong#Pass1' });
      })
      .willRespondWith(400, (builder) => {
        builder.jsonBody(errorBody);
      })
      .executeTest(
        settled(async (mockServer) => {
          expect(await privacy(mockServer.url).deleteAccount('Wrong#Pass1')).toEqual({
            ok: false,
            kind: 'rejected',
            message: 'A message for the shopper',
          });
        }),
      );
  });
});
