import { screen, within } from '@testing-library/react';
import { act } from 'react';
import { describe, expect, it, type MockInstance, vi } from 'vitest';
import { DEMO_USER_EMAIL, DEMO_USER_ID, DEMO_USER_PASSWORD } from '../../adapters/fake/demo-account';
import type { FakeAccountGateway } from '../../adapters/fake/fake-account-gateway';
import type { FakeRealtime } from '../../adapters/fake/fake-realtime';
import type { FakeClock } from '../../adapters/fake/fake-clock';
import { JwtTokenDecoder } from '../../adapters/jwt/jwt-token-decoder';
import type { AccountGateway } from '@shop/core/ports/account-gateway';
import type { TokenDecoder } from '@shop/core/ports/token-decoder';
import { fakeAccountStoreOf, type SignedInOptions, signedInSession } from '../../adapters/fake/fake-world';
import { CORE } from '../../di/modules/core-module';
import type { ServiceContainer } from '../../di/react';
import type { AdapterSet } from '../../di/tokens';
import { renderScreen } from '../../../../tests/support/render-screen';
import { ProfilePage } from './profile-page';

const alertTexts = (services: ServiceContainer) => services.get(CORE.alerts).alerts.map((alert) => alert.message);

function signedIn(options: SignedInOptions = {}) {
  return (services: ServiceContainer, adapters: AdapterSet) => {
    signedInSession(adapters, options);
    services.get(CORE.session).start();
  };
}

async function profile(options: SignedInOptions = {}) {
  const rendered = await renderScreen(<ProfilePage />, { route: '/profile', setup: signedIn(options) });
  return { ...rendered, account: rendered.adapters.account as FakeAccountGateway, session: rendered.services.get(CORE.session) };
}

describe('ProfilePage guard', () => {
  it('renders nothing without a session', async () => {
    const { services } = await renderScreen(<ProfilePage />, { route: '/profile' });
    expect(screen.queryByRole('heading')).not.toBeInTheDocument();
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    expect(services.get(CORE.session).isLoggedIn).toBe(false);
  });

  it('logs out and renders nothing when the access token can no longer be read', async () => {
    // SPEC 5: an undecodable token is invalid. The decoder stops reading it once the session is restored.
    const real = new JwtTokenDecoder();
    let readable = true;
    const decoder: TokenDecoder = { expiresAt: (token) => (readable ? real.expiresAt(token) : null) };
    let logout: MockInstance<AccountGateway['logout']> | undefined;
    const { services, adapters } = await renderScreen(<ProfilePage />, {
      route: '/profile',
      adapters: { tokenDecoder: decoder },
      setup: (container, adapters) => {
        signedIn()(container, adapters);
        logout = vi.spyOn(adapters.account, 'logout');
        readable = false;
      },
    });
    const session = services.get(CORE.session);
    await vi.waitFor(() => expect(session.isLoggedIn).toBe(false));
    expect(logout).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('heading')).not.toBeInTheDocument();
    expect(adapters.sessionStorage.load()).toBeNull();
  });

  it('renders nothing and stays logged out for a stored but expired session', async () => {
    await renderScreen(<ProfilePage />, {
      route: '/profile',
      setup: (services, adapters) => {
        signedInSession(adapters, { expiresInMs: 1000 });
        (adapters.clock as FakeClock).advance(1000);
        services.get(CORE.session).start();
      },
    });
    expect(screen.queryByRole('heading')).not.toBeInTheDocument();
  });
});

