import { observer } from 'mobx-react-lite';
import { messages } from '../../texts/messages';
import { CORE } from '../../di/modules/core-module';
import { useStore } from '../../di/react';
import { Modal } from '../shared/modal';

/**
 * The session-expiration popup (SPEC sections 2, 4; D4): over every page while the warning flag
 * is on. Escape does not dismiss it: the shopper chooses, or the session ends at expiry.
 */
export const SessionPopup = observer(function SessionPopup() {
  const session = useStore(CORE.session);
  return (
    <Modal open={session.warning && session.isLoggedIn} title={messages.session.expiringTitle} onClose={() => {}}>
      <p>{messages.session.expiringBody}</p>
      {/* Extend Session first: the dialog focuses its first control when it opens. */}
      <div className="modal__actions">
        <button
          type="button"
          className="button button--primary"
          // eslint-disable-next-line jsx-a11y/no-autofocus -- a <dialog> opening focuses its autofocus control (HTML dialog focusing steps).
          autoFocus
          onClick={() => void session.extendSession()}
        >
          {messages.session.extend}
        </button>
        <button type="button" className="button" onClick={() => void session.logout()}>
          {messages.session.logout}
        </button>
      </div>
    </Modal>
  );
});
