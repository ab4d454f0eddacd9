import { readAnswers, SERVER_ANSWERS_ELEMENT_ID } from '../adapters/server-render/catalog-answers';
import { nextTask } from '../shell/next-task';
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
  // The adapters, then the container, each in a task of its own: a phone answers a tap between them (D20).
  await nextTask();
  const container = createContainer(adapters);
  await startShop(root, container, new URL(window.location.href), serverRendered);
}
