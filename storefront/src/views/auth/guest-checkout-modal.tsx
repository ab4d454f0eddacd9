import { observer } from 'mobx-react-lite';
import { useId } from 'react';
import { useNavigate } from 'react-router-dom';
import { accountMessages } from '../../texts/account-messages';
import { ACCOUNT } from '../../di/modules/account-module';
import { useStore } from '../../di/react';
import { Modal } from '../shared/modal';
import { TextField } from '../shared/text-field';
import { LoginForm } from './login-form';
import './account-form.css';
import './guest-checkout-modal.css';

export interface GuestCheckoutModalProps {
  open: boolean;
  onClose: () => void;
}

/**
 * Proceed to Checkout without a user (SPEC section 2, D9): log in and go to /check-out, or
 * continue without signing in by asking for a verification mail. Its messages show inside the
 * modal, which covers the page's alerts.
 */
export function GuestCheckoutModal({ open, onClose }: GuestCheckoutModalProps) {
  return (
    <Modal open={open} title={accountMessages.auth.guestTitle} onClose={onClose}>
      {/* Mounted only while open: each opening starts with empty fields. */}
      {open ? <GuestCheckoutContent onClose={onClose} /> : null}
    </Modal>
  );
}

const GuestCheckoutContent = observer(function GuestCheckoutContent({ onClose }: { onClose: () => void }) {
  const modal = useStore(ACCOUNT.authForm, { loginErrors: 'inline' });
  const navigate = useNavigate();
  const id = useId();
  return (
    <div className="guest-checkout">
      <p className="guest-checkout__intro">{accountMessages.auth.guestIntro}</p>
      <LoginForm form={modal} onDone={() => void navigate('/check-out')} />

      <div className="guest-checkout__guest">
        <button
          type="button"
          className="button button--block"
          aria-expanded={modal.guestMode}
          aria-controls={`${id}-guest`}
          onClick={() => modal.continueWithoutSigningIn()}
        >
          {accountMessages.auth.continueWithoutSigningIn}
        </button>
        {modal.guestMode ? (
          <form
            id={`${id}-guest`}
            className="auth-form"
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              void modal.sendVerificationEmail();
            }}
          >
            <TextField
              label={accountMessages.auth.guestEmail}
              type="email"
              autoComplete="email"
              // eslint-disable-next-line jsx-a11y/no-autofocus -- the guest form opens on request inside the dialog: its one field takes focus.
              autoFocus
              value={modal.guestEmail}
              onChange={(value) => modal.setField('guestEmail', value)}
            />
            <button type="submit" className="button button--primary button--block" disabled={modal.sendingGuestMail}>
              {accountMessages.auth.sendVerificationEmail}
            </button>
          </form>
        ) : null}
        {/* Always present, so screen readers announce the answer when it arrives. */}
        <div aria-live="polite">
          {modal.guestNotice ? (
            <p className={`notice notice--${modal.guestNotice.kind}`} role={modal.guestNotice.kind === 'error' ? 'alert' : 'status'}>
              {modal.guestNotice.text}
            </p>
          ) : null}
        </div>
      </div>

      <div className="modal__actions">
        <button type="button" className="button" onClick={onClose}>
          {accountMessages.auth.close}
        </button>
      </div>
    </div>
  );
});
