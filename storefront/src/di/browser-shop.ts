import { readAnswers, SERVER_ANSWERS_ELEMENT_ID } from '../adapters/server-render/catalog-answers';
import { startShop } from '../shell/start-shop';
import { createContainer } from './container';
import { createRealAdapters } from './real-adapters';

/**
 * The shop in the browser: real adapters (fakes with `npm run dev:fake`), started in `#root`; a
 * page the server rendered (D17) is hydrated from the catalogue answers it carries.
 */
export async function startBrowserShop(): Promise<void> {
  const root = document.getElementById('root');
  if (!root) throw new Error('index.html has no #root');
  const answersElement = document.getElementById(SERVER_ANSWERS_ELEMENT_ID);
  const serverRendered = answersElement !== null && root.firstChild !== null;
  const adapters =
    import.meta.env.MODE === 'fake'
      ? (await import('./fake-adapters')).createFakeAdapters({ cropImages: true })
      : createRealAdapters({ serverAnswers: serverRendered ? readAnswers(answersElement?.textContent) : [] });
  await startShop(root, createContainer(adapters), new URL(window.location.href), serverRendered);
}
