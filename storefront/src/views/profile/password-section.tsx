import { observer } from 'mobx-react-lite';
import { useId } from 'react';
import { accountMessages } from '../../texts/account-messages';
import type { PasswordCheck } from '@shop/core/domain/password-policy';
import { ACCOUNT } from '../../di/modules/account-module';
import { useStore } from '../../di/react';
import type { PasswordFormStore } from '../../stores/account/password-form-store';
import { TextField } from '../shared/text-field';
import '../auth/account-form.css';
import './profile.css';

const RULES: { key: keyof PasswordCheck; label: string }[] = [
  { key: 'minLength', label: accountMessages.passwordRules.minLength },
  { key: 'uppercase', label: accountMessages.passwordRules.uppercase },
  { key: 'lowercase', label: accountMessages.passwordRules.lowercase },
  { key: 'digit', label: accountMessages.passwordRules.digit },
  { key: 'special', label: accountMessages.passwordRules.special },
  { key: 'match', label: accountMessages.passwordRules.match },
];

type PasswordField = Parameters<PasswordFormStore['setField']>[0];

export interface PasswordSectionProps {
  /** From /reset-password/{token}: the form resets the password instead (D5), open from the start. */
  resetToken?: string;
  /** Called after a successful reset (the page then goes home). */
  onPasswordReset?: () => void;
}

/** The password sub-section of Personal Info, and the form of the reset popup (SPEC 2, 4, 5, 8). */
export const PasswordSection = observer(function PasswordSection({ resetToken, onPasswordReset }: PasswordSectionProps) {
  const form = useStore(ACCOUNT.passwordForm, resetToken === undefined ? {} : { resetToken });
  const formId = useId();
  if (form.isReset) return <PasswordForm form={form} id={formId} onDone={onPasswordReset} />;
  return (
    <div className="password-section">
      <button type="button" className="button" aria-expanded={form.expanded} aria-controls={formId} onClick={() => form.toggle()}>
        <span aria-hidden="true">{form.expanded ? '▾' : '▸'}</span>
        {accountMessages.profile.changePassword}
      </button>
      {form.expanded ? <PasswordForm form={form} id={formId} /> : null}
    </div>
  );
});

const PasswordForm = observer(function PasswordForm({
  form,
  id,
  onDone,
}: {
  form: PasswordFormStore;
  id: string;
  onDone?: (() => void) | undefined;
}) {
  const check = form.check;
  const password = (field: PasswordField, label: string, autoComplete: string, describedBy?: string) => (
    <TextField
      type="password"
      label={label}
      value={form[field]}
      autoComplete={autoComplete}
      aria-describedby={describedBy}
      onChange={(value) => form.setField(field, value)}
    />
  );
  return (
    <form
      id={id}
      className="auth-form password-form"
      noValidate
      onSubmit={async (event) => {
        event.preventDefault();
        if ((await form.submit()) && form.isReset) onDone?.();
      }}
    >
      {form.isReset ? null : password('currentPassword', accountMessages.profile.currentPassword, 'current-password')}
      {password('newPassword', accountMessages.profile.newPassword, 'new-password', `${id}-rules`)}
      {password('confirmPassword', accountMessages.profile.confirmPassword, 'new-password')}
      <div className="password-rules">
        <p className="password-rules__title" id={`${id}-rules-title`}>
          {accountMessages.profile.passwordRulesTitle}
        </p>
        {/* Marks are text and icon, never colour alone; changes are announced politely. */}
        <ul id={`${id}-rules`} className="password-rules__list" aria-labelledby={`${id}-rules-title`} aria-live="polite">
          {RULES.map((rule) => (
            <li key={rule.key} className={`password-rule password-rule--${check[rule.key] ? 'met' : 'unmet'}`}>
              <span className="password-rule__icon" aria-hidden="true">
                {check[rule.key] ? '✓' : '✗'}
              </span>
              <span>{rule.label}</span>
              <span className="visually-hidden">
                {' '}
                ({check[rule.key] ? accountMessages.profile.ruleMet : accountMessages.profile.ruleNotMet})
              </span>
            </li>
          ))}
        </ul>
      </div>
      {form.hintVisible ? (
        <p className="notice notice--error" id={`${id}-hint`}>
          {accountMessages.profile.passwordHint}
        </p>
      ) : null}
      <button
        type="submit"
        className="button button--primary"
        disabled={form.submitting}
        aria-describedby={form.hintVisible ? `${id}-hint` : undefined}
      >
        {form.submitting ? accountMessages.profile.updatingPassword : accountMessages.profile.updatePassword}
      </button>
    </form>
  );
});
