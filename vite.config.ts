import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { constants as zlibConstants } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, minify, type Plugin, type ProxyOptions, transformWithOxc } from 'vite';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';

/**
 * The libraries every page needs at start (node_modules/<name>/), in one file: the page's script
 * runs it in a task of its own, then the shop's own code in another (storefront/src/shell/main.tsx, `shop-start`).
 * More files would make shorter tasks (React's alone is about half), but brotli compresses the
 * libraries better together: four files cost 2.5 KiB more on the first visit (docs/performance.md).
 */
const FRAMEWORK: ReadonlyArray<[chunk: string, modules: RegExp]> = [
  [
    'framework',
    /[\\/]node_modules[\\/](preact|react|react-dom|scheduler|react-router|react-router-dom|mobx|mobx-react-lite|inversify|@inversifyjs[\\/][^\\/]+|reflect-metadata|zod|jwt-decode)[\\/]/,
  ],
];

interface ModuleGraph {
  getModuleInfo(id: string): { isEntry: boolean; importers: readonly string[] } | null;
}

/** What storefront/src/shell/main.tsx loads once the page has painted: the rest of the first visit's code, with what it imports. */
const STARTS_THE_SHOP = /[\\/]src[\\/]di[\\/]browser-shop\.ts$/;

/**
 * The product pictures' srcset helper and the link rule it uses: nearly every page shows product
 * pictures, so they go with the shop's own code instead of a file of their own (half a kilobyte,
 * a request, and an import in each page's chunk).
 */
const PICTURE_SOURCES = /[\\/]src[\\/](views[\\/]shared[\\/]picture-sources|domain[\\/]product-picture)\.ts$/;

/** Whether the entry (or the shop's start) imports `id` statically (directly or through other static imports). */
function loadedAtStart(id: string, graph: ModuleGraph, known = new Map<string, boolean>(), visiting = new Set<string>()): boolean {
  const cached = known.get(id);
  if (cached !== undefined) return cached;
  const info = graph.getModuleInfo(id);
  if (!info || visiting.has(id)) return false;
  visiting.add(id);
  const result =
    info.isEntry || STARTS_THE_SHOP.test(id) || info.importers.some((importer) => loadedAtStart(importer, graph, known, visiting));
  visiting.delete(id);
  if (visiting.size === 0 || result) known.set(id, result);
  return result;
}

let atStart = new Map<string, boolean>();
let graphSeen: ModuleGraph | undefined;

/** The chunk of a module loaded on the first visit: 'framework', 'shop' or 'preload'; others are left to the bundler. */
function firstVisitChunk(id: string, graph: ModuleGraph): string | null {
  if (graph !== graphSeen) {
    graphSeen = graph;
    atStart = new Map();
  }
  // The page's script (imported by index.html) keeps its own chunk, the manifest's entry; what
  // it imports at start is grouped.
  const info = graph.getModuleInfo(id);
  if (!info || info.isEntry || info.importers.some((importer) => importer.endsWith('.html'))) return null;
  // Vite's dynamic-import preloader and the bundler's runtime, which the page's small script uses
  // too: a chunk of their own, so that script loads nothing else before the page has painted
  // (storefront/src/shell/main.tsx).
  if (id.includes('preload-helper') || id.includes('rolldown/runtime')) return 'preload';
  // Stylesheets are one file of their own (cssCodeSplit: false), wherever their module goes.
  if (/\.css(\?|$)/.test(id)) return null;
  if (PICTURE_SOURCES.test(id)) return 'shop';
  if (!loadedAtStart(id, graph, atStart)) return null;
  const group = FRAMEWORK.find(([, modules]) => modules.test(id));
  if (group) return group[0];
  return id.includes('/node_modules/') ? null : 'shop';
}

/** The name of the plugin below, which .storybook/main.ts also names to leave it out. */
const BROWSER_RENDERER = 'browser-renderer-preact';
const PREACT_CLIENT = fileURLToPath(new URL('storefront/src/shell/preact-client.ts', import.meta.url));

