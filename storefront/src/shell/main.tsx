import '../views/global.css';

// Composition root for the browser (storefront/src/di/browser-shop.ts). A server-rendered page (D17) is
// complete without its scripts: it paints first, then the shop's code loads and hydrates it, so
// the first paint never waits for the scripts nor shares the network with them.
// (A tab opened in the background draws no frame: it starts after a moment all the same.)
await new Promise<void>((resolve) => {
  requestAnimationFrame(() => setTimeout(resolve, 0));
  setTimeout(resolve, 250);
});
/** A list of the shop's built files carried by the page (a JSON element), or none. */
function filesIn(id: string): string[] {
  const list: unknown = JSON.parse(document.getElementById(id)?.textContent ?? '[]');
  return Array.isArray(list) ? list.filter((href): href is string => typeof href === 'string' && href.startsWith('/assets/')) : [];
}
// The shop's start (`shop-start`: the libraries, then the shop's own code, in the order they depend
// on each other; vite.config.ts) and the page's own chunks as the server names them
// (`shop-chunks`): all fetched at once, beside each other, not one after another.
const start = filesIn('shop-start');
for (const href of [...start, ...filesIn('shop-chunks')]) {
  const link = document.createElement('link');
  link.rel = 'modulepreload';
  link.crossOrigin = '';
  link.href = href;
  document.head.append(link);
}
// Then each start file is compiled and evaluated in a task of its own, in that order, so a phone
// answers a tap between them (D20) instead of after one long task (as storefront/src/shell/next-task.ts does
// further on; this page script imports nothing of the shop's before it has painted, hence the
// same wait here).
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));
for (const href of start) {
  await import(/* @vite-ignore */ href);
  await nextTask();
}
const { startBrowserShop } = await import('../di/browser-shop');
await nextTask();
await startBrowserShop();
