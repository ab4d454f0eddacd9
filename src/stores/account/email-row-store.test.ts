import { describe, expect, it, vi } from 'vitest';
import { DEMO_USER_EMAIL } from '../../adapters/fake/demo-account';
import { ACCOUNT } from '../../di/modules/account-module';
import { accountTestWorld } from '../../../tests/support/account-world';

describe('EmailRowStore', () => {
  it('follows the signed-in user: a verified email event flips it', async () => {
    const { services, adapters } = accountTestWorld({ emailVerified: false });
    const row = services.get(ACCOUNT.emailRow)();
    expect(row.verified).toBe(false);
    adapters.accountStore.markEmailVerified(DEMO_USER_EMAIL);
    await vi.waitFor(() => expect(row.verified).toBe(true));
  });

  it('asks for the mail and alerts the SPEC texts', async () => {
    const { services, adapters, texts } = accountTestWorld({});
    const row = services.get(ACCOUNT.emailRow)();
    await row.sendVerificationEmail();
    expect(adapters.accountStore.lastMailTo(DEMO_USER_EMAIL, 'verify-email')).toBeDefined();
    adapters.account.server.failWith = { status: 429, message: 'Please wait before asking again' };
    await row.sendVerificationEmail();
    adapters.account.server.failWith = 'network';
    await row.sendVerificationEmail();
    adapters.account.server.failWith = { status: 503, message: 'Service down' };
    await row.sendVerificationEmail();
    expect(texts()).toEqual([
      'An email has been sent to your email address. Please click the verification link in the mail.',
      'Please wait before asking again',
      'An error occurred while sending the verification email. Please try again.',
      'An error occurred while sending the verification email. Please try again.',
    ]);
  });
});
