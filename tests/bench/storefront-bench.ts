/**
 * `npm run bench:storefront` (`npm run bench`, before the scale bench): the storefront tier (D22,
 * `storefront/server/`) on the production build, as `npm run start:storefront` runs it, in front of the
 * built reference API server on PGlite (a fresh DATA_DIR, removed afterwards), both in processes
 * of their own at LOG_LEVEL warn (BENCH_LOG_LEVEL to change it). Two storefronts on the one API:
 *
 * - cached (the defaults): a page is kept while the API's answers it was rendered from are fresh
 *   by the API's own headers (a minute on the reference server);
 * - revalidating (`API_CACHE_MAX_AGE=0`): every page request asks the API again for each answer,
 *   with If-None-Match; all 304, the same page goes out without rendering.
 *
 * First it checks, on the home page, a top-level category's list, a product page (the first of
 * the "popular" collection) and the cart: each rendered on the server with its content (the
 * product's name, the category's, ...), then `X-Storefront-Page: kept` on the cached storefront
 * and `revalidated` on the other. Then:
 *
 * - Throughput: autocannon, BENCH_CONNECTIONS (50) connections for BENCH_SECONDS (10) per route,
 *   with a browser's Accept-Encoding, taking turns with a bare Fastify route in a process of its
 *   own (bench-support.ts, as server-bench.ts): the product page and the category page on each
 *   storefront; req/s, p99 and the share of the bare route.
 * - Lighthouse 12, mobile defaults, Debian's Chromium (CHROMIUM_PATH), on the four routes of the
 *   cached storefront and, taking turns with it, of the reference server's own rendering: the four
 *   category scores, the median of BENCH_LIGHTHOUSE_RUNS (3; 0 skips Lighthouse); a performance
 *   score under 100 is marked, with the audits that did not pass.
 *
 * Figures are printed, never asserted: the bench exits non-zero only when a check above fails or
 * the bench itself does. BENCH_SKIP_BUILD reuses the newest build. The built servers run with
 * the Node flags `npm start` and `npm run start:storefront` give them; startProcess starts every
 * entry with tsx's loader too, which only loads them.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PAGE_SOURCE_HEADER, type PageSource } from '../../storefront/server/storefront-pages';
import { BUILT_SERVER, BUILT_STOREFRONT, productionBuild, SERVER_NODE_FLAGS } from '../support/production-build';
import {
  BROWSER_ENCODINGS,
  loadBeside,
  loadDescription,
  percent,
  root,
  type Running,
  startProcess,
  table,
  type Target,
  thousands,
} from './bench-support';
import { CATEGORIES, lighthouseHeading, lighthouseSkipped, medianOfRuns, runsTakingTurns } from './lighthouse-run';

const LOG_LEVEL = process.env.BENCH_LOG_LEVEL ?? 'warn';
/** `npm run start:storefront`'s Node flag. */
const STOREFRONT_NODE_FLAGS = ['--enable-source-maps'];

interface Storefront extends Running {
  name: 'cached' | 'revalidating';
  /** What a second request for a page must say it was. */
  again: PageSource;
}

interface Route {
  name: string;
  path: string;
  /** What the server's HTML must hold, as it is written there (escaped). */
  content: string[];
}

/** Text as React writes it into HTML. */
const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#x27;');

/** A built server in a process of its own, with `flags` as its Node flags. */
function startBuilt(file: string, flags: string[], env: Record<string, string>, readyPath: string): Promise<Running> {
  const nodeOptions = [process.env.NODE_OPTIONS, ...flags].filter(Boolean).join(' ');
  return startProcess(path.relative(root, file), { NODE_OPTIONS: nodeOptions, LOG_LEVEL, ...env }, readyPath);
}

// ---------------------------------------------------------------------------------------------
// The routes, and what each must show

async function routes(api: Running): Promise<Route[]> {
  const categories = (await (await fetch(`${api.url}/api/Category`)).json()) as Array<{
    categoryId: number;
    categoryName: string;
    parentCategoryId: number | null;
  }>;
  const category = categories.find((entry) => entry.parentCategoryId === null) ?? categories[0];
  const popular = (await (
    await fetch(`${api.url}/api/product`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ collection: 'popular' }),
    })
  ).json()) as Array<{ _id: string; prodName: string }>;
  const product = popular[0];
  if (!category || !product) throw new Error('The API has no category or no popular product: is the demo catalogue seeded?');
  // Every rendered page carries the API's answers it was rendered from (architecture.md, D17).
  const rendered = 'id="shop-answers"';
  return [
    { name: 'home', path: '/', content: [rendered, escapeHtml(product.prodName)] },
    {
      name: 'product list',
      path: `/productlist/${category.categoryId}`,
      content: [rendered, `<title>${escapeHtml(category.categoryName)} | Storefront</title>`, 'href="/product/'],
    },
    {
      name: 'product',
      path: `/product/${encodeURIComponent(product._id)}`,
      content: [rendered, `<title>${escapeHtml(product.prodName)} | Storefront</title>`],
    },
    { name: 'cart', path: '/cart', content: [rendered, '<title>Cart | Storefront</title>', 'Order Summary'] },
  ];
}

