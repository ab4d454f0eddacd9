import { describe, expect, it, vi } from 'vitest';
import { DEMO_USER_EMAIL, DEMO_USER_PASSWORD } from '../../adapters/fake/demo-account';
import { FakeClock } from '../../adapters/fake/fake-clock';
import { ACCOUNT, accountFeature } from '../../di/modules/account-module';
import { CORE } from '../../di/modules/core-module';
import { createContainer } from '../../di/container';
import { createFakeAdapters } from '../../di/fake-adapters';
import { accountTestWorld } from '../../../../tests/support/account-world';

function world() {
  const clock = new FakeClock(Date.UTC(2026, 10, 22, 12));
  const adapters = createFakeAdapters({ clock });
  const services = createContainer(adapters);
  services.loadFeatures(accountFeature);
  const form = services.get(ACCOUNT.authForm)(undefined);
  const alerts = services.get(CORE.alerts);
  const session = services.get(CORE.session);
  const texts = () => alerts.alerts.map((alert) => alert.message);
  return { clock, adapters, services, form, alerts, session, texts };
}

describe('AuthFormStore', () => {
  it('logs in with the Login tab fields and is busy meanwhile', async () => {
    const { form, session } = world();
    form.setField('loginEmail', ` ${DEMO_USER_EMAIL} `);
    form.setField('loginPassword', DEMO_USER_PASSWORD);
    const pending = form.login();
    expect(form.loggingIn).toBe(true);
    await expect(pending).resolves.toBe(true);
    expect(form.loggingIn).toBe(false);
    expect(session.user?.email).toBe(DEMO_USER_EMAIL);
  });

  it("alerts 'Error during login: ' + the server message on bad credentials", async () => {
    const { form, texts, session } = world();
    form.setField('loginEmail', DEMO_USER_EMAIL);
    form.setField('loginPassword', 'wrong');
    await expect(form.login()).resolves.toBe(false);
    expect(texts()).toEqual(['Error during login: Invalid email or password']);
    expect(session.isLoggedIn).toBe(false);
  });

  it('sends nothing and alerts the GDPR text when the box is unticked', async () => {
    const { form, adapters, texts } = world();
    const register = vi.spyOn(adapters.account, 'register');
    form.setField('signupUserName', 'new');
    form.setField('signupEmail', 'new@example.com');
    form.setField('signupPassword', 'Secret1!x');
    await expect(form.signUp()).resolves.toBe(false);
    expect(register).not.toHaveBeenCalled();
    expect(texts()).toEqual(['You must accept the GDPR rules to proceed.']);
  });

  it('signs up, then logs in with the same credentials', async () => {
    const { form, session } = world();
    form.setField('signupUserName', 'new');
    form.setField('signupEmail', 'new@example.com');
    form.setField('signupPassword', 'Secret1!x');
    form.setGdprAccepted(true);
    const pending = form.signUp();
    expect(form.signingUp).toBe(true);
    await expect(pending).resolves.toBe(true);
    expect(form.signingUp).toBe(false);
    expect(session.user?.email).toBe('new@example.com');
  });

  it("words a refused sign-up 'Error during login: ' and an exception 'Error during signup: '", async () => {
    const refused = world();
    refused.form.setField('signupUserName', 'again');
    refused.form.setField('signupEmail', DEMO_USER_EMAIL);
    refused.form.setField('signupPassword', 'Secret1!x');
    refused.form.setGdprAccepted(true);
    await refused.form.signUp();
    expect(refused.texts()).toEqual(['Error during login: Email already registered']);

    for (const [failure, text] of [
      ['network', 'Error during signup: Network error'],
      [{ status: 503, message: 'Service down' }, 'Error during signup: Service down'],
    ] as const) {
      const broken = world();
      broken.adapters.account.server.failWith = failure;
      broken.form.setField('signupUserName', 'x');
      broken.form.setField('signupEmail', 'x@example.com');
      broken.form.setGdprAccepted(true);
      await broken.form.signUp();
      expect(broken.texts()).toEqual([text]);
    }
  });

  it('forgot password: SPEC message without an email, the mail with one, and its failures', async () => {
    const { form, texts, adapters, alerts, clock } = world();
    const forgot = vi.spyOn(adapters.account, 'forgotPassword');
    await form.forgotPassword();
    expect(forgot).not.toHaveBeenCalled();
    expect(texts()).toEqual([
      'To reset your password, you have to provide your registered email address.Please enter your email address and click the button again.',
    ]);
    clock.advance(2000);
    expect(alerts.alerts).toEqual([]);

    form.setField('loginEmail', DEMO_USER_EMAIL);
    await form.forgotPassword();
    expect(forgot).toHaveBeenCalledWith(DEMO_USER_EMAIL);
    expect(adapters.accountStore.lastMailTo(DEMO_USER_EMAIL, 'reset-password')).toBeDefined();
    expect(texts()).toEqual([expect.stringContaining('password reset link')]);
    clock.advance(2000);

    adapters.account.server.failWith = { status: 429, message: 'Too many requests' };
    await form.forgotPassword();
    expect(texts()).toEqual(['Failed to send reset password email.']);
    clock.advance(2000);

    adapters.account.server.failWith = 'network';
    await form.forgotPassword();
    const exception = alerts.alerts.at(-1);
    adapters.account.server.failWith = { status: 503, message: 'Service down' };
    await form.forgotPassword();
    // The same text again: a new alert in place of the one on screen (AlertStore).
    expect(alerts.alerts.at(-1)?.id).not.toBe(exception?.id);
    expect(texts()).toEqual(['An error occurred. Email cannot be sent. Please try again later.']);
  });
});

