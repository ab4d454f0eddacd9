import { MatchersV3 } from '@pact-foundation/pact';
import { describe, expect, it } from 'vitest';
import { FakeSessionCredentials } from '../storefront/src/adapters/fake/fake-session-credentials';
import { AccountHttpGateway } from '../storefront/src/adapters/http/account-http-gateway';
import type { HttpClient } from '../storefront/src/adapters/http/http-client';
import { STATES, injected } from './provider-states';
import { EXAMPLE_ACCESS_TOKEN, acknowledgement, authHeaders, errorBody, jsonHeaders, verifyInteraction } from './support/contract-pact';
import { hexId, isoTime } from './support/wire-examples';

const { boolean, eachLike, fromProviderState, string } = MatchersV3;

const gateway = (http: HttpClient): AccountHttpGateway => new AccountHttpGateway(http, new FakeSessionCredentials(EXAMPLE_ACCESS_TOKEN));

/** One shopper per interaction, so each one's session list holds only what its states signed in. */
const shopper = (name: string) => ({ email: `sessions.${name}@example.com`, password: 'Session#Pass1', userName: `sessions-${name}` });

const EXAMPLE_SESSION_ID = '65f1c0ffee0000000000ee01';
const CREATED = '2026-11-20T10:00:00.000Z';
const LAST_USED = '2026-11-20T10:15:00.000Z';

/** A session as the list answers it (ASVS 7.5.2); the device parts may be empty. */
const sessionInResponse = {
  _id: hexId(EXAMPLE_SESSION_ID),
  browser: string('Chrome 131'),
  os: string('Windows'),
  createdAt: isoTime(CREATED),
  lastUsedAt: isoTime(LAST_USED),
  current: boolean(true),
};

/** The end path of a session a state signed in, by its injected id. */
const endPath = (id: string) => fromProviderState(`/api/users/sessions/${id}/end`, `/api/users/sessions/${EXAMPLE_SESSION_ID}/end`);

describe('active sessions (ASVS 7.5.2)', () => {
  it('GET /api/users/sessions lists the signed-in user’s sessions', async () => {
    const user = shopper('lister');
    await verifyInteraction({
      given: { [STATES.userLoggedIn]: user, [STATES.userSignedInElsewhere]: user },
      uponReceiving: 'a request for the active sessions',
      request: { method: 'GET', path: '/api/users/sessions', headers: authHeaders(EXAMPLE_ACCESS_TOKEN) },
      response: { status: 200, body: { success: boolean(true), sessions: eachLike(sessionInResponse, 2) } },
      test: async ({ http }) => {
        const result = await gateway(http).listSessions();
        const session = {
          id: EXAMPLE_SESSION_ID,
          browser: 'Chrome 131',
          os: 'Windows',
          createdAt: CREATED,
          lastUsedAt: LAST_USED,
          current: true,
        };
        expect(result).toEqual({ ok: true, data: [session, session] });
      },
    });
  });

  it('POST /api/users/sessions/{id}/end with the current password ends another session of the user', async () => {
    const user = shopper('ender');
    await verifyInteraction({
      given: { [STATES.userLoggedIn]: user, [STATES.userSignedInElsewhere]: user },
      uponReceiving: 'a request to end another session of the user',
      request: {
        method: 'POST',
        path: endPath(injected(STATES.userSignedInElsewhere, 'otherSessionId')),
        headers: jsonHeaders(EXAMPLE_ACCESS_TOKEN),
        body: { currentPassword: string(user.password) },
      },
      response: { status: 200, body: acknowledgement },
      test: async ({ http }) => {
        expect(await gateway(http).endSession(EXAMPLE_SESSION_ID, user.password)).toEqual({
          ok: true,
          message: 'Done',
          data: undefined,
        });
      },
    });
  });

  it("POST /api/users/sessions/{id}/end of another user's session is 404 with a message", async () => {
    const intruder = shopper('intruder');
    await verifyInteraction({
      given: { [STATES.userLoggedIn]: intruder, [STATES.otherUserSignedIn]: shopper('owner') },
      uponReceiving: "a request to end another user's session",
      request: {
        method: 'POST',
        path: endPath(injected(STATES.otherUserSignedIn, 'otherUserSessionId')),
        headers: jsonHeaders(EXAMPLE_ACCESS_TOKEN),
        body: { currentPassword: string(intruder.password) },
      },
      response: { status: 404, body: errorBody },
      test: async ({ http }) => {
        expect(await gateway(http).endSession(EXAMPLE_SESSION_ID, intruder.password)).toEqual({
          ok: false,
          kind: 'rejected',
          message: 'A message for the shopper',
        });
      },
    });
  });

  it('POST /api/users/sessions/end-others with the current password ends every session but the caller’s', async () => {
    const user = shopper('cleaner');
    await verifyInteraction({
      given: { [STATES.userLoggedIn]: user, [STATES.userSignedInElsewhere]: user },
      uponReceiving: 'a request to end all other sessions',
      request: {
        method: 'POST',
        path: '/api/users/sessions/end-others',
        headers: jsonHeaders(EXAMPLE_ACCESS_TOKEN),
        body: { currentPassword: string(user.password) },
      },
      response: { status: 200, body: acknowledgement },
      test: async ({ http }) => {
        expect(await gateway(http).endOtherSessions(user.password)).toEqual({ ok: true, message: 'Done', data: undefined });
      },
    });
  });
});
