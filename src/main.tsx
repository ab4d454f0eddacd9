import { createRoot } from 'react-dom/client';
import { createContainer } from './di/container';
import { CORE } from './di/modules/core-module';
import { createRealAdapters } from './di/real-adapters';
import { App } from './views/app';
import { preloadPage } from './views/routes';
import './views/global.css';

// Composition root for the browser: real adapters, or in-memory fakes with `npm run dev:fake`.
const adapters = import.meta.env.MODE === 'fake' ? (await import('./di/fake-adapters')).createFakeAdapters() : createRealAdapters();
const container = createContainer(adapters);
// A stored, unexpired session is restored before the first render (SPEC section 4).
container.get(CORE.session).start();

// The page's own chunk first, so the first paint shows the layout and the page together.
await preloadPage(window.location.pathname).catch(() => undefined);
const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root');
createRoot(root).render(<App container={container} />);