describe('ProfilePage password section', () => {
  it('is collapsed by default and turns each rule mark green while typing', async () => {
    const { user } = await profile();
    const toggle = screen.getByRole('button', { name: 'Change Password' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByLabelText('New Password')).not.toBeInTheDocument();
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const rules = screen.getByRole('list', { name: 'Password rules' });
    const rule = (text: string) => within(rules).getByText(text).closest('li')!;
    expect(rule('At least 8 characters')).toHaveTextContent('(not met)');
    await user.type(screen.getByLabelText('New Password'), 'abcdefgh');
    expect(rule('At least 8 characters')).toHaveTextContent('(met)');
    expect(rule('At least 8 characters')).toHaveClass('password-rule--met');
    expect(rule('At least 1 uppercase letter')).toHaveTextContent('(not met)');
    await user.type(screen.getByLabelText('New Password'), 'A1!');
    await user.type(screen.getByLabelText('Confirm Password'), 'abcdefghA1!');
    for (const item of within(rules).getAllByRole('listitem')) expect(item).toHaveTextContent('(met)');
  });

  it('blocks an incomplete update with the alert and the hint', async () => {
    const { user, services, account } = await profile();
    const update = vi.spyOn(account, 'updatePassword');
    await user.click(screen.getByRole('button', { name: 'Change Password' }));
    await user.type(screen.getByLabelText('New Password'), 'short');
    await user.click(screen.getByRole('button', { name: 'Update Password' }));
    expect(alertTexts(services)).toEqual(['Cannot update password without a complete validation.']);
    expect(screen.getByText('Complete all password validation rules to enable update.')).toBeInTheDocument();
    expect(update).not.toHaveBeenCalled();
  });

  it('changes the password with the current one, then collapses and clears', async () => {
    const { user, services, adapters } = await profile();
    await user.click(screen.getByRole('button', { name: 'Change Password' }));
    await user.type(screen.getByLabelText('Current Password'), DEMO_USER_PASSWORD);
    await user.type(screen.getByLabelText('New Password'), 'Better1!pass');
    await user.type(screen.getByLabelText('Confirm Password'), 'Better1!pass{Enter}');
    await vi.waitFor(() => expect(alertTexts(services)).toEqual(['Password updated successfully!']));
    expect(screen.queryByLabelText('New Password')).not.toBeInTheDocument();
    expect(fakeAccountStoreOf(adapters).findByEmail(DEMO_USER_EMAIL)?.password).toBe('Better1!pass');
    await user.click(screen.getByRole('button', { name: 'Change Password' }));
    expect(screen.getByLabelText('New Password')).toHaveValue('');
  });

  it('alerts the server message, the fallback and the exception text', async () => {
    const { user, services, account, clock } = await profile();
    await user.click(screen.getByRole('button', { name: 'Change Password' }));
    await user.type(screen.getByLabelText('Current Password'), 'not-it');
    await user.type(screen.getByLabelText('New Password'), 'Better1!pass');
    await user.type(screen.getByLabelText('Confirm Password'), 'Better1!pass');
    const submit = screen.getByRole('button', { name: 'Update Password' });
    await user.click(submit);
    await vi.waitFor(() => expect(alertTexts(services)).toEqual(['Current password is incorrect']));
    act(() => clock.advance(2000));
    account.server.failWith = { status: 403 };
    await user.click(submit);
    await vi.waitFor(() => expect(alertTexts(services)).toEqual(['Failed to update password.']));
    act(() => clock.advance(2000));
    account.server.failWith = { status: 503, message: 'Service down' };
    await user.click(submit);
    await vi.waitFor(() => expect(alertTexts(services)).toEqual(['An error occurred while updating the password. Please try again.']));
  });
});

describe('ProfilePage email row', () => {
  it('shows the red prompt, then flips to verified by itself on the real-time event', async () => {
    const { adapters } = await profile({ emailVerified: false });
    expect(screen.getByText('Please verify your email address')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Verify Email Address' })).toBeInTheDocument();
    // The email gets verified elsewhere (another tab): the server pushes emailVerified (D12).
    await act(async () => {
      fakeAccountStoreOf(adapters).markEmailVerified(DEMO_USER_EMAIL);
    });
    expect(await screen.findByText('Your email address is verified')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Verify Email Address' })).not.toBeInTheDocument();
    expect((adapters.realtime as FakeRealtime).openConnections()).toHaveLength(1);
  });

  it('shows green when verified', async () => {
    await profile({ emailVerified: true });
    expect(screen.getByText('Your email address is verified')).toBeInTheDocument();
    expect(screen.queryByText('Please verify your email address')).not.toBeInTheDocument();
  });

  it('sends the verification mail and alerts each SPEC answer', async () => {
    const { user, services, account, adapters, clock } = await profile();
    const button = screen.getByRole('button', { name: 'Verify Email Address' });
    await user.click(button);
    await vi.waitFor(() =>
      expect(alertTexts(services)).toEqual([
        'An email has been sent to your email address. Please click the verification link in the mail.',
      ]),
    );
    expect(fakeAccountStoreOf(adapters).lastMailTo(DEMO_USER_EMAIL, 'verify-email')).toBeDefined();
    act(() => clock.advance(2000));
    account.server.failWith = { status: 429, message: 'Too many verification mails' };
    await user.click(button);
    await vi.waitFor(() => expect(alertTexts(services)).toEqual(['Too many verification mails']));
    act(() => clock.advance(2000));
    account.server.failWith = 'network';
    await user.click(button);
    await vi.waitFor(() =>
      expect(alertTexts(services)).toEqual(['An error occurred while sending the verification email. Please try again.']),
    );
  });
});

describe('ProfilePage personal info form', () => {
  it('shows user id and email read-only and the user fields', async () => {
    await profile();
    expect(screen.getByLabelText('User ID')).toHaveValue(DEMO_USER_ID);
    expect(screen.getByLabelText('User ID')).toHaveAttribute('readonly');
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveValue(DEMO_USER_EMAIL);
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveAttribute('readonly');
    expect(screen.getByLabelText('Name')).toHaveValue('Deniz');
    expect(await screen.findByRole('option', { name: 'Germany (+49)' })).toBeInTheDocument();
    expect(screen.getByLabelText('Country code')).toHaveValue('+90');
  });

  it('keeps phone parts to digits and saves with the success alert', async () => {
    const { user, services, session } = await profile();
    const area = screen.getByLabelText('Area code');
    await user.clear(area);
    await user.type(area, '2a1-6');
    expect(area).toHaveValue('216');
    await user.selectOptions(screen.getByLabelText('Country code'), await screen.findByRole('option', { name: 'Germany (+49)' }));
    await user.clear(screen.getByLabelText('Surname'));
    await user.type(screen.getByLabelText('Surname'), 'Kaya');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await vi.waitFor(() => expect(alertTexts(services)).toEqual(['User information updated successfully!']));
    expect(session.user).toMatchObject({ surname: 'Kaya', phoneACode: '216', phoneCCode: '+49' });
  });

  it('alerts the server message, the fallback and the exception text', async () => {
    const { user, services, account, clock } = await profile();
    const save = screen.getByRole('button', { name: 'Save' });
    account.server.failWith = { status: 400, message: 'Username taken' };
    await user.click(save);
    await vi.waitFor(() => expect(alertTexts(services)).toEqual(['Username taken']));
    act(() => clock.advance(2000));
    account.server.failWith = { status: 400 };
    await user.click(save);
    await vi.waitFor(() => expect(alertTexts(services)).toEqual(['Failed to update user information.']));
    act(() => clock.advance(2000));
    account.server.failWith = 'network';
    await user.click(save);
    await vi.waitFor(() => expect(alertTexts(services)).toEqual(['An error occurred while updating user information. Please try again.']));
  });
});
