import { useLocation, useNavigate, useParams } from 'react-router-dom';
import { accountMessages } from '../../texts/account-messages';
import { PasswordSection } from '../profile/password-section';
import { accountFeature } from '../../di/modules/account-module';
import type { PageModule } from '../../shell/page-module';
import './account-form.css';
import './auth-popup.css';

/** /reset-password/{token}: the password form in a popup, resetting with the link's token (D5). */
export function ResetPasswordPage() {
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const location = useLocation();
  const close = () => (location.key === 'default' ? navigate('/') : navigate(-1));
  return (
    <div className="auth-popup-page">
      <section className="auth-popup" aria-labelledby="reset-password-title">
        <button type="button" className="auth-popup__close" aria-label={accountMessages.auth.close} onClick={close}>
          <span aria-hidden="true">×</span>
        </button>
        <h1 id="reset-password-title" className="auth-popup__title">
          {accountMessages.auth.resetTitle}
        </h1>
        {/* Keyed by token: another link starts a fresh form. */}
        <PasswordSection key={token} resetToken={token} onPasswordReset={() => navigate('/')} />
      </section>
    </div>
  );
}

export const resetPasswordPage: PageModule = { Component: ResetPasswordPage, features: [accountFeature] };
