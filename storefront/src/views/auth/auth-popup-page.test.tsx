import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { DEMO_USER_EMAIL, DEMO_USER_PASSWORD } from '../../adapters/fake/demo-account';
import { FakeAccountGateway } from '../../adapters/fake/fake-account-gateway';
import { FakeAccountStore } from '../../adapters/fake/fake-account-store';
import { never } from '../../adapters/fake/fake-delay';
import { FakeClock } from '../../adapters/fake/fake-clock';
import { CORE } from '../../di/modules/core-module';
import type { ServiceContainer } from '../../di/react';
import { renderScreen } from '../../../../tests/support/render-screen';
import { AuthPopupPage } from './auth-popup-page';

const alertTexts = (services: ServiceContainer) => services.get(CORE.alerts).alerts.map((alert) => alert.message);

describe('AuthPopupPage', () => {
  it('shows the Login tab by default with an email-type and a password-type input', async () => {
    await renderScreen(<AuthPopupPage />, { route: '/authpopup' });
    expect(screen.getByRole('tab', { name: 'Login' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByLabelText('Email')).toHaveAttribute('type', 'email');
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'password');
    expect(screen.getByRole('button', { name: 'Forgot Password' })).toBeInTheDocument();
  });

  it('opens the Sign Up tab from ?tab=signup and switches tabs by click and arrow keys', async () => {
    const { user } = await renderScreen(<AuthPopupPage />, { route: '/authpopup?tab=signup' });
    expect(screen.getByRole('tab', { name: 'Sign Up' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByLabelText('Username')).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Login' }));
    expect(screen.queryByLabelText('Username')).not.toBeInTheDocument();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Sign Up' })).toHaveFocus();
    expect(screen.getByRole('tabpanel')).toContainElement(screen.getByLabelText('Username'));
  });

  it("logs in by keyboard, shows 'Logging In...' disabled while busy, then goes home", async () => {
    const clock = new FakeClock(Date.UTC(2026, 10, 22, 12));
    const slow = new FakeAccountGateway(new FakeAccountStore({ clock }), {
      delay: () => new Promise((resolve) => clock.schedule(500, resolve)),
    });
    const { user, services } = await renderScreen(<AuthPopupPage />, { route: '/authpopup', adapters: { account: slow, clock } });
    await user.type(screen.getByLabelText('Email'), DEMO_USER_EMAIL);
    await user.type(screen.getByLabelText('Password'), `${DEMO_USER_PASSWORD}{Enter}`);
    const busy = await screen.findByRole('button', { name: 'Logging In...' });
    expect(busy).toBeDisabled();
    clock.advance(500);
    await vi.waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/));
    expect(services.get(CORE.session).isLoggedIn).toBe(true);
  });

  it("alerts 'Error during login: ' + message on a failed login and stays", async () => {
    const { user, services } = await renderScreen(<AuthPopupPage />, { route: '/authpopup' });
    await user.type(screen.getByLabelText('Email'), DEMO_USER_EMAIL);
    await user.type(screen.getByLabelText('Password'), 'wrong');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    await vi.waitFor(() => expect(alertTexts(services)).toEqual(['Error during login: Invalid email or password']));
    expect(services.get(CORE.alerts).alerts[0]?.kind).toBe('error');
    expect(screen.getByTestId('location')).toHaveTextContent('/authpopup');
  });

  it('sends nothing without the GDPR tick', async () => {
    const { user, services, adapters } = await renderScreen(<AuthPopupPage />, { route: '/authpopup?tab=signup' });
    const register = vi.spyOn(adapters.account, 'register');
    await user.type(screen.getByLabelText('Username'), 'ada');
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'Secret1!x');
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));
    expect(alertTexts(services)).toEqual(['You must accept the GDPR rules to proceed.']);
    expect(register).not.toHaveBeenCalled();
  });

  it("signs up ('Signing Up...' while busy), logs in automatically and goes home", async () => {
    const { user, services, adapters } = await renderScreen(<AuthPopupPage />, { route: '/authpopup?tab=signup' });
    let release = () => {};
    const original = adapters.account.register.bind(adapters.account);
    vi.spyOn(adapters.account, 'register').mockImplementation(async (...args) => {
      await new Promise<void>((resolve) => {
        release = resolve;
      });
      return original(...args);
    });
    await user.type(screen.getByLabelText('Username'), 'ada');
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'Secret1!x');
    await user.click(screen.getByRole('checkbox', { name: 'I accept the GDPR rules' }));
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));
    expect(await screen.findByRole('button', { name: 'Signing Up...' })).toBeDisabled();
    release();
    await vi.waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/));
    expect(services.get(CORE.session).user?.email).toBe('ada@example.com');
  });

  it('D24: records the GDPR tick as the privacy notice (linked) and marketing only by its own unticked opt-in', async () => {
    const { user, adapters } = await renderScreen(<AuthPopupPage />, { route: '/authpopup?tab=signup' });
    const register = vi.spyOn(adapters.account, 'register');
    expect(screen.getByRole('link', { name: 'Read the Privacy Notice (Aydınlatma Metni)' })).toHaveAttribute('href', '/privacy');
    const marketing = screen.getByRole('checkbox', { name: /I would like to receive campaigns and offers/ });
    expect(marketing).not.toBeChecked();
    await user.type(screen.getByLabelText('Username'), 'ada');
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'Secret1!x');
    await user.click(screen.getByRole('checkbox', { name: 'I accept the GDPR rules' }));
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));
    await vi.waitFor(() => expect(register).toHaveBeenCalledTimes(1));
    expect(register.mock.calls[0]?.[3]).toEqual({ privacyNotice: true, marketing: false });
  });

  it("words a refused sign-up 'Error during login: ' and an unanswered one 'Error during signup: '", async () => {
    const refused = await renderScreen(<AuthPopupPage />, { route: '/authpopup?tab=signup' });
    await refused.user.type(screen.getByLabelText('Username'), 'again');
    await refused.user.type(screen.getByLabelText('Email'), DEMO_USER_EMAIL);
    await refused.user.type(screen.getByLabelText('Password'), 'Secret1!x');
    await refused.user.click(screen.getByRole('checkbox', { name: 'I accept the GDPR rules' }));
    await refused.user.click(screen.getByRole('button', { name: 'Sign Up' }));
    await vi.waitFor(() => expect(alertTexts(refused.services)).toEqual(['Error during login: Email already registered']));
    refused.unmount();

    const broken = await renderScreen(<AuthPopupPage />, { route: '/authpopup?tab=signup' });
    (broken.adapters.account as FakeAccountGateway).server.failWith = { status: 503, message: 'boom' };
    await broken.user.click(screen.getByRole('checkbox', { name: 'I accept the GDPR rules' }));
    await broken.user.click(screen.getByRole('button', { name: 'Sign Up' }));
    await vi.waitFor(() => expect(alertTexts(broken.services)).toEqual(['Error during signup: boom']));
  });

  it('forgot password: SPEC message without an email; with one, the mail and each answer', async () => {
    const { user, services, adapters, clock } = await renderScreen(<AuthPopupPage />, { route: '/authpopup' });
    const forgot = screen.getByRole('button', { name: 'Forgot Password' });
    await user.click(forgot);
    expect(alertTexts(services)).toEqual([
      'To reset your password, you have to provide your registered email address.Please enter your email address and click the button again.',
    ]);
    clock.advance(2000);
    expect(alertTexts(services)).toEqual([]);

    await user.type(screen.getByLabelText('Email'), DEMO_USER_EMAIL);
    await user.click(forgot);
    await vi.waitFor(() => expect(alertTexts(services)).toEqual([expect.stringContaining('password reset link')]));
    clock.advance(2000);
    const account = adapters.account as FakeAccountGateway;
    account.server.failWith = { status: 400 };
    await user.click(forgot);
    await vi.waitFor(() => expect(alertTexts(services)).toEqual(['Failed to send reset password email.']));
    clock.advance(2000);
    account.server.failWith = 'network';
    await user.click(forgot);
    await vi.waitFor(() => expect(alertTexts(services)).toEqual(['An error occurred. Email cannot be sent. Please try again later.']));
  });

  it('closes to the home page when opened directly', async () => {
    const { user } = await renderScreen(<AuthPopupPage />, { route: '/authpopup' });
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/);
  });

  it('keeps the login button busy while the server does not answer', async () => {
    const { user } = await renderScreen(<AuthPopupPage />, {
      route: '/authpopup',
      adapters: { account: new FakeAccountGateway(new FakeAccountStore({ clock: new FakeClock() }), { delay: never }) },
    });
    await user.click(screen.getByRole('button', { name: 'Login' }));
    const form = screen.getByRole('tabpanel');
    expect(within(form).getByRole('button', { name: 'Logging In...' })).toBeDisabled();
  });
});
