import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { DEMO_USER_EMAIL } from '../../adapters/fake/demo-account';
import type { FakeAccountGateway } from '../../adapters/fake/fake-account-gateway';
import type { ServiceContainer } from '../../di/react';
import { PORT } from '../../di/tokens';
import { signedInAs, WithAlerts } from '../../../../.storybook/fixtures/account';
import { ProfilePage } from './profile-page';

function ProfileWithAlerts() {
  return (
    <WithAlerts>
      <ProfilePage />
    </WithAlerts>
  );
}

const meta = {
  title: 'Account/Profile',
  component: ProfileWithAlerts,
  parameters: { route: '/profile', path: '/profile', setup: signedInAs({ emailVerified: false }) },
} satisfies Meta<typeof ProfileWithAlerts>;

export default meta;
type Story = StoryObj<typeof meta>;

export const UnverifiedEmail: Story = {};

export const VerifiedEmail: Story = {
  parameters: { setup: signedInAs({ emailVerified: true }) },
};

export const UnverifiedEmailPhone: Story = {
  globals: { viewport: { value: 'phone', isRotated: false } },
};

/** Logged out: the profile renders nothing (SPEC section 2). */
export const LoggedOut: Story = {
  parameters: { setup: undefined },
};

/** Password rules partly met, then all of them turning green as the shopper types. */
export const PasswordRulesPartlyMet: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Change Password' }));
    const rules = within(canvas.getByRole('list', { name: 'Password rules' }));
    await userEvent.type(canvas.getByLabelText('New Password'), 'abcdefgh');
    await expect(rules.getByText('At least 8 characters').closest('li')).toHaveTextContent('(met)');
    await expect(rules.getByText('At least 1 uppercase letter').closest('li')).toHaveTextContent('(not met)');
    await userEvent.type(canvas.getByLabelText('New Password'), 'A1!');
    await userEvent.type(canvas.getByLabelText('Confirm Password'), 'abcdefgh');
    for (const rule of ['At least 1 uppercase letter', 'At least 1 digit', 'At least 1 special character (!@#$%^&*(),.?":{}|<>)']) {
      await expect(rules.getByText(rule).closest('li')).toHaveTextContent('(met)');
    }
    await expect(rules.getByText('Passwords match').closest('li')).toHaveTextContent('(not met)');
  },
};

/** Update with rules still failing: the alert and the hint. */
export const PasswordUpdateBlocked: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Change Password' }));
    await userEvent.type(canvas.getByLabelText('New Password'), 'short');
    await userEvent.click(canvas.getByRole('button', { name: 'Update Password' }));
    await expect(canvas.getByText('Complete all password validation rules to enable update.')).toBeVisible();
  },
};

/** The email gets verified in another tab: the row flips with no reload (D12). */
export const EmailVerifiedElsewhere: Story = {
  play: async ({ canvasElement, loaded }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('Please verify your email address')).toBeVisible();
    const services = loaded.services as ServiceContainer;
    (services.get(PORT.account) as FakeAccountGateway).store.markEmailVerified(DEMO_USER_EMAIL);
    await waitFor(() => expect(canvas.getByText('Your email address is verified')).toBeVisible());
  },
};