const label = (route: Route) => `${route.name} (${route.path.replace(/\/product\/.+$/, '/product/{id}')})`;

/**
 * Each route twice on each storefront: the first answer rendered on the server with the route's
 * content, the second `kept` (cached) or `revalidated`. Returns what failed.
 */
async function check(storefronts: Storefront[], pages: Route[]): Promise<string[]> {
  const failures: string[] = [];
  const rows = [['route', ...storefronts.map((storefront) => `${storefront.name}: 1st, 2nd request`), 'HTML bytes', 'content']];
  for (const route of pages) {
    const row = [label(route)];
    let bytes = 0;
    let content = 'ok';
    for (const storefront of storefronts) {
      const sources: string[] = [];
      for (const attempt of ['first', 'second'] as const) {
        const answer = await fetch(storefront.url + route.path);
        const html = await answer.text();
        const source = answer.headers.get(PAGE_SOURCE_HEADER) ?? '(none)';
        sources.push(`${answer.status} ${source}`);
        const where = `${storefront.name} storefront, ${label(route)}, ${attempt} request`;
        if (answer.status !== 200) failures.push(`${where}: status ${answer.status}`);
        if (attempt === 'first') {
          bytes = Buffer.byteLength(html);
          // Rendered now, or kept from a render: not the page for the browser to render, nor a fallback.
          if (source !== 'rendered' && source !== 'kept')
            failures.push(`${where}: ${PAGE_SOURCE_HEADER} ${source}, not rendered on the server`);
          const missing = route.content.filter((text) => !html.includes(text));
          if (missing.length > 0) {
            content = 'MISSING';
            failures.push(`${where}: the HTML lacks ${missing.map((text) => JSON.stringify(text)).join(', ')}`);
          }
        } else if (source !== storefront.again) {
          failures.push(`${where}: ${PAGE_SOURCE_HEADER} ${source}, expected ${storefront.again}`);
        }
      }
      row.push(sources.join(', '));
    }
    rows.push([...row, thousands(bytes), content]);
  }
  console.log(`\nThe pages, as each storefront sends them (${PAGE_SOURCE_HEADER}):`);
  console.log(table(rows));
  return failures;
}

// ---------------------------------------------------------------------------------------------
// Throughput

async function throughput(storefronts: Storefront[], pages: Route[], bare: Running): Promise<void> {
  const bareTarget: Target = { name: 'bare Fastify GET /', url: `${bare.url}/` };
  const measured = ['product', 'product list'].flatMap((name) => pages.filter((route) => route.name === name));
  const rows = [
    [
      'storefront',
      'page',
      'req/s',
      'bare req/s beside it',
      'share (median slice)',
      'p50 ms',
      'p99 ms',
      'bytes/answer on the wire',
      'non-2xx/errors',
      `${PAGE_SOURCE_HEADER} right after`,
    ],
  ];
  for (const storefront of storefronts) {
    for (const route of measured) {
      const result = await loadBeside({ name: label(route), url: storefront.url + route.path }, bareTarget);
      const after = await fetch(storefront.url + route.path);
      await after.arrayBuffer();
      rows.push([
        storefront.name,
        label(route),
        thousands(result.route.rps),
        thousands(result.bare.rps),
        percent(result.share),
        String(result.route.p50),
        String(result.route.p99),
        thousands(result.route.wireBytes),
        String(result.route.failures + result.bare.failures),
        after.headers.get(PAGE_SOURCE_HEADER) ?? '(none)',
      ]);
    }
  }
  console.log(`\nThroughput: ${loadDescription('page')} (share: the median slice), Accept-Encoding: ${BROWSER_ENCODINGS}`);
  console.log(table(rows));
}

