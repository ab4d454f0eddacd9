import { observer } from 'mobx-react-lite';
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
    <form
      className="auth-form"
      noValidate
      onSubmit={async (event) => {
        event.preventDefault();
        if (await form.login()) onDone();
      }}
    >
      <TextField
        label={accountMessages.auth.email}
        type="email"
        autoComplete="email"
        value={form.loginEmail}
        onChange={(value) => form.setField('loginEmail', value)}
      />
      <TextField
        label={accountMessages.auth.password}
        type="password"
        autoComplete="current-password"
        value={form.loginPassword}
        onChange={(value) => form.setField('loginPassword', value)}
      />
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
    </form>
  );
});