describe('AuthFormStore in the guest checkout modal', () => {
  it('logs in, or shows the login error inside the modal', async () => {
    const { services, session, texts } = accountTestWorld();
    const modal = services.get(ACCOUNT.authForm)({ loginErrors: 'inline' });
    modal.setField('loginEmail', DEMO_USER_EMAIL);
    modal.setField('loginPassword', 'nope');
    await expect(modal.login()).resolves.toBe(false);
    expect(modal.loginError).toBe('Error during login: Invalid email or password');
    expect(texts()).toEqual([]);
    modal.setField('loginPassword', DEMO_USER_PASSWORD);
    await expect(modal.login()).resolves.toBe(true);
    expect(modal.loginError).toBeNull();
    expect(session.isLoggedIn).toBe(true);
  });

  it('maps the anonymous verification answers: success, 400, 409, other, network', async () => {
    const { services, adapters } = accountTestWorld();
    const modal = services.get(ACCOUNT.authForm)({ loginErrors: 'inline' });
    modal.continueWithoutSigningIn();
    expect(modal.guestMode).toBe(true);
    const send = vi.spyOn(adapters.account, 'sendAnonymousVerificationEmail');
    await modal.sendVerificationEmail();
    expect(send).not.toHaveBeenCalled();
    expect(modal.guestNotice?.text).toBe('Please enter your email address.');

    modal.setField('guestEmail', 'guest@example.com');
    await modal.sendVerificationEmail();
    expect(modal.guestNotice).toEqual({ kind: 'success', text: expect.stringContaining('verification email has been sent') });
    await modal.sendVerificationEmail();
    expect(modal.guestNotice?.text).toBe('A verification email has already been sent. Please check your email.');

    modal.setField('guestEmail', DEMO_USER_EMAIL);
    await modal.sendVerificationEmail();
    expect(modal.guestNotice?.text).toBe('Email address is already registered please log in');

    adapters.account.server.failWith = { status: 429, message: 'Too many requests' };
    await modal.sendVerificationEmail();
    expect(modal.guestNotice?.text).toBe('Error during sending verification mail: Too many requests');
    adapters.account.server.failWith = { status: 422 };
    await modal.sendVerificationEmail();
    expect(modal.guestNotice?.text).toBe('Error during sending verification mail:');
    adapters.account.server.failWith = 'network';
    await modal.sendVerificationEmail();
    expect(modal.guestNotice?.text).toBe('Network error. Please try again.');
    adapters.account.server.failWith = { status: 503, message: 'Service down' };
    await modal.sendVerificationEmail();
    expect(modal.guestNotice).toEqual({ kind: 'error', text: 'Network error. Please try again.' });
  });
});
