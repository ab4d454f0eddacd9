import { observer } from 'mobx-react-lite';
import { accountMessages } from '../../texts/account-messages';
import { ACCOUNT } from '../../di/modules/account-module';
import { useStore } from '../../di/react';
import './profile.css';

/**
 * The email row (SPEC section 2): red prompt and 'Verify Email Address' until verified, then
 * green. It follows the session's user, so the real-time emailVerified event flips it.
 */
export const EmailRow = observer(function EmailRow() {
  const row = useStore(ACCOUNT.emailRow);
  return (
    <div className="email-row">
      <span className="email-row__address">{row.email}</span>
      {/* role=status: the flip to verified is announced when it arrives by itself. */}
      <div role="status" className="email-row">
        {row.verified ? (
          <p className="email-row__status email-row__status--verified">
            <span aria-hidden="true">✓</span>
            <span>{accountMessages.profile.verified}</span>
          </p>
        ) : (
          <p className="email-row__status email-row__status--unverified">
            <span aria-hidden="true">!</span>
            <span>{accountMessages.profile.verifyPrompt}</span>
          </p>
        )}
      </div>
      {row.verified ? null : (
        <button type="button" className="button" disabled={row.sending} onClick={() => void row.sendVerificationEmail()}>
          {row.sending ? accountMessages.profile.sendingVerification : accountMessages.profile.verifyButton}
        </button>
      )}
    </div>
  );
});
