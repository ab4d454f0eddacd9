import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { Link, useMatch, useParams } from 'react-router-dom';
import { messages } from '../../texts/messages';
import { accountMessages } from '../../texts/account-messages';
import { ACCOUNT, accountFeature } from '../../di/modules/account-module';
import { useStore } from '../../di/react';
import type { VerificationKind } from '../../stores/account/verification-store';
import { ErrorText, LoadingText } from '../shared/status-text';
import type { PageModule } from '../../shell/page-module';
import './account-form.css';
import './auth-popup.css';

/**
 * /verify-email/{token} and /verify-email-anonymous/{token} (SPEC sections 2, 4, 8): the route
 * decides which call. The store sends each token once, so StrictMode's double effect (or a
 * remount) cannot spend a single-use token twice.
 */
export const VerifyEmailPage = observer(function VerifyEmailPage() {
  const { token = '' } = useParams();
  const anonymous = useMatch('/verify-email-anonymous/:token') !== null;
  const kind: VerificationKind = anonymous ? 'anonymous' : 'signed-in';
  const verification = useStore(ACCOUNT.verification);

  useEffect(() => {
    if (token !== '') void verification.verify(kind, token);
  }, [verification, kind, token]);

  const state = verification.stateOf(kind, token);
  return (
    <div className="auth-popup-page">
      <section className="auth-popup" aria-labelledby="verify-email-title">
        <h1 id="verify-email-title" className="auth-popup__title">
          {accountMessages.verification.title}
        </h1>
        {state === undefined || state.status === 'running' ? (
          <LoadingText>{accountMessages.verification.verifying}</LoadingText>
        ) : state.status === 'verified' ? (
          <p className="notice notice--success" role="status">
            {state.message}
          </p>
        ) : (
          <ErrorText>{state.message}</ErrorText>
        )}
        <p>
          <Link to="/">{messages.layout.backHome}</Link>
        </p>
      </section>
    </div>
  );
});

export const verifyEmailPage: PageModule = { Component: VerifyEmailPage, features: [accountFeature] };
