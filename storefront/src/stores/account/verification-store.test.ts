import { describe, expect, it, vi } from 'vitest';
import { DEMO_USER_EMAIL } from '../../adapters/fake/demo-account';
import { ACCOUNT } from '../../di/modules/account-module';
import { accountTestWorld } from '../../../../tests/support/account-world';

describe('VerificationStore', () => {
  it('sends each token once, however often the page asks', async () => {
    const { services, adapters } = accountTestWorld();
    const token = adapters.accountStore.issueVerificationToken(DEMO_USER_EMAIL);
    const verify = vi.spyOn(adapters.account, 'verifyEmail');
    const store = services.get(ACCOUNT.verification);
    const first = store.verify('signed-in', token);
    expect(store.stateOf('signed-in', token)).toEqual({ status: 'running' });
    const second = store.verify('signed-in', token);
    expect(second).toBe(first);
    await expect(first).resolves.toEqual({ status: 'verified', message: 'Your email address is verified successfully.' });
    await store.verify('signed-in', token);
    expect(verify).toHaveBeenCalledTimes(1);
  });

  it('answers the server message, the fallback or the exception text', async () => {
    const { services, adapters } = accountTestWorld();
    const store = services.get(ACCOUNT.verification);
    await expect(store.verify('anonymous', 'used-or-unknown')).resolves.toEqual({
      status: 'failed',
      message: 'Invalid or expired link',
    });
    adapters.account.server.failWith = { status: 400 };
    await expect(store.verify('anonymous', 'b')).resolves.toEqual({ status: 'failed', message: 'Email verification failed.' });
    adapters.account.server.failWith = 'network';
    await expect(store.verify('signed-in', 'c')).resolves.toEqual({
      status: 'error',
      message: 'Error verifying email address. Please try again.',
    });
    adapters.account.server.failWith = { status: 503, message: 'Service down' };
    await expect(store.verify('signed-in', 'd')).resolves.toMatchObject({ status: 'error' });
  });

  it('uses the anonymous call for guest links', async () => {
    const { services, adapters } = accountTestWorld();
    const token = adapters.accountStore.issueAnonymousVerificationToken('guest@example.com');
    await expect(services.get(ACCOUNT.verification).verify('anonymous', token)).resolves.toMatchObject({ status: 'verified' });
    expect(adapters.accountStore.verifiedGuestEmails.has('guest@example.com')).toBe(true);
  });
});