/**
 * The browser's build of the shop renders with Preact's React-compatible layer instead of React
 * (issue 26, D20): the same components, with the libraries' file half as large, so a phone compiles
 * and runs much less before the server's page is live. The server renders with React (its HTML is
 * what Preact hydrates), and development, the unit tests and Storybook keep React; the journeys
 * run this build (docs/architecture.md, "One renderer in the browser's build").
 */
function browserRenderer(): Plugin {
  return {
    name: BROWSER_RENDERER,
    config: (_config, env) =>
      env.command === 'build' && !env.isSsrBuild
        ? {
            resolve: {
              alias: [
                { find: /^react$/, replacement: 'preact/compat' },
                { find: /^react-dom$/, replacement: 'preact/compat' },
                // Preact's roots, with the server's ids made Preact's on hydration (the file says why).
                { find: /^react-dom\/client$/, replacement: PREACT_CLIENT },
                { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
                { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/jsx-runtime' },
              ],
            },
          }
        : undefined,
  };
}

/** The shop's page (Storybook's pages and any other are left alone). */
const SHOP_PAGE = fileURLToPath(new URL('index.html', import.meta.url));

/** Where the page's first script goes: right after the charset, before any stylesheet or module. */
const CHARSET = '<meta charset="UTF-8" />';

/**
 * storefront/src/first-paint.ts (D20) inlined as the page's first script, minified: it must run before the
 * first paint, so it is neither a request nor a module. The server allows it by its hash
 * (api/src/pages/page-policy.ts).
 */
function firstPaintScript(): Plugin {
  const file = fileURLToPath(new URL('storefront/src/first-paint.ts', import.meta.url));
  return {
    name: 'first-paint-script',
    async transformIndexHtml(html, context) {
      if (context.filename !== SHOP_PAGE) return html;
      if (!html.includes(CHARSET)) throw new Error(`index.html has no ${CHARSET}`);
      const { code } = await transformWithOxc(readFileSync(file, 'utf8'), file, { lang: 'ts' });
      const script = `(()=>{${code.replace(/^export /m, '')}\nfirstPaint(window)})()`;
      const { code: minified } = await minify('first-paint.js', script, { compress: true, mangle: true });
      return html.replace(CHARSET, `${CHARSET}\n    <script>${minified.trim()}</script>`);
    },
  };
}

/**
 * The shop's start, file by file in the order they depend on each other (the libraries, then the
 * shop's own code), as a JSON element of the built page: storefront/src/shell/main.tsx runs one a task (D20).
 */
function shopStartOrder(): Plugin {
  return {
    name: 'shop-start-order',
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        const bundle = context.bundle;
        if (!bundle || context.filename !== SHOP_PAGE) return html;
        const chunks = new Map(Object.values(bundle).flatMap((file) => (file.type === 'chunk' ? [[file.fileName, file] as const] : [])));
        const start = [...chunks.values()].find((chunk) => chunk.facadeModuleId !== null && STARTS_THE_SHOP.test(chunk.facadeModuleId));
        if (!start) throw new Error('The build has no chunk for storefront/src/di/browser-shop.ts');
        const order: string[] = [];
        const visit = (fileName: string) => {
          if (order.includes(fileName)) return;
          for (const imported of chunks.get(fileName)?.imports ?? []) visit(imported);
          order.push(fileName);
        };
        for (const imported of start.imports) visit(imported);
        const files = JSON.stringify(order.map((fileName) => `/${fileName}`));
        return html.replace('</body>', `  <script type="application/json" id="shop-start">${files}</script>\n  </body>`);
      },
    },
  };
}

/**
 * `npm run dev`: where Vite forwards the API's paths: `API_PROXY_TARGET` when set, else the API on
 * this machine at its own `PORT` (default 5000), the one `npm run dev` starts.
 */
const apiTarget = process.env.API_PROXY_TARGET ?? `http://127.0.0.1:${process.env.PORT || '5000'}`;

/**
 * While the API is not up (still starting, restarting after a change, or stopped), a call answers
 * as the API answers its errors (`{ success: false, message }`, 503 with `Retry-After`) and says
 * where the API was expected, instead of Vite's bare 502. Vite still logs the error.
 */
