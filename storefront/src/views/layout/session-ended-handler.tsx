import { createContext, type ReactNode, useCallback, useContext, useEffect, useRef } from 'react';
import { useNavigate } from 'react-router-dom';
import { CORE } from '../../di/modules/core-module';
import { useStore } from '../../di/react';

/** Counts a page in as one that needs a session; answers the function that counts it out. */
type EnterSignedInPage = () => () => void;

const SignedInPage = createContext<EnterSignedInPage | null>(null);

/**
 * The one place that reacts to a session ending (SPEC 4: logout goes to /). The shopper's own
 * logout goes home from any page; a session that ends by itself (expiry, a failed refresh, a
 * token the server refused) goes home from a page that needs one (RequireSession) and leaves a
 * public page as it is.
 */
export function SessionEndedHandler({ children }: { children: ReactNode }) {
  const session = useStore(CORE.session);
  const navigate = useNavigate();
  const signedInPages = useRef(0);
  const enter = useCallback<EnterSignedInPage>(() => {
    signedInPages.current += 1;
    return () => {
      signedInPages.current -= 1;
    };
  }, []);

  useEffect(
    () =>
      session.onSessionEnded((end) => {
        if (end === 'logout' || signedInPages.current > 0) void navigate('/');
      }),
    [session, navigate],
  );

  return <SignedInPage.Provider value={enter}>{children}</SignedInPage.Provider>;
}

/** The calling page needs a session while it is mounted (outside the handler: nothing to count). */
export function useSignedInPage(): void {
  const enter = useContext(SignedInPage);
  useEffect(() => enter?.(), [enter]);
}
