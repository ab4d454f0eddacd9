import { observer } from 'mobx-react-lite';
import { type KeyboardEvent, useId, useRef } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { accountMessages } from '../../texts/account-messages';
import { ACCOUNT, accountFeature } from '../../di/modules/account-module';
import { useStore } from '../../di/react';
import type { AuthFormStore } from '../../stores/account/auth-form-store';
import { AuthForm, FormField, LoginForm } from './login-form';
import type { PageModule } from '../../shell/page-module';
import './account-form.css';
import './auth-popup.css';

type Tab = 'login' | 'signup';
const TABS: Tab[] = ['login', 'signup'];

/** /authpopup: Login and Sign Up tabs (SPEC section 2), the active one in `?tab=`. */
export const AuthPopupPage = observer(function AuthPopupPage() {
  const form = useStore(ACCOUNT.authForm);
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const location = useLocation();
  const baseId = useId();
  const tabRefs = useRef<Partial<Record<Tab, HTMLButtonElement | null>>>({});
  const tab: Tab = params.get('tab') === 'signup' ? 'signup' : 'login';

  const select = (next: Tab, focus = false) => {
    setParams(next === 'login' ? {} : { tab: next }, { replace: true });
    if (focus) tabRefs.current[next]?.focus();
  };
  // Arrow keys move between the tabs (WAI-ARIA tabs pattern).
  const onTabKey = (event: KeyboardEvent) => {
    const index = TABS.indexOf(tab);
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (step === 0) return;
    event.preventDefault();
    select(TABS[(index + step + TABS.length) % TABS.length]!, true);
  };
  // Back where the shopper came from; home when the popup was opened directly.
  const close = () => (location.key === 'default' ? navigate('/') : navigate(-1));
  const label = (t: Tab) => (t === 'login' ? accountMessages.auth.login : accountMessages.auth.signUp);

  return (
    <div className="auth-popup-page">
      <section className="auth-popup" aria-label={accountMessages.auth.tabsLabel}>
        <button type="button" className="auth-popup__close" aria-label={accountMessages.auth.close} onClick={close}>
          <span aria-hidden="true">×</span>
        </button>
        <div className="auth-tabs" role="tablist" aria-label={accountMessages.auth.tabsLabel}>
          {TABS.map((t) => (
            <button
              key={t}
              ref={(element) => {
                tabRefs.current[t] = element;
              }}
              type="button"
              role="tab"
              id={`${baseId}-${t}-tab`}
              aria-selected={tab === t}
              aria-controls={`${baseId}-${t}-panel`}
              tabIndex={tab === t ? 0 : -1}
              className="auth-tabs__tab"
              onClick={() => select(t)}
              onKeyDown={onTabKey}
            >
              {label(t)}
            </button>
          ))}
        </div>
        <div role="tabpanel" id={`${baseId}-${tab}-panel`} aria-labelledby={`${baseId}-${tab}-tab`}>
          {tab === 'login' ? (
            <LoginForm form={form} onDone={() => navigate('/')} withForgotPassword />
          ) : (
            <SignUpForm form={form} onDone={() => navigate('/')} />
          )}
        </div>
      </section>
    </div>
  );
});

interface FormProps {
  form: AuthFormStore;
  onDone: () => void;
}

const SignUpForm = observer(function SignUpForm({ form, onDone }: FormProps) {
  return (
    <AuthForm send={() => form.signUp()} onDone={onDone}>
      <FormField form={form} field="signupUserName" label={accountMessages.auth.username} type="text" autoComplete="username" />
      <FormField form={form} field="signupEmail" label={accountMessages.auth.email} type="email" autoComplete="email" />
      <FormField form={form} field="signupPassword" label={accountMessages.auth.password} type="password" autoComplete="new-password" />
      <label className="checkbox">
        <input type="checkbox" checked={form.gdprAccepted} onChange={(event) => form.setGdprAccepted(event.target.checked)} />
        <span>{accountMessages.auth.gdpr}</span>
      </label>
      {/* D24: the tick acknowledges the privacy notice; it opens beside the form, which keeps what was typed. */}
      <a className="checkbox__link" href="/privacy" target="_blank" rel="noopener">
        {accountMessages.auth.privacyNoticeLink}
      </a>
      <label className="checkbox">
        <input type="checkbox" checked={form.marketingOptIn} onChange={(event) => form.setMarketingOptIn(event.target.checked)} />
        <span>{accountMessages.auth.marketingOptIn}</span>
      </label>
      <button type="submit" className="button button--primary button--block" disabled={form.signingUp}>
        {form.signingUp ? accountMessages.auth.signingUp : accountMessages.auth.signUp}
      </button>
    </AuthForm>
  );
});

export const authPopupPage: PageModule = { Component: AuthPopupPage, features: [accountFeature] };