const answerWhileApiIsDown: NonNullable<ProxyOptions['configure']> = (proxy) => {
  proxy.on('error', (error, _request, response) => {
    if (!('req' in response) || response.headersSent) return; // a WebSocket, or an answer under way: Vite ends it
    const refused = (error as NodeJS.ErrnoException).code === 'ECONNREFUSED';
    const message = refused
      ? `The API is not running on ${apiTarget}. Start it (npm run dev starts it with Vite), or set API_PROXY_TARGET to where it runs.`
      : `The API on ${apiTarget} did not answer (${error.message}).`;
    response
      .writeHead(503, { 'content-type': 'application/json; charset=utf-8', 'retry-after': '2' })
      .end(JSON.stringify({ success: false, message }));
  });
};

export default defineConfig(({ command, isSsrBuild = false }) => ({
  // The server renderer's build holds the libraries it renders with, in their production builds:
  // the server (`npm start`) runs without NODE_ENV=production unless the deployment sets it
  // (api/src/config.ts), and Node would load React's and MobX's development builds, which check and
  // warn as they render (a list page rendered uncached: median 31 ms before, 26 ms after, on PGlite).
  // `npm run dev` renders with the libraries as they are.
  ...(command === 'build' && isSsrBuild
    ? { ssr: { noExternal: true }, define: { 'process.env.NODE_ENV': JSON.stringify('production') } }
    : {}),
  plugins: [
    react(),
    browserRenderer(),
    firstPaintScript(),
    shopStartOrder(),
    // Brotli and gzip copies beside each built text file (x.js.br, x.js.gz), made once here at the
    // strongest settings, so the server sends them without compressing per request
    // (@fastify/static `preCompressed`, api/src/app.ts). Source maps are not served at all.
    // (The server renderer, `--ssr`, is read from disk by the server: nothing to compress.)
    ...(isSsrBuild
      ? []
      : [
          compression({
            algorithms: [
              defineAlgorithm('brotliCompress', { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11 } }),
              defineAlgorithm('gzip', { level: 9 }),
            ],
            exclude: [/\.map$/],
            // Down to half a kilobyte: the page's own small script and the bundler's runtime come compressed too.
            threshold: 512,
            logLevel: 'silent',
          }),
        ]),
  ],
  // The manifest lets `npm run bench` weigh each route's first visit.
  // 'hidden': maps are written for debugging but not referenced, and the API refuses to serve them.
  build: isSsrBuild
    ? {
        // `npm run build`'s second step: storefront/src/shell/entry-server.tsx for the server (D17), into the built
        // shop's `.ssr/` (a dot folder, never served), one file with the libraries in it (`ssr` above).
        outDir: 'dist/.ssr',
        sourcemap: 'hidden',
        rolldownOptions: { output: { codeSplitting: false } },
      }
    : {
        outDir: 'dist',
        sourcemap: 'hidden',
        manifest: true,
        // Every browser the shop supports preloads modules itself: no polyfill in the page's script.
        modulePreload: { polyfill: false },
        // One stylesheet in the page's head: a server-rendered page is styled before any script runs,
        // the parts its scripts load later (the gallery) included.
        cssCodeSplit: false,
        rolldownOptions: {
          // No notice that the build's callbacks take seconds: the brotli copies at quality 11 do, by
          // choice (above). `npm run build` prints warnings and errors only (`--logLevel warn`).
          checks: { bundlerTimings: false },
          output: {
            // The first visit's code in two files instead of a dozen small ones (each compressed
            // alone, each a request): the libraries every page needs, and the shop's own code that
            // the entry imports. What only a lazily loaded page uses stays in that page's chunk.
            codeSplitting: { groups: [{ name: firstVisitChunk, debugName: 'first visit' }] },
          },
        },
      },
  server: {
    // `npm run dev -- --port N` or `vite --port N` choose another.
    port: 5173,
    // `npm run dev`: the SPA on Vite, the API (and its socket) behind it on the same origin.
    proxy: {
      '/api': { target: apiTarget, changeOrigin: true, configure: answerWhileApiIsDown },
      '/images': { target: apiTarget, changeOrigin: true, configure: answerWhileApiIsDown },
      '/socket.io': { target: apiTarget, ws: true },
    },
  },
}));
