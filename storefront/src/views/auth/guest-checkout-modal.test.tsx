import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { DEMO_USER_EMAIL, DEMO_USER_PASSWORD } from '../../adapters/fake/demo-account';
import type { FakeAccountGateway } from '../../adapters/fake/fake-account-gateway';
import { CORE } from '../../di/modules/core-module';
import { renderScreen } from '../../../../tests/support/render-screen';
import { GuestCheckoutModal } from './guest-checkout-modal';

async function openModal() {
  const onClose = vi.fn();
  const rendered = await renderScreen(<GuestCheckoutModal open onClose={onClose} />, { route: '/cart' });
  const dialog = within(screen.getByRole('dialog', { name: 'Sign in to check out' }));
  return { ...rendered, onClose, dialog, account: rendered.adapters.account as FakeAccountGateway };
}

async function sendAs(rendered: Awaited<ReturnType<typeof openModal>>, email: string) {
  const { user, dialog } = rendered;
  await user.click(dialog.getByRole('button', { name: 'Continue Without Signing In' }));
  const input = dialog.getByLabelText('Guest email');
  await user.clear(input);
  await user.type(input, email);
  await user.click(dialog.getByRole('button', { name: 'Send Verification Email' }));
}

describe('GuestCheckoutModal', () => {
  it('logs in with email and password and goes to /check-out', async () => {
    const { user, dialog, services } = await openModal();
    const email = dialog.getByLabelText('Email');
    expect(email).toHaveAttribute('type', 'email');
    await user.type(email, DEMO_USER_EMAIL);
    await user.type(dialog.getByLabelText('Password'), `${DEMO_USER_PASSWORD}{Enter}`);
    await vi.waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/check-out'));
    expect(services.get(CORE.session).isLoggedIn).toBe(true);
  });

  it("shows 'Error during login: ' + message inside the modal", async () => {
    const { user, dialog } = await openModal();
    await user.type(dialog.getByLabelText('Password'), 'wrong');
    await user.click(dialog.getByRole('button', { name: 'Login' }));
    expect(await dialog.findByRole('alert')).toHaveTextContent('Error during login: Invalid email or password');
    expect(screen.getByTestId('location')).toHaveTextContent('/cart');
  });

  it("reveals the guest email field with 'Continue Without Signing In' and confirms a sent mail", async () => {
    const rendered = await openModal();
    const { dialog, user } = rendered;
    const reveal = dialog.getByRole('button', { name: 'Continue Without Signing In' });
    expect(reveal).toHaveAttribute('aria-expanded', 'false');
    expect(dialog.queryByRole('button', { name: 'Send Verification Email' })).not.toBeInTheDocument();
    await user.click(reveal);
    expect(reveal).toHaveAttribute('aria-expanded', 'true');
    await sendAs(rendered, 'guest@example.com');
    expect(await dialog.findByRole('status')).toHaveTextContent('A verification email has been sent.');
  });

  it('maps 400 and 409 to SPEC texts', async () => {
    const rendered = await openModal();
    await sendAs(rendered, DEMO_USER_EMAIL);
    expect(await rendered.dialog.findByRole('alert')).toHaveTextContent('Email address is already registered please log in');
    await sendAs(rendered, 'guest@example.com');
    await sendAs(rendered, 'guest@example.com');
    await vi.waitFor(() =>
      expect(rendered.dialog.getByRole('alert')).toHaveTextContent('A verification email has already been sent. Please check your email.'),
    );
  });

  it("maps another status to 'Error during sending verification mail:' and a network failure to its text", async () => {
    const rendered = await openModal();
    rendered.account.server.failWith = { status: 429, message: 'Too many requests' };
    await sendAs(rendered, 'guest@example.com');
    await vi.waitFor(() =>
      expect(rendered.dialog.getByRole('alert')).toHaveTextContent('Error during sending verification mail: Too many requests'),
    );
    rendered.account.server.failWith = 'network';
    await sendAs(rendered, 'guest@example.com');
    await vi.waitFor(() => expect(rendered.dialog.getByRole('alert')).toHaveTextContent('Network error. Please try again.'));
  });

  it('Close calls onClose', async () => {
    const { user, dialog, onClose } = await openModal();
    await user.click(dialog.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});
