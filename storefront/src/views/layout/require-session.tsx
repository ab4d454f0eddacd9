import { observer } from 'mobx-react-lite';
import { type ReactNode, useEffect } from 'react';
import { CORE } from '../../di/modules/core-module';
import { useStore } from '../../di/react';
import { useSignedInPage } from './session-ended-handler';

export interface RequireSessionProps {
  children: ReactNode;
  /** What a shopper without a session gets instead of the page (default: nothing). */
  signedOut?: ReactNode;
  /** The access token must also still be valid; a session without one is ended (SPEC 2, 6: /profile). */
  validToken?: boolean;
}

/**
 * The one route guard, for the pages that belong to a session (/profile, /orders, /check-out).
 * Each says what a shopper without a session gets instead. While it shows, the page counts as
 * one that needs a session: a session ending here sends the shopper home (SessionEndedHandler).
 */
export const RequireSession = observer(function RequireSession({ children, signedOut = null, validToken = false }: RequireSessionProps) {
  const session = useStore(CORE.session);
  useSignedInPage();
  const allowed = session.isLoggedIn && (!validToken || session.hasValidAccessToken());

  useEffect(() => {
    if (!allowed && validToken) void session.logout();
  }, [allowed, validToken, session]);

  return allowed ? children : signedOut;
});
