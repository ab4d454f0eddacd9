import { describe, expect, it, vi } from 'vitest';
import { DEMO_USER_EMAIL } from '../../adapters/fake/demo-account';
import { ACCOUNT } from '../../di/modules/account-module';
import { accountTestWorld } from '../../../../tests/support/account-world';

describe('EmailRowStore', () => {
  it('follows the signed-in user: a verified email event flips it', async () => {
    const { services, adapters } = accountTestWorld({ emailVerified: false });
    const row = services.get(ACCOUNT.emailRow)();
    expect(row.verified).toBe(false);
    adapters.accountStore.markEmailVerified(DEMO_USER_EMAIL);
    await vi.waitFor(() => expect(row.verified).toBe(true));
  });

  it('asks for the mail and alerts the SPEC texts', async () => {
    const { services, adapters, texts, alerts } = accountTestWorld({});
    const row = services.get(ACCOUNT.emailRow)();
    await row.sendVerificationEmail();
    expect(adapters.accountStore.lastMailTo(DEMO_USER_EMAIL, 'verify-email')).toBeDefined();
    adapters.account.server.failWith = { status: 429, message: 'Please wait before asking again' };
    await row.sendVerificationEmail();
    adapters.account.server.failWith = 'network';
    await row.sendVerificationEmail();
    const exception = alerts.alerts.at(-1);
    adapters.account.server.failWith = { status: 503, message: 'Service down' };
    await row.sendVerificationEmail();
    // The same text again: a new alert in place of the one on screen (AlertStore).
    expect(alerts.alerts.at(-1)?.id).not.toBe(exception?.id);
    expect(texts()).toEqual([
      'An email has been sent to your email address. Please click the verification link in the mail.',
      'Please wait before asking again',
      'An error occurred while sending the verification email. Please try again.',
    ]);
  });
});
