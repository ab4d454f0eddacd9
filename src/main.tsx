import { readAnswers, SERVER_ANSWERS_ELEMENT_ID } from './adapters/server-render/catalog-answers';
import { createContainer } from './di/container';
import { createRealAdapters } from './di/real-adapters';
import { startShop } from './views/start-shop';
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
await startShop(root, createContainer(adapters), new URL(window.location.href), serverRendered);
