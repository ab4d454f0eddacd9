import { MatchersV3 } from '@pact-foundation/pact';
import { describe, expect, it } from 'vitest';
import { FakeSessionCredentials } from '../storefront/src/adapters/fake/fake-session-credentials';
import { AccountHttpGateway, MAIL_FIELDS } from '../storefront/src/adapters/http/account-http-gateway';
import type { HttpClient } from '../storefront/src/adapters/http/http-client';
import { STATES, injected } from './provider-states';
import {
  EXAMPLE_ACCESS_TOKEN,
  INVALID_ACCESS_TOKEN,
  acknowledgement,
  errorBody,
  jsonHeaders,
  verifyInteraction,
} from './support/contract-pact';

const { fromProviderState, string } = MatchersV3;

/** The gateway with a session holding `accessToken` (the verifier swaps in a live one, or keeps the invalid one). */
const gateway = (http: HttpClient, session = new FakeSessionCredentials(EXAMPLE_ACCESS_TOKEN)): AccountHttpGateway =>
  new AccountHttpGateway(http, session);

/** The signed-in verification mail body: fixed values the server ignores (D6). */
const verifyEmailBody = (email: string) => ({
  to: string(email),
  cc: string(''),
  bcc: string(''),
  subject: string(MAIL_FIELDS.verifySubject),
  html: string(''),
});

/** The guest verification mail body; `to` is the address to verify. */
const anonymousBody = (to: unknown) => ({ to, bcc: string(''), subject: string(MAIL_FIELDS.verifySubject), html: string('') });

const SENT = 'An email has been sent to your email address. Please click the verification link in the mail.';

