import { startTransition } from 'react';
import { createRoot, hydrateRoot, type Root } from 'react-dom/client';
import { CORE } from '../di/modules/core-module';
import type { ServiceContainer } from '../di/react';
import { App } from './app';
import { nextTask } from './next-task';
import { preloadPage, prepareRoute } from './routes';

/**
 * Starts the shop in `root` at `location`. A page the server rendered (D17) is hydrated: the
 * stores first load what the server rendered (from the page's answers: no request), so the first
 * render matches its HTML; the stored session (SPEC section 4) and the cart join right after. A
 * page the server did not render (development, `npm run dev:fake`) is rendered here. Returns the
 * shop's root (a test unmounts it).
 */
export async function startShop(root: HTMLElement, container: ServiceContainer, location: URL, serverRendered: boolean): Promise<Root> {
  const session = container.get(CORE.session);
  if (serverRendered) {
    await nextTask();
    await prepareRoute(container, location).catch(() => undefined);
    await nextTask();
    // As a transition: React hydrates in slices and lets the browser answer input in between; the
    // browser's build (Preact) hydrates the page's parts one a task (InTurn, hydration.tsx).
    let shop: Root | undefined;
    startTransition(() => {
      shop = hydrateRoot(root, <App container={container} serverRendered onHydrated={() => session.start()} />);
    });
    return shop!;
  }
  // A stored, unexpired session is restored before the first render (SPEC section 4).
  session.start();
  // The page's own chunk first, so the first paint shows the layout and the page together.
  await preloadPage(location.pathname).catch(() => undefined);
  const shop = createRoot(root);
  shop.render(<App container={container} />);
  return shop;
}
