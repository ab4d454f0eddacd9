import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { DEMO_USER_EMAIL } from '../../adapters/fake/demo-account';
import { accountNeverAnswers, WithAlerts } from '../../../../.storybook/fixtures/account';
import { AuthPopupPage } from './auth-popup-page';

function AuthPopupWithAlerts() {
  return (
    <WithAlerts>
      <AuthPopupPage />
    </WithAlerts>
  );
}

const meta = {
  title: 'Account/Login and Sign Up popup',
  component: AuthPopupWithAlerts,
  parameters: { route: '/authpopup', path: '/authpopup' },
} satisfies Meta<typeof AuthPopupWithAlerts>;

export default meta;
type Story = StoryObj<typeof meta>;

export const LoginTab: Story = {};

/** D24: the GDPR tick acknowledges the linked privacy notice; marketing messages have their own unticked box. */
export const SignUpConsents: Story = {
  parameters: { route: '/authpopup?tab=signup' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('link', { name: 'Read the Privacy Notice (Aydınlatma Metni)' })).toHaveAttribute('href', '/privacy');
    await expect(canvas.getByRole('checkbox', { name: /I would like to receive campaigns and offers/ })).not.toBeChecked();
  },
};

export const SignUpTab: Story = {
  parameters: { route: '/authpopup?tab=signup' },
};

export const LoginTabPhone: Story = {
  globals: { viewport: { value: 'phone', isRotated: false } },
};

/** 'Logging In...' and disabled while the server has not answered. */
export const LoggingIn: Story = {
  parameters: { adapters: accountNeverAnswers },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(canvas.getByLabelText('Email'), DEMO_USER_EMAIL);
    await userEvent.type(canvas.getByLabelText('Password'), 'Demo1234!');
    await userEvent.click(canvas.getByRole('button', { name: 'Login' }));
    await expect(await canvas.findByRole('button', { name: 'Logging In...' })).toBeDisabled();
  },
};

/** 'Signing Up...' and disabled while the server has not answered. */
export const SigningUp: Story = {
  parameters: { route: '/authpopup?tab=signup', adapters: accountNeverAnswers },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(canvas.getByLabelText('Username'), 'ada');
    await userEvent.type(canvas.getByLabelText('Email'), 'ada@example.com');
    await userEvent.type(canvas.getByLabelText('Password'), 'Secret1!x');
    await userEvent.click(canvas.getByRole('checkbox', { name: 'I accept the GDPR rules' }));
    await userEvent.click(canvas.getByRole('button', { name: 'Sign Up' }));
    await expect(await canvas.findByRole('button', { name: 'Signing Up...' })).toBeDisabled();
  },
};

/** A wrong password: the error alert top-centre. */
export const LoginError: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(canvas.getByLabelText('Email'), DEMO_USER_EMAIL);
    await userEvent.type(canvas.getByLabelText('Password'), 'wrong');
    await userEvent.click(canvas.getByRole('button', { name: 'Login' }));
    await expect(await canvas.findByRole('alert')).toHaveTextContent('Error during login: Invalid email or password');
  },
};

/** Sign Up without the GDPR tick: the alert, and nothing sent. */
export const GdprNotAccepted: Story = {
  parameters: { route: '/authpopup?tab=signup' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Sign Up' }));
    await expect(await canvas.findByRole('alert')).toHaveTextContent('You must accept the GDPR rules to proceed.');
  },
};

/** Forgot Password with no email: SPEC's long message. */
export const ForgotPasswordWithoutEmail: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Forgot Password' }));
    await expect(await canvas.findByRole('alert')).toHaveTextContent('To reset your password');
  },
};
