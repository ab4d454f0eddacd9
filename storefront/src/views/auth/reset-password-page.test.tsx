import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { DEMO_USER_EMAIL } from '../../adapters/fake/demo-account';
import { FakeClock } from '../../adapters/fake/fake-clock';
import { createFakeAdapters } from '../../di/fake-adapters';
import { CORE } from '../../di/modules/core-module';
import { renderScreen } from '../../../../tests/support/render-screen';
import { ResetPasswordPage } from './reset-password-page';

const PATH = '/reset-password/:token';

describe('ResetPasswordPage', () => {
  it('resets with the token from the URL (D5), with no current password, then goes home', async () => {
    const adapters = createFakeAdapters({ clock: new FakeClock(Date.UTC(2026, 10, 22, 12)) });
    const token = adapters.accountStore.issueResetToken(DEMO_USER_EMAIL);
    const reset = vi.spyOn(adapters.account, 'resetPassword');
    const { user, services } = await renderScreen(<ResetPasswordPage />, { route: `/reset-password/${token}`, path: PATH, adapters });
    expect(screen.getByRole('heading', { name: 'Reset Password' })).toBeInTheDocument();
    expect(screen.queryByLabelText('Current Password')).not.toBeInTheDocument();
    await user.type(screen.getByLabelText('New Password'), 'Fresh1!pass');
    await user.type(screen.getByLabelText('Confirm Password'), 'Fresh1!pass');
    await user.click(screen.getByRole('button', { name: 'Update Password' }));
    await vi.waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/));
    expect(reset).toHaveBeenCalledWith(token, 'Fresh1!pass');
    expect(adapters.accountStore.findByEmail(DEMO_USER_EMAIL)?.password).toBe('Fresh1!pass');
    expect(services.get(CORE.alerts).alerts.map((alert) => alert.message)).toEqual(['Password updated successfully!']);
  });

  it('stays with the server message when the link is spent', async () => {
    const { user, services } = await renderScreen(<ResetPasswordPage />, { route: '/reset-password/spent', path: PATH });
    await user.type(screen.getByLabelText('New Password'), 'Fresh1!pass');
    await user.type(screen.getByLabelText('Confirm Password'), 'Fresh1!pass{Enter}');
    await vi.waitFor(() => expect(services.get(CORE.alerts).alerts.map((alert) => alert.message)).toEqual(['Invalid or expired link']));
    expect(screen.getByTestId('location')).toHaveTextContent('/reset-password/spent');
  });

  it('blocks incomplete rules with the alert and the hint', async () => {
    const { user, services, adapters } = await renderScreen(<ResetPasswordPage />, { route: '/reset-password/x', path: PATH });
    const reset = vi.spyOn(adapters.account, 'resetPassword');
    await user.type(screen.getByLabelText('New Password'), 'weak');
    await user.click(screen.getByRole('button', { name: 'Update Password' }));
    expect(services.get(CORE.alerts).alerts.map((alert) => alert.message)).toEqual([
      'Cannot update password without a complete validation.',
    ]);
    expect(screen.getByText('Complete all password validation rules to enable update.')).toBeInTheDocument();
    expect(reset).not.toHaveBeenCalled();
  });
});
