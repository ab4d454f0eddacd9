import { observer } from 'mobx-react-lite';
import { useEffect, useId } from 'react';
import type { AccountSession } from '@shop/core/domain/account-session';
import { ACCOUNT } from '../../di/modules/account-module';
import { useStore } from '../../di/react';
import { ENDING_OTHERS, type ActiveSessionsStore } from '../../stores/account/active-sessions-store';
import { accountMessages } from '../../texts/account-messages';
import { formatDateTime } from '../../texts/date-format';
import { EmptyText, ErrorText, LoadingText } from '../shared/status-text';
import { TextField } from '../shared/text-field';
import './active-sessions.css';

const texts = accountMessages.sessions;

/**
 * Active sessions on /profile (ASVS 7.5.2): each device where the account is signed in, this
 * one first, with 'End session' on the others and 'End all other sessions', both after the
 * account's password is given again. The profile page renders the section heading.
 */
export const ActiveSessions = observer(function ActiveSessions() {
  const store = useStore(ACCOUNT.activeSessions);
  const hintId = useId();
  useEffect(() => {
    void store.load();
  }, [store]);
  const { sessions } = store;

  if (sessions.status === 'loading') return <LoadingText>{texts.loading}</LoadingText>;
  if (sessions.status === 'error') {
    return (
      <div className="active-sessions">
        <ErrorText>{texts.errorFetchingSessions(sessions.message)}</ErrorText>
        <button type="button" className="button" onClick={() => void store.load()}>
          {texts.retry}
        </button>
      </div>
    );
  }
  const { current, others } = store;
  const shown = current ? [current, ...others] : others;
  return (
    <div className="active-sessions" aria-busy={store.busy !== null}>
      <p className="active-sessions__intro">{texts.intro}</p>
      {others.length === 0 ? null : (
        // ASVS 7.5.2: ending sessions asks for the account's password again.
        <div className="active-sessions__password">
          <TextField
            type="password"
            label={accountMessages.profile.currentPassword}
            value={store.currentPassword}
            autoComplete="current-password"
            aria-describedby={hintId}
            onChange={(value) => store.setCurrentPassword(value)}
          />
          <p id={hintId} className="active-sessions__hint">
            {texts.passwordHint}
          </p>
        </div>
      )}
      <ul className="active-sessions__list" aria-label={texts.listLabel}>
        {shown.map((session) => (
          <SessionRow key={session.id} session={session} store={store} />
        ))}
      </ul>
      {others.length === 0 ? (
        <EmptyText>{texts.onlyThisDevice}</EmptyText>
      ) : (
        <button type="button" className="button button--danger" disabled={store.busy !== null} onClick={() => void store.endOthers()}>
          {store.busy === ENDING_OTHERS ? texts.ending : texts.endAllOthers}
        </button>
      )}
    </div>
  );
});

const SessionRow = observer(function SessionRow({ session, store }: { session: AccountSession; store: ActiveSessionsStore }) {
  const device = texts.device(session.browser, session.os);
  return (
    <li className="active-sessions__row">
      <div className="active-sessions__what">
        <p className="active-sessions__device">
          <span>{device}</span>
          {session.current ? <span className="badge active-sessions__badge">{texts.thisDevice}</span> : null}
        </p>
        <p className="active-sessions__times">
          <span>{texts.signedIn(formatDateTime(session.createdAt))}</span>
          <span>{texts.lastUsed(formatDateTime(session.lastUsedAt))}</span>
        </p>
      </div>
      {session.current ? null : (
        <button
          type="button"
          className="button"
          // The visible text starts the name (WCAG 2.5.3); the device tells the buttons apart.
          aria-label={texts.endSessionOn(device)}
          disabled={store.busy !== null}
          onClick={() => void store.end(session.id)}
        >
          {store.busy === session.id ? texts.ending : texts.endSession}
        </button>
      )}
    </li>
  );
});
