import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { DEMO_USER_EMAIL } from '../../adapters/fake/demo-account';
import { accountFailing } from '../../../../.storybook/fixtures/account';
import { GuestCheckoutModal } from './guest-checkout-modal';

const meta = {
  title: 'Account/Guest checkout modal',
  component: GuestCheckoutModal,
  args: { open: true, onClose: fn() },
  parameters: { route: '/cart' },
} satisfies Meta<typeof GuestCheckoutModal>;

export default meta;
type Story = StoryObj<typeof meta>;

// The native modal dialog sits in the document's top layer: query the whole page.
const page = () => within(document.body);

async function sendAsGuest(email: string) {
  await userEvent.click(page().getByRole('button', { name: 'Continue Without Signing In' }));
  await userEvent.type(page().getByLabelText('Guest email'), email);
  await userEvent.click(page().getByRole('button', { name: 'Send Verification Email' }));
}

export const Open: Story = {};

export const OpenPhone: Story = {
  globals: { viewport: { value: 'phone', isRotated: false } },
};

export const ContinueWithoutSigningIn: Story = {
  play: async () => {
    await userEvent.click(page().getByRole('button', { name: 'Continue Without Signing In' }));
    await expect(page().getByLabelText('Guest email')).toBeVisible();
  },
};

export const VerificationSent: Story = {
  play: async () => {
    await sendAsGuest('guest@example.com');
    await expect(await page().findByRole('status')).toHaveTextContent('A verification email has been sent.');
  },
};

/** 400: the address belongs to an account. */
export const AlreadyRegistered: Story = {
  play: async () => {
    await sendAsGuest(DEMO_USER_EMAIL);
    await expect(await page().findByRole('alert')).toHaveTextContent('Email address is already registered please log in');
  },
};

/** 409: a mail is already out for this address. */
export const AlreadySent: Story = {
  play: async () => {
    await sendAsGuest('guest@example.com');
    await page().findByRole('status');
    await userEvent.click(page().getByRole('button', { name: 'Send Verification Email' }));
    await waitFor(() =>
      expect(page().getByRole('alert')).toHaveTextContent('A verification email has already been sent. Please check your email.'),
    );
  },
};

export const NetworkError: Story = {
  parameters: { adapters: accountFailing('network') },
  play: async () => {
    await sendAsGuest('guest@example.com');
    await expect(await page().findByRole('alert')).toHaveTextContent('Network error. Please try again.');
  },
};

export const LoginError: Story = {
  play: async () => {
    await userEvent.type(page().getByLabelText('Email'), DEMO_USER_EMAIL);
    await userEvent.type(page().getByLabelText('Password'), 'wrong');
    await userEvent.click(page().getByRole('button', { name: 'Login' }));
    await expect(await page().findByRole('alert')).toHaveTextContent('Error during login: Invalid email or password');
  },
};
