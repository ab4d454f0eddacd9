import { createContext, type ReactNode, startTransition, Suspense, useContext, useEffect, useId, useState } from 'react';
import { HydrationTurns } from './hydration-turns';

const HydratedContext = createContext(true);

/** The turns of the server-rendered page being hydrated; none for a page the browser renders alone. */
const TurnsContext = createContext<HydrationTurns | null>(null);

/**
 * Whether browser-only state (the cart from local storage, the session) may show. On the server
 * and in the browser's first render of a server-rendered page it may not: that render must match
 * the server's HTML (D17); it shows right after hydration, part by part (`InTurn`). A page the
 * browser renders alone (development, tests, stories) has it from the start.
 */
export function useHydrated(): boolean {
  return useContext(HydratedContext);
}

/**
 * Around the shop: `serverRendered` starts with browser-only state hidden (the server's render,
 * and the browser's first render over it); once every part is hydrated `onHydrated` runs
 * (restoring the session), the state shows, and the shop is live.
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
  const [turns] = useState(() => (serverRendered ? new HydrationTurns() : null));
  useEffect(() => {
    if (hydrated) {
      // The page answers the shopper from here on (its buttons act): taps held before are
      // replayed (storefront/src/first-paint.ts), and end-to-end journeys wait for it.
      document.documentElement.dataset.shop = 'ready';
      return;
    }
    return turns?.whenAllHydrated({
      // Before any part shows its browser-only state: a page behind a session must find it restored.
      hydrated: () => onHydrated?.(),
      // The one render after the parts', by design: the last of browser-only state joins the
      // server's page. As a transition: the page stays responsive while it is added.
      shown: () => startTransition(() => setHydrated(true)),
    });
  }, [hydrated, onHydrated, turns]);
  return (
    <TurnsContext.Provider value={turns}>
      <HydratedContext.Provider value={hydrated}>{children}</HydratedContext.Provider>
    </TurnsContext.Provider>
  );
}

/**
 * A part of the page (the top bar, the sidebar, the page, a carousel) that a server-rendered page
 * hydrates in a task of its own, in turn after the parts before it (D20): until then it keeps the
 * server's HTML, and a tap on it is held by the first-paint script. Its browser-only state shows
 * once every part is hydrated, in a task of its own (storefront/src/shell/hydration-turns.ts). A
 * page the browser renders alone renders it at once.
 *
 * Its child must render exactly one element: that is the server HTML Preact keeps while the part
 * waits (a part whose child is a fragment or a component of several elements would be drawn again
 * beside the server's; the server-rendering journey checks every part is the server's element).
 */
export function InTurn({ children }: { children: ReactNode }) {
  const part = useId();
  return (
    <Suspense>
      <WaitForTurn part={part}>{children}</WaitForTurn>
    </Suspense>
  );
}

function WaitForTurn({ part, children }: { part: string; children: ReactNode }) {
  const turns = useContext(TurnsContext);
  const around = useContext(HydratedContext);
  // Waiting for its turn: React and Preact both keep a suspended part's server HTML while hydrating.
  const turn = turns?.turnOf(part);
  // eslint-disable-next-line @typescript-eslint/only-throw-error -- how a part suspends, for React and Preact alike
  if (turn) throw turn;
  return (
    <PartHydrated turns={turns} part={part} around={around}>
      {children}
    </PartHydrated>
  );
}

function PartHydrated({
  turns,
  part,
  around,
  children,
}: {
  turns: HydrationTurns | null;
  part: string;
  around: boolean;
  children: ReactNode;
}) {
  const [shown, setShown] = useState(around);
  // Hydrated: its browser-only state shows when the turns say (after every part is hydrated).
  useEffect(() => turns?.hydrated(part, () => startTransition(() => setShown(true))), [part, turns]);
  return <HydratedContext.Provider value={around || shown}>{children}</HydratedContext.Provider>;
}

/**
 * `children` as the server renders them, and as the browser's first render shows them before
 * hydration (D17): browser-only state hidden. For stories that show that state to designers.
 */
export function AsServerRendered({ children }: { children: ReactNode }) {
  return <HydratedContext.Provider value={false}>{children}</HydratedContext.Provider>;
}