// ---------------------------------------------------------------------------------------------
// Lighthouse

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/**
 * Lighthouse on each page of each server, the runs of one page taking turns between the servers
 * (the machine's noise falls on both alike): the storefront tier beside the reference server's own
 * rendering of the same page, in the same run.
 */
async function lighthouse(servers: ReadonlyArray<{ name: string; url: string }>, pages: Route[]): Promise<void> {
  if (lighthouseSkipped()) return;
  const rows = [
    ['page', 'server', 'performance', 'accessibility', 'best practices', 'SEO', 'FCP', 'LCP', 'TBT', 'CLS', 'performance per run'],
  ];
  const short: string[] = [];
  const below: string[] = [];
  for (const route of pages) {
    const reports = await runsTakingTurns(servers.map((server) => server.url + route.path));
    for (const [index, server] of servers.entries()) {
      const runs = reports[index] ?? [];
      const name = `${label(route)} on ${server.name}`;
      const { scores, of, failing } = medianOfRuns(runs);
      if (scores.performance < 100) below.push(`${name}: ${scores.performance}`);
      rows.push([
        label(route),
        server.name,
        scores.performance < 100 ? `${scores.performance} (BELOW 100)` : String(scores.performance),
        ...CATEGORIES.slice(1).map((category) => String(scores[category])),
        seconds(of((r) => r.fcp)),
        seconds(of((r) => r.lcp)),
        `${Math.round(of((r) => r.tbt))} ms`,
        of((r) => r.cls).toFixed(3),
        runs.map((r) => r.scores.performance).join(', '),
      ]);
      for (const category of CATEGORIES) {
        if (scores[category] < 100) short.push(`${name}, ${category}: ${failing(category)}`);
      }
    }
  }
  console.log(lighthouseHeading());
  console.log(table(rows));
  console.log(
    below.length === 0
      ? '\nPerformance 100 on every page.'
      : `\nPerformance below 100 on ${below.length} of ${pages.length * servers.length} pages: ${below.join('; ')}.`,
  );
  if (short.length > 0) console.log(`\nAudits that did not pass:\n  ${short.join('\n  ')}`);
}

// ---------------------------------------------------------------------------------------------

async function main(): Promise<void> {
  const buildDir = productionBuild('bench-builds', Boolean(process.env.BENCH_SKIP_BUILD));
  const dataDir = mkdtempSync(path.join(tmpdir(), 'storefront-tier-bench-'));
  console.log(
    `Storefront bench: the build in ${path.relative(root, buildDir)}; the storefront tier (${BUILT_STOREFRONT}) in front of` +
      ` the reference API (${BUILT_SERVER}, PGlite); LOG_LEVEL ${LOG_LEVEL}.`,
  );
  // Everything started, stopped last first whatever happens.
  const started: Running[] = [];
  try {
    const api = await startBuilt(
      path.join(buildDir, BUILT_SERVER),
      SERVER_NODE_FLAGS,
      { HOST: '127.0.0.1', DATA_DIR: dataDir, STATIC_DIR: buildDir },
      '/api/category',
    );
    started.push(api);
    const storefronts: Storefront[] = [];
    for (const [name, again, env] of [
      ['cached', 'kept', {}],
      ['revalidating', 'revalidated', { API_CACHE_MAX_AGE: '0' }],
    ] as const) {
      const running = await startBuilt(
        path.join(buildDir, BUILT_STOREFRONT),
        STOREFRONT_NODE_FLAGS,
        { API_URL: api.url, HOST: '127.0.0.1', STATIC_DIR: buildDir, ...env },
        '/robots.txt',
      );
      started.push(running);
      storefronts.push({ ...running, name, again });
    }
    const pages = await routes(api);
    const failures = await check(storefronts, pages);
    if (failures.length > 0) {
      console.error(`\nThe storefront does not serve its pages as it should; nothing measured:\n  ${failures.join('\n  ')}`);
      process.exitCode = 1;
      return;
    }
    console.log('\nEvery page rendered on the server with its content, then kept (cached) and revalidated (revalidating).');
    const bare = await startProcess('tests/bench/bare-server.ts', {}, '/');
    started.push(bare);
    await throughput(storefronts, pages, bare);
    const cached = storefronts.find((storefront) => storefront.name === 'cached');
    if (cached) {
      await lighthouse(
        [
          { name: 'the storefront tier (cached)', url: cached.url },
          { name: 'the reference server (one process)', url: api.url },
        ],
        pages,
      );
    }
  } finally {
    for (const running of started.reverse()) await running.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error('The storefront bench failed:', error);
  process.exitCode = 1;
});
