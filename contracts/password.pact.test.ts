import { MatchersV3 } from '@pact-foundation/pact';
import { describe, expect, it } from 'vitest';
import { FakeSessionCredentials } from '../src/adapters/fake/fake-session-credentials';
import { AccountHttpGateway, MAIL_FIELDS } from '../src/adapters/http/account-http-gateway';
import { STATES, injected } from './provider-states';
import {
  EXAMPLE_ACCESS_TOKEN,
  acknowledgement,
  contractHttpClient,
  createPact,
  settled,
  errorBody,
  jsonHeaders,
  state,
} from './support/contract-pact';
import { EXAMPLE_USER_ID } from './support/wire-examples';

const { fromProviderState, string } = MatchersV3;

const pact = createPact();

const gateway = (baseUrl: string): AccountHttpGateway =>
  new AccountHttpGateway(contractHttpClient(baseUrl), new FakeSessionCredentials(EXAMPLE_ACCESS_TOKEN, EXAMPLE_USER_ID));

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
    await pact
      .addInteraction()
      .given(...state(STATES.userLoggedIn, user))
      .uponReceiving(interaction)
      .withRequest('PUT', '/api/users/update-password', (builder) => {
        builder.headers(jsonHeaders(EXAMPLE_ACCESS_TOKEN)).jsonBody({
          _id: fromProviderState(injected(STATES.userLoggedIn, 'userId'), EXAMPLE_USER_ID),
          currentPassword: string(change.currentPassword),
          newPassword: string(change.newPassword),
          confirmPassword: string(change.confirmPassword),
        });
      })
      .willRespondWith(200, (builder) => {
        builder.jsonBody({ success: MatchersV3.boolean(true), message: string('Password updated successfully!') });
      })
      .executeTest(
        settled(async (mockServer) => {
          const result = await gateway(mockServer.url).updatePassword(change);
          expect(result).toEqual({ ok: true, message: 'Password updated successfully!', data: undefined });
        }),
      );
  });

  it('PUT /api/users/update-password with a wrong current password is 400 with a message', async () => {
    const user = { email: 'wrong.current@example.com', password: 'Current#Pass1', userName: 'wrong-current' };
    const change = { currentPassword: 'NotMine#Pass9', newPassword: 'Changed#Pass2', confirmPassword: 'Changed#Pass2' };
    await pact
      .addInteraction()
      .given(...state(STATES.userLoggedIn, user))
      .uponReceiving('a signed-in password change with a wrong current password')
      .withRequest('PUT', '/api/users/update-password', (builder) => {
        builder.headers(jsonHeaders(EXAMPLE_ACCESS_TOKEN)).jsonBody({
          _id: fromProviderState(injected(STATES.userLoggedIn, 'userId'), EXAMPLE_USER_ID),
          currentPassword: string(change.currentPassword),
          newPassword: string(change.newPassword),
          confirmPassword: string(change.confirmPassword),
        });
      })
      .willRespondWith(400, (builder) => {
        builder.jsonBody(errorBody);
      })
      .executeTest(
        settled(async (mockServer) => {
          const result = await gateway(mockServer.url).updatePassword(change);
          expect(result).toEqual({ ok: false, kind: 'rejected', message: 'A message for the shopper' });
        }),
      );
  });

  it('PUT /api/users/update-password with a new password breaking the rules is 400 with a message (D5)', async () => {
    const user = { email: 'weak.password@example.com', password: 'Current#Pass1', userName: 'weak-password' };
    const change = { currentPassword: user.password, newPassword: 'short', confirmPassword: 'short' };
    await pact
      .addInteraction()
      .given(...state(STATES.userLoggedIn, user))
      .uponReceiving('a signed-in password change to a password that breaks the rules')
      .withRequest('PUT', '/api/users/update-password', (builder) => {
        builder.headers(jsonHeaders(EXAMPLE_ACCESS_TOKEN)).jsonBody({
          _id: fromProviderState(injected(STATES.userLoggedIn, 'userId'), EXAMPLE_USER_ID),
          currentPassword: string(change.currentPassword),
          newPassword: string(change.newPassword),
          confirmPassword: string(change.confirmPassword),
        });
      })
      .willRespondWith(400, (builder) => {
        builder.jsonBody(errorBody);
      })
      .executeTest(
        settled(async (mockServer) => {
          const result = await gateway(mockServer.url).updatePassword(change);
          expect(result).toEqual({ ok: false, kind: 'rejected', message: 'A message for the shopper' });
        }),
      );
  });

  it('PUT /api/users/reset-password/{token} with a mailed token sets the new password (D5)', async () => {
    const user = { email: 'reset.shopper@example.com', password: 'Forgotten#Pass1', userName: 'reset-shopper' };
    await pact
      .addInteraction()
      .given(...state(STATES.resetTokenExists, user))
      .uponReceiving('a password reset with a valid token')
      .withRequest(
        'PUT',
        fromProviderState(
          `/api/users/reset-password/${injected(STATES.resetTokenExists, 'resetToken')}`,
          '/api/users/reset-password/example-reset-token',
        ),
        (builder) => {
          builder.headers(jsonHeaders()).jsonBody({ newpass: string('Renewed#Pass3') });
        },
      )
      .willRespondWith(200, (builder) => {
        builder.jsonBody(acknowledgement);
      })
      .executeTest(
        settled(async (mockServer) => {
          const result = await gateway(mockServer.url).resetPassword('example-reset-token', 'Renewed#Pass3');
          expect(result).toEqual({ ok: true, message: 'Done', data: undefined });
        }),
      );
  });

  it('PUT /api/users/reset-password/{token} with an unknown token is 400 with a message', async () => {
    await pact
      .addInteraction()
      .given(...state(STATES.resetTokenUnknown, { token: 'unknown-reset-token' }))
      .uponReceiving('a password reset with an unknown token')
      .withRequest('PUT', '/api/users/reset-password/unknown-reset-token', (builder) => {
        builder.headers(jsonHeaders()).jsonBody({ newpass: string('Renewed#Pass3') });
      })
      .willRespondWith(400, (builder) => {
        builder.jsonBody(errorBody);
      })
      .executeTest(
        settled(async (mockServer) => {
          const result = await gateway(mockServer.url).resetPassword('unknown-reset-token', 'Renewed#Pass3');
          expect(result).toEqual({ ok: false, kind: 'rejected', message: 'A message for the shopper' });
        }),
      );
  });

  it('POST /api/users/forgot-password answers success for a registered address (D6)', async () => {
    const user = { email: 'forgetful.shopper@example.com', password: 'Forgetful#Pass1', userName: 'forgetful-shopper' };
    await pact
      .addInteraction()
      .given(...state(STATES.userExists, user))
      .uponReceiving('a forgot-password request')
      .withRequest('POST', '/api/users/forgot-password', (builder) => {
        // D6: cc, bcc and subject are fixed values the server ignores.
        builder.headers(jsonHeaders()).jsonBody({
          to: string(user.email),
          cc: string(''),
          bcc: string(''),
          subject: string(MAIL_FIELDS.resetSubject),
        });
      })
      .willRespondWith(200, (builder) => {
        builder.jsonBody(acknowledgement);
      })
      .executeTest(
        settled(async (mockServer) => {
          const result = await gateway(mockServer.url).forgotPassword(user.email);
          expect(result).toEqual({ ok: true, message: 'Done', data: undefined });
        }),
      );
  });
});
