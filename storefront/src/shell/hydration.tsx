import { createContext, type ReactNode, startTransition, useContext, useEffect, useState } from 'react';

const HydratedContext = createContext(true);

/**
 * Whether browser-only state (the cart from local storage, the session) may show. On the server
 * and in the browser's first render of a server-rendered page it may not: that render must match
 * the server's HTML (D17); it shows right after hydration. A page the browser renders alone
 * (development, tests, stories) has it from the start.
 */
export function useHydrated(): boolean {
  return useContext(HydratedContext);
}

/**
 * Around the shop: `serverRendered` starts with browser-only state hidden (the server's render,
 * and the browser's first render over it); once that render is on screen `onHydrated` runs
 * (restoring the session) and the state shows.
 */
export function HydrationGate({
  serverRendered,
  onHydrated,
  children,
}: {
  serverRendered: boolean;
  onHydrated?: () => void;
  children: ReactNode;
}) {
  const [hydrated, setHydrated] = useState(!serverRendered);
  useEffect(() => {
    if (hydrated) {
      // The page answers the shopper from here on (its buttons act): end-to-end journeys wait for it.
      document.documentElement.dataset.shop = 'ready';
      return;
    }
    onHydrated?.();
    // The one render after hydration, by design: browser-only state joins the server's page. As a
    // transition, in slices: the page stays responsive while the rest of it (a carousel's other
    // cards, the cart) is added.
    startTransition(() => setHydrated(true));
  }, [hydrated, onHydrated]);
  return <HydratedContext.Provider value={hydrated}>{children}</HydratedContext.Provider>;
}

/**
 * `children` as the server renders them, and as the browser's first render shows them before
 * hydration (D17): browser-only state hidden. For stories that show that state to designers.
 */
export function AsServerRendered({ children }: { children: ReactNode }) {
  return <HydratedContext.Provider value={false}>{children}</HydratedContext.Provider>;
}
