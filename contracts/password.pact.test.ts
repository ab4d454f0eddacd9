import { MatchersV3 } from '@pact-foundation/pact';
import { describe, expect, it } from 'vitest';
import { FakeSessionCredentials } from '../storefront/src/adapters/fake/fake-session-credentials';
import { AccountHttpGateway, MAIL_FIELDS } from '../storefront/src/adapters/http/account-http-gateway';
import type { HttpClient } from '../storefront/src/adapters/http/http-client';
import type { PasswordChange } from '@shop/core/ports/account-gateway';
import { STATES, injected, type StateParams } from './provider-states';
import { EXAMPLE_ACCESS_TOKEN, acknowledgement, errorBody, jsonHeaders, verifyInteraction } from './support/contract-pact';
import { EXAMPLE_USER_ID } from './support/wire-examples';

const { fromProviderState, string } = MatchersV3;

const gateway = (http: HttpClient): AccountHttpGateway =>
  new AccountHttpGateway(http, new FakeSessionCredentials(EXAMPLE_ACCESS_TOKEN, EXAMPLE_USER_ID));

/** A signed-in shopper's password change as the gateway sends it. */
const passwordChange = (user: StateParams[typeof STATES.userLoggedIn], change: PasswordChange, description: string) => ({
  given: { [STATES.userLoggedIn]: user },
  uponReceiving: description,
  request: {
    method: 'PUT',
    path: '/api/users/update-password',
    headers: jsonHeaders(EXAMPLE_ACCESS_TOKEN),
    body: {
      _id: fromProviderState(injected(STATES.userLoggedIn, 'userId'), EXAMPLE_USER_ID),
      currentPassword: string(change.currentPassword),
      newPassword: string(change.newPassword),
      confirmPassword: string(change.confirmPassword),
    },
  },
});

describe('password change, reset and forgot-password', () => {
  // The second case: upper and lower case only in Turkish letters, which the one rule (D16)
  // accepts on both sides.
  it.each([
    {
      name: 'with the current password changes it (D5)',
      interaction: 'a signed-in password change with the current password',
      user: { email: 'password.shopper@example.com', password: 'Current#Pass1', userName: 'password-shopper' },
      newPassword: 'Changed#Pass2',
    },
    {
      name: 'to a password whose letters are Turkish changes it (D16)',
      interaction: 'a signed-in password change to a password with Turkish letters',
      user: { email: 'turkish.password@example.com', password: 'Current#Pass1', userName: 'turkish-password' },
      newPassword: 'ŞİFRE123!ğü',
    },
  ])('PUT /api/users/update-password $name', async ({ interaction, user, newPassword }) => {
    const change = { currentPassword: user.password, newPassword, confirmPassword: newPassword };
    await verifyInteraction({
      ...passwordChange(user, change, interaction),
      response: { status: 200, body: { success: MatchersV3.boolean(true), message: string('Password updated successfully!') } },
      test: async ({ http }) => {
        const result = await gateway(http).updatePassword(change);
        expect(result).toEqual({ ok: true, message: 'Password updated successfully!', data: undefined });
      },
    });
  });

  it.each([
    {
      name: 'with a wrong current password is 400 with a message',
      interaction: 'a signed-in password change with a wrong current password',
      user: { email: 'wrong.current@example.com', password: 'Current#Pass1', userName: 'wrong-current' },
      change: { currentPassword: 'NotMine#Pass9', newPassword: 'Changed#Pass2', confirmPassword: 'Changed#Pass2' },
    },
    {
      name: 'with a new password breaking the rules is 400 with a message (D5)',
      interaction: 'a signed-in password change to a password that breaks the rules',
      user: { email: 'weak.password@example.com', password: 'Current#Pass1', userName: 'weak-password' },
      change: { currentPassword: 'Current#Pass1', newPassword: 'short', confirmPassword: 'short' },
    },
  ])('PUT /api/users/update-password $name', async ({ interaction, user, change }) => {
    await verifyInteraction({
      ...passwordChange(user, change, interaction),
      response: { status: 400, body: errorBody },
      test: async ({ http }) => {
        const result = await gateway(http).updatePassword(change);
        expect(result).toEqual({ ok: false, kind: 'rejected', message: 'A message for the shopper' });
      },
    });
  });

  it('PUT /api/users/reset-password/{token} with a mailed token sets the new password (D5)', async () => {
    const user = { email: 'reset.shopper@example.com', password: 'Forgotten#Pass1', userName: 'reset-shopper' };
    await verifyInteraction({
      given: { [STATES.resetTokenExists]: user },
      uponReceiving: 'a password reset with a valid token',
      request: {
        method: 'PUT',
        path: fromProviderState(
          `/api/users/reset-password/${injected(STATES.resetTokenExists, 'resetToken')}`,
          '/api/users/reset-password/example-reset-token',
        ),
        headers: jsonHeaders(),
        body: { newpass: string('Renewed#Pass3') },
      },
      response: { status: 200, body: acknowledgement },
      test: async ({ http }) => {
        const result = await gateway(http).resetPassword('example-reset-token', 'Renewed#Pass3');
        expect(result).toEqual({ ok: true, message: 'Done', data: undefined });
      },
    });
  });

  it('PUT /api/users/reset-password/{token} with an unknown token is 400 with a message', async () => {
    await verifyInteraction({
      given: { [STATES.resetTokenUnknown]: { token: 'unknown-reset-token' } },
      uponReceiving: 'a password reset with an unknown token',
      request: {
        method: 'PUT',
        path: '/api/users/reset-password/unknown-reset-token',
        headers: jsonHeaders(),
        body: { newpass: string('Renewed#Pass3') },
      },
      response: { status: 400, body: errorBody },
      test: async ({ http }) => {
        const result = await gateway(http).resetPassword('unknown-reset-token', 'Renewed#Pass3');
        expect(result).toEqual({ ok: false, kind: 'rejected', message: 'A message for the shopper' });
      },
    });
  });

  it('POST /api/users/forgot-password answers success for a registered address (D6)', async () => {
    const user = { email: 'forgetful.shopper@example.com', password: 'Forgetful#Pass1', userName: 'forgetful-shopper' };
    await verifyInteraction({
      given: { [STATES.userExists]: user },
      uponReceiving: 'a forgot-password request',
      // D6: cc, bcc and subject are fixed values the server ignores.
      request: {
        method: 'POST',
        path: '/api/users/forgot-password',
        headers: jsonHeaders(),
        body: {
          to: string(user.email),
          cc: string(''),
          bcc: string(''),
          subject: string(MAIL_FIELDS.resetSubject),
        },
      },
      response: { status: 200, body: acknowledgement },
      test: async ({ http }) => {
        const result = await gateway(http).forgotPassword(user.email);
        expect(result).toEqual({ ok: true, message: 'Done', data: undefined });
      },
    });
  });
});
