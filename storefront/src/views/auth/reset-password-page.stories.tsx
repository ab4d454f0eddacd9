import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { WithAlerts } from '../../../../.storybook/fixtures/account';
import { ResetPasswordPage } from './reset-password-page';

function ResetWithAlerts() {
  return (
    <WithAlerts>
      <ResetPasswordPage />
    </WithAlerts>
  );
}

const meta = {
  title: 'Account/Reset password popup',
  component: ResetWithAlerts,
  parameters: { route: '/reset-password/demo-link', path: '/reset-password/:token' },
} satisfies Meta<typeof ResetWithAlerts>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Empty: Story = {};

export const EmptyPhone: Story = {
  globals: { viewport: { value: 'phone', isRotated: false } },
};

/** Typing a strong password: every mark turns green. */
export const AllRulesMet: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(canvas.getByLabelText('New Password'), 'Fresh1!pass');
    await userEvent.type(canvas.getByLabelText('Confirm Password'), 'Fresh1!pass');
    for (const item of within(canvas.getByRole('list', { name: 'Password rules' })).getAllByRole('listitem')) {
      await expect(item).toHaveTextContent('(met)');
    }
  },
};

/** An unknown or spent link: the server's message as an alert. */
export const LinkRejected: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(canvas.getByLabelText('New Password'), 'Fresh1!pass');
    await userEvent.type(canvas.getByLabelText('Confirm Password'), 'Fresh1!pass');
    await userEvent.click(canvas.getByRole('button', { name: 'Update Password' }));
    await expect(await canvas.findByRole('alert')).toHaveTextContent('Invalid or expired link');
  },
};
