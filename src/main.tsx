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
await (await import('./di/browser-shop')).startBrowserShop();
