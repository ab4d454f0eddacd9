import { describe, expect, it, vi } from 'vitest';
import { DEMO_USER_EMAIL, DEMO_USER_PASSWORD } from '../../adapters/fake/demo-account';
import { ACCOUNT } from '../../di/modules/account-module';
import { accountTestWorld } from '../../../tests/support/account-world';

describe('GuestCheckoutStore', () => {
  it('logs in, or shows the login error inside the modal', async () => {
    const { services, session } = accountTestWorld();
    const modal = services.get(ACCOUNT.guestCheckout)();
    modal.setField('email', DEMO_USER_EMAIL);
    modal.setField('password', 'nope');
    await expect(modal.login()).resolves.toBe(false);
    expect(modal.loginError).toBe('Error during login: Invalid email or password');
    modal.setField('password', DEMO_USER_PASSWORD);
    await expect(modal.login()).resolves.toBe(true);
    expect(modal.loginError).toBeNull();
    expect(session.isLoggedIn).toBe(true);
  });

  it('maps the anonymous verification answers: success, 400, 409, other, network', async () => {
    const { services, adapters } = accountTestWorld();
    const modal = services.get(ACCOUNT.guestCheckout)();
    modal.continueWithoutSigningIn();
    expect(modal.guestMode).toBe(true);
    const send = vi.spyOn(adapters.account, 'sendAnonymousVerificationEmail');
    await modal.sendVerificationEmail();
    expect(send).not.toHaveBeenCalled();
    expect(modal.notice?.text).toBe('Please enter your email address.');

    modal.setField('guestEmail', 'guest@example.com');
    await modal.sendVerificationEmail();
    expect(modal.notice).toEqual({ kind: 'success', text: expect.stringContaining('verification email has been sent') });
    await modal.sendVerificationEmail();
    expect(modal.notice?.text).toBe('A verification email has already been sent. Please check your email.');

    modal.setField('guestEmail', DEMO_USER_EMAIL);
    await modal.sendVerificationEmail();
    expect(modal.notice?.text).toBe('Email address is already registered please log in');

    adapters.account.server.failWith = { status: 429, message: 'Too many requests' };
    await modal.sendVerificationEmail();
    expect(modal.notice?.text).toBe('Error during sending verification mail: Too many requests');
    adapters.account.server.failWith = { status: 422 };
    await modal.sendVerificationEmail();
    expect(modal.notice?.text).toBe('Error during sending verification mail:');
    adapters.account.server.failWith = 'network';
    await modal.sendVerificationEmail();
    expect(modal.notice?.text).toBe('Network error. Please try again.');
    adapters.account.server.failWith = { status: 503, message: 'Service down' };
    await modal.sendVerificationEmail();
    expect(modal.notice).toEqual({ kind: 'error', text: 'Network error. Please try again.' });
  });
});
