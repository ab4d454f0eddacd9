import { observer } from 'mobx-react-lite';
import type { ReactNode } from 'react';
import { accountMessages } from '../../texts/account-messages';
import type { AuthFormStore } from '../../stores/account/auth-form-store';
import { TextField } from '../shared/text-field';
import './account-form.css';

export interface LoginFormProps {
  form: AuthFormStore;
  /** After a successful login. */
  onDone: () => void;
  /** The popup offers Forgot Password under the form (it sends to the typed email). */
  withForgotPassword?: boolean;
}

/** Email, password and Login: the popup's Login tab and the guest checkout modal's form (SPEC section 2). */
export const LoginForm = observer(function LoginForm({ form, onDone, withForgotPassword = false }: LoginFormProps) {
  return (
    <AuthForm send={() => form.login()} onDone={onDone}>
      <FormField form={form} field="loginEmail" label={accountMessages.auth.email} type="email" autoComplete="email" />
      <FormField form={form} field="loginPassword" label={accountMessages.auth.password} type="password" autoComplete="current-password" />
      {form.loginError ? (
        <p className="notice notice--error" role="alert">
          {form.loginError}
        </p>
      ) : null}
      <button type="submit" className="button button--primary button--block" disabled={form.loggingIn}>
        {form.loggingIn ? accountMessages.auth.loggingIn : accountMessages.auth.login}
      </button>
      {withForgotPassword ? (
        <button type="button" className="link-button" disabled={form.sendingReset} onClick={() => void form.forgotPassword()}>
          {accountMessages.auth.forgotPassword}
        </button>
      ) : null}
    </AuthForm>
  );
});

interface FormFieldProps {
  form: AuthFormStore;
  field: Parameters<AuthFormStore['setField']>[0];
  label: string;
  type: 'text' | 'email' | 'password';
  autoComplete: string;
}

/** A text field showing and setting one of the login store's fields. */
export const FormField = observer(function FormField({ form, field, label, type, autoComplete }: FormFieldProps) {
  return (
    <TextField
      label={label}
      type={type}
      autoComplete={autoComplete}
      value={form[field]}
      onChange={(value) => form.setField(field, value)}
    />
  );
});

/** An account form: sends without the browser's own checks, then `onDone` once `send` answers true. */
export function AuthForm({ send, onDone, children }: { send: () => Promise<boolean>; onDone: () => void; children: ReactNode }) {
  return (
    <form
      className="auth-form"
      noValidate
      onSubmit={async (event) => {
        event.preventDefault();
        if (await send()) onDone();
      }}
    >
      {children}
    </form>
  );
}
