import { createRoot, hydrateRoot } from 'react-dom/client';
import { readAnswers, SERVER_ANSWERS_ELEMENT_ID } from './adapters/server-render/catalog-answers';
import { createContainer } from './di/container';
import { CORE } from './di/modules/core-module';
import { createRealAdapters } from './di/real-adapters';
import { App } from './views/app';
import { preloadPage, prepareRoute } from './views/routes';
import './views/global.css';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root');
// A page the server rendered (D17) carries the catalogue answers it was rendered from.
const answersElement = document.getElementById(SERVER_ANSWERS_ELEMENT_ID);
const serverRendered = answersElement !== null && root.firstChild !== null;

// Composition root for the browser: real adapters, or in-memory fakes with `npm run dev:fake`.
const adapters =
  import.meta.env.MODE === 'fake'
    ? (await import('./di/fake-adapters')).createFakeAdapters()
    : createRealAdapters({ serverAnswers: serverRendered ? readAnswers(answersElement?.textContent) : [] });
const container = createContainer(adapters);
const session = container.get(CORE.session);
const location = new URL(window.location.href);

if (serverRendered) {
  // The stores load what the server rendered, from the page's answers (no request), so the first
  // render matches its HTML; the stored session (SPEC section 4) and the cart join right after.
  await prepareRoute(container, location).catch(() => undefined);
  hydrateRoot(root, <App container={container} serverRendered onHydrated={() => session.start()} />);
} else {
  // A stored, unexpired session is restored before the first render (SPEC section 4).
  session.start();
  // The page's own chunk first, so the first paint shows the layout and the page together.
  await preloadPage(location.pathname).catch(() => undefined);
  createRoot(root).render(<App container={container} />);
}
