import { observer } from 'mobx-react-lite';
import { CORE } from '../../di/modules/core-module';
import { useStore } from '../../di/react';
import { messages } from '../../texts/messages';
import { Modal } from '../shared/modal';

/** The one confirm dialog (e.g. deleting an address); Escape or the backdrop answer no. */
export const ConfirmDialog = observer(function ConfirmDialog() {
  const alerts = useStore(CORE.alerts);
  const pending = alerts.pendingConfirm;
  return (
    <Modal open={pending !== null} title={messages.layout.confirmTitle} onClose={() => alerts.answerConfirm(false)}>
      <p>{pending?.message}</p>
      <div className="modal__actions">
        <button type="button" className="button" onClick={() => alerts.answerConfirm(false)}>
          {messages.layout.confirmNo}
        </button>
        <button
          type="button"
          className="button button--primary"
          // eslint-disable-next-line jsx-a11y/no-autofocus -- a <dialog> opening focuses its autofocus control (HTML dialog focusing steps).
          autoFocus
          onClick={() => alerts.answerConfirm(true)}
        >
          {messages.layout.confirmYes}
        </button>
      </div>
    </Modal>
  );
});
