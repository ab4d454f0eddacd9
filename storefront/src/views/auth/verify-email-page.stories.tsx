import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { accountFailing, accountNeverAnswers, verificationLinksAccepted } from '../../../../.storybook/fixtures/account';
import { VerifyEmailPage } from './verify-email-page';

const meta = {
  title: 'Account/Email verification',
  component: VerifyEmailPage,
  parameters: { route: '/verify-email/demo-link', path: '/verify-email/:token' },
} satisfies Meta<typeof VerifyEmailPage>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Verifying: Story = {
  parameters: { adapters: accountNeverAnswers },
};

export const Verified: Story = {
  parameters: { adapters: verificationLinksAccepted },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('Your email address is verified successfully.')).toBeVisible();
  },
};

export const GuestLinkVerified: Story = {
  parameters: {
    route: '/verify-email-anonymous/demo-link',
    path: '/verify-email-anonymous/:token',
    adapters: verificationLinksAccepted,
  },
};

/** A used or expired link: the server's message. */
export const LinkRejected: Story = {
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('alert')).toHaveTextContent('Invalid or expired link');
  },
};

export const NetworkError: Story = {
  parameters: { adapters: accountFailing('network') },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('alert')).toHaveTextContent('Error verifying email address. Please try again.');
  },
};

export const LinkRejectedPhone: Story = {
  globals: { viewport: { value: 'phone', isRotated: false } },
};