describe('email verification', () => {
  it('POST /api/users/verify-email mails the signed-in user a verification link', async () => {
    const user = { email: 'unverified.shopper@example.com', password: 'Verify#Pass1', userName: 'unverified-shopper' };
    await verifyInteraction({
      given: { [STATES.userLoggedIn]: user },
      uponReceiving: 'a request for a verification mail by a signed-in user',
      request: {
        method: 'POST',
        path: '/api/users/verify-email',
        headers: jsonHeaders(EXAMPLE_ACCESS_TOKEN),
        body: verifyEmailBody(user.email),
      },
      response: { status: 200, body: { success: MatchersV3.boolean(true), message: string(SENT) } },
      test: async ({ http }) => {
        const result = await gateway(http).sendVerificationEmail(user.email);
        expect(result).toEqual({ ok: true, message: SENT, data: undefined });
      },
    });
  });

  it('POST /api/users/verify-email with an invalid or expired access token is 401 with a message', async () => {
    await verifyInteraction({
      given: { [STATES.accessTokenInvalid]: {} },
      uponReceiving: 'a request for a verification mail with an invalid access token',
      request: {
        method: 'POST',
        path: '/api/users/verify-email',
        headers: jsonHeaders(INVALID_ACCESS_TOKEN),
        body: verifyEmailBody('someone@example.com'),
      },
      response: { status: 401, body: errorBody },
      test: async ({ http }) => {
        const session = new FakeSessionCredentials(INVALID_ACCESS_TOKEN);
        const result = await gateway(http, session).sendVerificationEmail('someone@example.com');
        expect(result).toEqual({ ok: false, kind: 'unauthorised', message: 'A message for the shopper' });
        expect(session.rejections).toBe(1);
      },
    });
  });

  it('POST /api/users/verify-email-anonymous mails a guest a verification link', async () => {
    await verifyInteraction({
      given: { [STATES.emailUnregistered]: { emailPrefix: 'guest' } },
      uponReceiving: 'a guest verification mail request for a free address',
      request: {
        method: 'POST',
        path: '/api/users/verify-email-anonymous',
        headers: jsonHeaders(),
        body: anonymousBody(fromProviderState(injected(STATES.emailUnregistered, 'email'), 'guest@example.com')),
      },
      response: { status: 200, body: acknowledgement },
      test: async ({ http }) => {
        const result = await gateway(http).sendAnonymousVerificationEmail('guest@example.com');
        expect(result).toEqual({ ok: true, message: 'Done', data: undefined });
      },
    });
  });

  it('POST /api/users/verify-email-anonymous for a registered address is 400 with its message (SPEC 8)', async () => {
    const user = { email: 'registered.guest@example.com', password: 'Guest#Pass1', userName: 'registered-guest' };
    const message = 'Email address is already registered please log in';
    await verifyInteraction({
      given: { [STATES.userExists]: user },
      uponReceiving: 'a guest verification mail request for a registered address',
      request: {
        method: 'POST',
        path: '/api/users/verify-email-anonymous',
        headers: jsonHeaders(),
        body: anonymousBody(string(user.email)),
      },
      // The client maps the status to SPEC 8's text; the server's text is pinned exactly too.
      response: { status: 400, body: { success: MatchersV3.boolean(false), message } },
      test: async ({ http }) => {
        const result = await gateway(http).sendAnonymousVerificationEmail(user.email);
        expect(result).toEqual({ ok: false, kind: 'rejected', message, reason: 'registered' });
      },
    });
  });

  it('POST /api/users/verify-email-anonymous with a mail already pending is 409 with its message (SPEC 8)', async () => {
    const message = 'A verification email has already been sent. Please check your email.';
    await verifyInteraction({
      given: { [STATES.anonymousVerificationPending]: { emailPrefix: 'pending.guest' } },
      uponReceiving: 'a guest verification mail request while one is pending',
      request: {
        method: 'POST',
        path: '/api/users/verify-email-anonymous',
        headers: jsonHeaders(),
        body: anonymousBody(fromProviderState(injected(STATES.anonymousVerificationPending, 'email'), 'pending.guest@example.com')),
      },
      response: { status: 409, body: { success: MatchersV3.boolean(false), message } },
      test: async ({ http }) => {
        const result = await gateway(http).sendAnonymousVerificationEmail('pending.guest@example.com');
        expect(result).toEqual({ ok: false, kind: 'rejected', message, reason: 'already-sent' });
      },
    });
  });

  it('POST /api/users/email-verification/{token} verifies the account', async () => {
    const user = { email: 'link.clicker@example.com', password: 'Clicker#Pass1', userName: 'link-clicker' };
    await verifyInteraction({
      given: { [STATES.verificationTokenExists]: user },
      uponReceiving: 'a verification with a mailed token',
      request: {
        method: 'POST',
        path: fromProviderState(
          `/api/users/email-verification/${injected(STATES.verificationTokenExists, 'verificationToken')}`,
          '/api/users/email-verification/example-verification-token',
        ),
        headers: jsonHeaders(),
        body: {},
      },
      response: { status: 200, body: acknowledgement },
      test: async ({ http }) => {
        const result = await gateway(http).verifyEmail('example-verification-token');
        expect(result).toEqual({ ok: true, message: 'Done', data: undefined });
      },
    });
  });

  it('POST /api/users/email-verification/{token} with an unknown or used token is 400 with a message', async () => {
    await verifyInteraction({
      given: { [STATES.verificationTokenUnknown]: { token: 'unknown-verification-token' } },
      uponReceiving: 'a verification with an unknown token',
      request: { method: 'POST', path: '/api/users/email-verification/unknown-verification-token', headers: jsonHeaders(), body: {} },
      response: { status: 400, body: errorBody },
      test: async ({ http }) => {
        const result = await gateway(http).verifyEmail('unknown-verification-token');
        expect(result).toEqual({ ok: false, kind: 'rejected', message: 'A message for the shopper' });
      },
    });
  });

  it('POST /api/users/email-verification-anonymous/{token} verifies a guest address', async () => {
    await verifyInteraction({
      given: { [STATES.anonymousVerificationTokenExists]: { emailPrefix: 'verified.guest' } },
      uponReceiving: 'a guest verification with a mailed token',
      request: {
        method: 'POST',
        path: fromProviderState(
          `/api/users/email-verification-anonymous/${injected(STATES.anonymousVerificationTokenExists, 'anonymousToken')}`,
          '/api/users/email-verification-anonymous/example-guest-token',
        ),
        headers: jsonHeaders(),
        body: {},
      },
      response: { status: 200, body: acknowledgement },
      test: async ({ http }) => {
        const result = await gateway(http).verifyEmailAnonymous('example-guest-token');
        expect(result).toEqual({ ok: true, message: 'Done', data: undefined });
      },
    });
  });

  it('POST /api/users/email-verification-anonymous/{token} with an unknown token is 400 with a message', async () => {
    await verifyInteraction({
      given: { [STATES.verificationTokenUnknown]: { token: 'unknown-guest-token' } },
      uponReceiving: 'a guest verification with an unknown token',
      request: { method: 'POST', path: '/api/users/email-verification-anonymous/unknown-guest-token', headers: jsonHeaders(), body: {} },
      response: { status: 400, body: errorBody },
      test: async ({ http }) => {
        const result = await gateway(http).verifyEmailAnonymous('unknown-guest-token');
        expect(result).toEqual({ ok: false, kind: 'rejected', message: 'A message for the shopper' });
      },
    });
  });
});
