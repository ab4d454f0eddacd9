import { MatchersV3 } from '@pact-foundation/pact';
import { describe, expect, it } from 'vitest';
import { FakeSessionCredentials } from '../storefront/src/adapters/fake/fake-session-credentials';
import { AccountHttpGateway } from '../storefront/src/adapters/http/account-http-gateway';
import { PrivacyHttpGateway } from '../storefront/src/adapters/http/privacy-http-gateway';
import type { HttpClient } from '../storefront/src/adapters/http/http-client';
import { STATES } from './provider-states';
import { EXAMPLE_ACCESS_TOKEN, acknowledgement, authHeaders, errorBody, jsonHeaders, verifyInteraction } from './support/contract-pact';
import { expectedUser, isoTime, signUp } from './support/wire-examples';

const { boolean, regex, string } = MatchersV3;

const privacy = (http: HttpClient): PrivacyHttpGateway => new PrivacyHttpGateway(http, new FakeSessionCredentials(EXAMPLE_ACCESS_TOKEN));

/** One account per interaction (the deletion removes its own). */
const shopper = (name: string) => ({ email: `privacy.${name}@example.com`, password: 'Privacy#Pass1', userName: `privacy-${name}` });

const AT = '2026-11-20T10:15:00.000Z';
const consentInResponse = (granted: boolean, version: string) => ({ granted: boolean(granted), version: string(version), at: isoTime(AT) });

describe('privacy and the shopper’s data (D24)', () => {
  it('POST /api/users/register with consents records the privacy notice and the marketing choice (201)', async () => {
    const newcomer = { userName: 'consenting-shopper', password: 'Signup#Pass1' };
    await verifyInteraction({
      ...signUp(newcomer, 'consenting.shopper', { privacyNotice: true, marketing: boolean(false) }),
      uponReceiving: 'a sign-up with the privacy notice accepted and no marketing messages',
      test: async ({ http }) => {
        const gateway = new AccountHttpGateway(http, new FakeSessionCredentials(null));
        const result = await gateway.register(newcomer.userName, 'consenting.shopper@example.com', newcomer.password, {
          privacyNotice: true,
          marketing: false,
        });
        expect(result).toEqual({
          ok: true,
          message: 'User registered successfully.',
          data: { user: expectedUser('consenting.shopper@example.com', newcomer.userName) },
        });
      },
    });
  });

  it('GET /api/users/profile answers the consents with their versions and times', async () => {
    await verifyInteraction({
      given: { [STATES.userLoggedIn]: shopper('reader'), [STATES.marketingConsentGiven]: {} },
      uponReceiving: 'a request for the profile with its consents',
      request: { method: 'GET', path: '/api/users/profile', headers: authHeaders(EXAMPLE_ACCESS_TOKEN) },
      response: {
        status: 200,
        body: {
          success: boolean(true),
          consents: { privacyNotice: consentInResponse(true, 'kvkk-2026-11-27'), marketing: consentInResponse(true, 'etk-2026-11-27') },
        },
      },
      test: async ({ http }) => {
        expect(await privacy(http).getConsents()).toEqual({
          ok: true,
          data: {
            privacyNotice: { granted: true, version: 'kvkk-2026-11-27', at: AT },
            marketing: { granted: true, version: 'etk-2026-11-27', at: AT },
          },
        });
      },
    });
  });

  it('PUT /api/users/consents withdraws the marketing consent and answers the consents', async () => {
    await verifyInteraction({
      given: { [STATES.userLoggedIn]: shopper('withdrawer'), [STATES.marketingConsentGiven]: {} },
      uponReceiving: 'a withdrawal of the marketing consent',
      request: {
        method: 'PUT',
        path: '/api/users/consents',
        headers: jsonHeaders(EXAMPLE_ACCESS_TOKEN),
        body: { marketing: boolean(false) },
      },
      response: {
        status: 200,
        body: {
          success: boolean(true),
          message: string('Your communication preferences have been saved.'),
          consents: { privacyNotice: consentInResponse(true, 'kvkk-2026-11-27'), marketing: consentInResponse(false, 'etk-2026-11-27') },
        },
      },
      test: async ({ http }) => {
        const result = await privacy(http).setMarketingConsent(false);
        expect(result).toMatchObject({ ok: true, data: { marketing: { granted: false, version: 'etk-2026-11-27', at: AT } } });
      },
    });
  });

  it('GET /api/users/data-export answers the shopper’s data as a JSON file', async () => {
    await verifyInteraction({
      given: { [STATES.userLoggedIn]: shopper('exporter') },
      uponReceiving: 'a request for the own data',
      request: { method: 'GET', path: '/api/users/data-export', headers: authHeaders(EXAMPLE_ACCESS_TOKEN) },
      response: {
        status: 200,
        headers: {
          'Content-Disposition': regex(
            '^attachment; filename="[\\w.-]+\\.json"$',
            'attachment; filename="storefront-data-2026-11-20.json"',
          ),
        },
        body: { success: boolean(true), exportedAt: isoTime(AT), profile: { email: string('privacy.exporter@example.com') } },
      },
      test: async ({ http }) => {
        const result = await privacy(http).exportData();
        if (!result.ok) throw new Error('expected the data');
        expect(result.data.fileName).toBe('storefront-data-2026-11-20.json');
        expect(JSON.parse(result.data.json)).toMatchObject({ exportedAt: AT, profile: { email: 'privacy.exporter@example.com' } });
      },
    });
  });

  it('POST /api/users/delete-account with the password deletes the account', async () => {
    const account = shopper('leaver');
    await verifyInteraction({
      given: { [STATES.userLoggedIn]: account },
      uponReceiving: 'a deletion of the own account with its password',
      request: {
        method: 'POST',
        path: '/api/users/delete-account',
        headers: jsonHeaders(EXAMPLE_ACCESS_TOKEN),
        body: { password: account.password },
      },
      response: { status: 200, body: acknowledgement },
      test: async ({ http }) => {
        expect(await privacy(http).deleteAccount(account.password)).toEqual({ ok: true, data: undefined, message: 'Done' });
      },
    });
  });

  it('POST /api/users/delete-account with a wrong password is 400 with a message', async () => {
    await verifyInteraction({
      given: { [STATES.userLoggedIn]: shopper('stayer') },
      uponReceiving: 'a deletion of the own account with a wrong password',
      request: {
        method: 'POST',
        path: '/api/users/delete-account',
        headers: jsonHeaders(EXAMPLE_ACCESS_TOKEN),
        body: { password: 'Wrong#Pass1' },
      },
      response: { status: 400, body: errorBody },
      test: async ({ http }) => {
        expect(await privacy(http).deleteAccount('Wrong#Pass1')).toEqual({
          ok: false,
          kind: 'rejected',
          message: 'A message for the shopper',
        });
      },
    });
  });
});
