import { describe, expect, it, vi } from 'vitest';
import { DEMO_USER_EMAIL, DEMO_USER_PASSWORD } from '../../adapters/fake/demo-account';
import { FakeClock } from '../../adapters/fake/fake-clock';
import { ACCOUNT } from '../../di/modules/account-module';
import { CORE } from '../../di/modules/core-module';
import { createContainer } from '../../di/container';
import { createFakeAdapters } from '../../di/fake-adapters';

function world() {
  const clock = new FakeClock(Date.UTC(2026, 10, 22, 12));
  const adapters = createFakeAdapters({ clock });
  const services = createContainer(adapters);
  const form = services.get(ACCOUNT.authForm)();
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
