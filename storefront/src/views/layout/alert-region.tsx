import { observer } from 'mobx-react-lite';
import { CORE } from '../../di/modules/core-module';
import { useStore } from '../../di/react';
import { messages } from '../../texts/messages';
import './alert-region.css';

/** Every SPEC "alert", top-centre; the store hides each after 2000 ms (SPEC section 9). */
export const AlertRegion = observer(function AlertRegion() {
  const alerts = useStore(CORE.alerts);
  return (
    <div className="alert-region" aria-live="polite">
      {alerts.alerts.map((alert) => (
        <div key={alert.id} className={`alert alert--${alert.kind}`} role="alert">
          <span>{alert.message}</span>
          <button type="button" className="alert__close" aria-label={messages.layout.dismissAlert} onClick={() => alerts.dismiss(alert.id)}>
            ×
          </button>
        </div>
      ))}
    </div>
  );
});
