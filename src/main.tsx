import './views/global.css';

// Composition root for the browser (src/di/browser-shop.ts). A server-rendered page (D17) is
// complete without its scripts: it paints first, then the shop's code loads and hydrates it, so
// the first paint never waits for the scripts nor shares the network with them.
// (A tab opened in the background draws no frame: it starts after a moment all the same.)
await new Promise<void>((resolve) => {
  requestAnimationFrame(() => setTimeout(resolve, 0));
  setTimeout(resolve, 250);
});
// The page's own chunks, as the server names them: fetched beside the shop's code, not after it.
const chunks: unknown = JSON.parse(document.getElementById('shop-chunks')?.textContent ?? '[]');
for (const href of Array.isArray(chunks) ? chunks : []) {
  if (typeof href !== 'string' || !href.startsWith('/assets/')) continue;
  const link = document.createElement('link');
  link.rel = 'modulepreload';
  link.crossOrigin = '';
  link.href = href;
  document.head.append(link);
}
// The libraries first, then the shop's own code: each evaluated in a task of its own, so a phone
// runs two shorter tasks instead of one long one (as src/views/next-task.ts does further on; this
// page script imports nothing of the shop's before it has painted, hence the same wait here).
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));
await import('react-dom/client');
await nextTask();
const { startBrowserShop } = await import('./di/browser-shop');
await nextTask();
await startBrowserShop();
