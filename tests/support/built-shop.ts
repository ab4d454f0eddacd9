import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** The page's first script (storefront/src/first-paint.ts, D20), inline: the build puts it first in the head. */
export const FIRST_PAINT = "document.documentElement.dataset.cart='empty'";

/** The built page as `vite build` writes it: the first-paint script, the page's script and the stylesheet in the head, an empty #root. */
export const BUILT_PAGE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <script>${FIRST_PAINT}</script>
    <meta name="description" content="Online shop" />
    <title>Storefront</title>
    <script type="module" crossorigin src="/assets/index-AbCd1234.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/shop-Ef56.js">
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>
`;

/**
 * A built shop in a folder of its own, as `npm run build` lays it out for the servers: the page,
 * the build's manifest (each page's chunk and the chunks it imports; the entry's are in the page
 * already) and a placeholder server entry in `.ssr` (tests hand the real renderer in). Removed by `remove`.
 */
export function writeBuiltShop(): { staticDir: string; remove: () => void } {
  const staticDir = mkdtempSync(path.join(tmpdir(), 'built-shop-'));
  writeFileSync(path.join(staticDir, 'index.html'), BUILT_PAGE);
  mkdirSync(path.join(staticDir, '.vite'));
  writeFileSync(
    path.join(staticDir, '.vite', 'manifest.json'),
    JSON.stringify({
      'index.html': { file: 'assets/index-AbCd1234.js', imports: ['_shop.js'] },
      '_shop.js': { file: 'assets/shop-Ef56.js' },
      '_pages.js': { file: 'assets/catalog-pages-Gh78.js', imports: ['_shop.js'] },
      'storefront/src/views/home/home-page.tsx': { file: 'assets/home-page-Ij90.js', imports: ['_shop.js'] },
      'storefront/src/views/product/product-page.tsx': { file: 'assets/product-page-Kl12.js', imports: ['_shop.js', '_pages.js'] },
    }),
  );
  mkdirSync(path.join(staticDir, '.ssr'));
  writeFileSync(path.join(staticDir, '.ssr', 'entry-server.js'), 'export const renderPage = () => {};\n');
  return { staticDir, remove: () => rmSync(staticDir, { recursive: true, force: true }) };
}
