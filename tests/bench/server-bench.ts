/**
 * `npm run bench`, after the domain benchmarks: the goals of issues 14 and 15, measured on the
 * production build served by the real server (`api/src/main.ts`, as `npm start` runs it), once on PGlite
 * and once on PostgreSQL when one is reachable (DATABASE_URL, else the local test database; a
 * fresh schema, dropped afterwards). Prints every figure and exits non-zero when a goal is
 * missed (docs/performance.md).
 *
 * - Throughput: autocannon, BENCH_CONNECTIONS (50) connections for BENCH_SECONDS (10) per route,
 *   with a browser's Accept-Encoding, taking turns with a bare Fastify route in a process of its
 *   own: the catalogue routes on each database, and the server-rendered pages `/` and
 *   `/product/{id}` on PGlite. The large answers (the whole catalogue, the home page) are also
 *   sent byte for byte by a bare route beside it: the share their bytes alone allow here.
 * - Bytes on the wire: per answer (status line, headers, body) and per route's first visit.
 * - Headers: compression, caching, ETag and 304 of the files and catalogue answers.
 * - Lighthouse 12, mobile defaults, Debian's Chromium (CHROMIUM_PATH): the performance,
 *   accessibility, best-practices and SEO scores, FCP, LCP, TBT, CLS and bytes of the home page, a
 *   top-level category's list, a product page and the cart, the median of BENCH_LIGHTHOUSE_RUNS
 *   (3; 0 skips Lighthouse); a run Lighthouse could not trace is run again.
 *
 * BENCH_SKIP_BUILD reuses the newest build; BENCH_LOG_LEVEL sets the servers' LOG_LEVEL (the
 * server's default, info, otherwise).
 */
import { request as httpRequest } from 'node:http';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { productionBuild } from '../support/production-build';
import { answers, reachablePostgres } from '../support/reachable-postgres';
import {
  BROWSER_ENCODINGS,
  type Goal,
  kib,
  KiB,
  loadBeside,
  loadDescription,
  percent,
  requestHeaders,
  root,
  type Running,
  startProcess,
  table,
  type Target,
  thousands,
} from './bench-support';
import { CATEGORIES, type Category, lighthouseHeading, lighthouseSkipped, medianOfRuns, runsTakingTurns } from './lighthouse-run';

interface IssueGoal extends Goal {
  issue: 14 | 15;
  /** The issue's "now" column, where it has one. */
  before: string;
}

const goals: IssueGoal[] = [];
/** The share of a bare Fastify route each route must reach: the catalogue (issue 14), the rendered pages (issue 15). */
const THROUGHPUT_GOALS: Array<{ route: string; issue: 14 | 15; goal: number; before: Record<string, string> }> = [
  { route: 'GET /api/Category', issue: 14, goal: 0.5, before: { PGlite: '934 req/s = 4.0%', PostgreSQL: '2.9k req/s' } },
  { route: 'GET /api/product/{id}', issue: 14, goal: 0.5, before: { PGlite: '857 req/s = 3.7%', PostgreSQL: '2.5k req/s' } },
  { route: 'POST /api/product {}', issue: 14, goal: 0.25, before: { PGlite: '322 req/s = 1.4%', PostgreSQL: '0.67k req/s' } },
  { route: 'GET / (rendered page)', issue: 15, goal: 0.25, before: { PGlite: 'not rendered on the server' } },
  { route: 'GET /product/{id} (rendered page)', issue: 15, goal: 0.25, before: { PGlite: 'not rendered on the server' } },
];

async function throughput(engine: string, server: Running, bare: Running, productId: string): Promise<void> {
  // `sameBytes`: a large answer, also measured against a bare route sending the same bytes.
  const targets: Array<Target & { sameBytes?: boolean }> = [
    { name: 'GET /api/Category', url: `${server.url}/api/Category` },
    { name: 'GET /api/product/{id}', url: `${server.url}/api/product/${productId}` },
    { name: 'POST /api/product {}', url: `${server.url}/api/product`, method: 'POST', body: '{}', sameBytes: true },
    // The HTML of the server-rendered pages (D17), kept per catalogue version: the same on either database.
    ...(engine === 'PGlite'
      ? [
          { name: 'GET / (rendered page)', url: `${server.url}/`, sameBytes: true },
          { name: 'GET /product/{id} (rendered page)', url: `${server.url}/product/${productId}` },
        ]
      : []),
  ];
  const bareTarget: Target = { name: 'bare Fastify GET /', url: `${bare.url}/` };
  const sameBytesTarget: Target = { name: 'bare Fastify, the same bytes', url: `${bare.url}/same-bytes` };
  const rows = [
    [
      'route',
      'req/s',
      'bare req/s beside it',
      'share (median slice)',
      'bytes/answer on the wire',
      'p99 ms',
      'non-2xx/errors',
      'bare route sending the same answer: share',
    ],
  ];
  for (const target of targets) {
    const result = await loadBeside(target, bareTarget);
    const { share } = result;
    rows.push([
      target.name,
      thousands(result.route.rps),
      thousands(result.bare.rps),
      percent(share),
      thousands(result.route.wireBytes),
      String(result.route.p99),
      String(result.route.failures + result.bare.failures),
      target.sameBytes ? await sameBytesShare(target, bare, sameBytesTarget, bareTarget) : '',
    ]);
    const goal = THROUGHPUT_GOALS.find((entry) => entry.route === target.name);
    if (!goal) continue;
    goals.push({
      issue: goal.issue,
      what: `${target.name} on ${engine}`,
      before: goal.before[engine] ?? '',
      measured: `${percent(share)}: ${thousands(result.route.rps)} req/s, bare ${thousands(result.bare.rps)}`,
      goal: `>= ${percent(goal.goal)}`,
      met: share >= goal.goal && result.route.failures === 0,
    });
  }
  console.log(`\n${engine}: ${loadDescription('route')} (share: the median slice), Accept-Encoding: ${BROWSER_ENCODINGS}`);
  console.log(table(rows));
}

/**
 * What a bare Fastify route sending `target`'s answer, byte for byte (compressed as a browser
 * asks), reaches beside the bare route: how much of a large answer's share is the cost of its
 * bytes here (writing them, and the load generator reading them), whoever made them.
 */
async function sameBytesShare(target: Target, bare: Running, sameBytes: Target, bareTarget: Target): Promise<string> {
  const answer = await rawAnswer(target);
  const stored = await fetch(`${bare.url}/same-bytes`, {
    method: 'PUT',
    headers: { 'content-type': 'application/octet-stream', 'x-stored-type': answer.type, 'x-stored-encoding': answer.encoding },
    body: new Uint8Array(answer.body),
  });
  if (!stored.ok) throw new Error(`The bare route did not take the answer of ${target.name}: ${stored.status}`);
  const result = await loadBeside(sameBytes, bareTarget);
  return `${percent(result.share)} (${thousands(result.route.rps)} req/s)`;
}

/** An answer's body as sent (fetch would decompress it), with its type and encoding. */
function rawAnswer(target: Target): Promise<{ body: Buffer; type: string; encoding: string }> {
  return new Promise((resolve, reject) => {
    const sent = httpRequest(
      target.url,
      {
        method: target.method ?? 'GET',
        headers: requestHeaders(target),
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            body: Buffer.concat(chunks),
            type: String(response.headers['content-type'] ?? ''),
            encoding: String(response.headers['content-encoding'] ?? ''),
          }),
        );
        response.on('error', reject);
      },
    );
    sent.on('error', reject);
    sent.end(target.body);
  });
}

// ---------------------------------------------------------------------------------------------
// Headers and bytes

interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
}

/**
 * What every first visit loads: the page's script (index.html) and, once the page has painted,
 * the shop's start (storefront/src/shell/main.tsx imports it then) with what it imports.
 */
const FIRST_VISIT = ['index.html', 'storefront/src/di/browser-shop.ts'];

/** The JavaScript and CSS files of a route's first visit: the entry, the route's lazy chunk, and what they import. */
function firstVisitFiles(manifest: Record<string, ManifestChunk>, keys: string[]): Set<string> {
  const seen = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || seen.has(chunk.file)) return;
    seen.add(chunk.file);
    for (const css of chunk.css ?? []) seen.add(css);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  keys.forEach(visit);
  // The one stylesheet (no CSS split, vite.config.ts) is linked by every page.
  for (const chunk of Object.values(manifest)) if (chunk.file.endsWith('.css')) seen.add(chunk.file);
  return seen;
}

async function wireSize(url: string): Promise<number> {
  const answer = await fetch(url, { headers: { 'accept-encoding': BROWSER_ENCODINGS } });
  const bytes = Number(answer.headers.get('content-length') ?? (await answer.clone().arrayBuffer()).byteLength);
  await answer.arrayBuffer();
  return bytes;
}

async function staticFiles(server: Running, buildDir: string): Promise<void> {
  const manifest = JSON.parse(readFileSync(path.join(buildDir, '.vite/manifest.json'), 'utf8')) as Record<string, ManifestChunk>;
  // The largest script of the first visit (the entry itself is a few hundred bytes since the
  // first visit's code is grouped into chunks of its own, vite.config.ts).
  const scripts = [...firstVisitFiles(manifest, FIRST_VISIT)]
    .filter((file) => file.endsWith('.js'))
    .map((file) => ({ file, size: statSync(path.join(buildDir, file)).size }));
  const main = scripts.sort((a, b) => b.size - a.size)[0]?.file ?? '';
  const mainUrl = `${server.url}/${main}`;
  const brotli = await fetch(mainUrl, { headers: { 'accept-encoding': 'br' } });
  const gzip = await fetch(mainUrl, { headers: { 'accept-encoding': 'gzip' } });
  const plainSize = readFileSync(path.join(buildDir, main)).length;
  await Promise.all([brotli.arrayBuffer(), gzip.arrayBuffer()]);
  const compressed = brotli.headers.get('content-encoding') === 'br' && gzip.headers.get('content-encoding') === 'gzip';
  const vary = [brotli, gzip].every((answer) => /accept-encoding/i.test(answer.headers.get('vary') ?? ''));
  goals.push({
    issue: 14,
    what: `largest JS chunk of the first visit (${main})`,
    before: '528 KB sent uncompressed',
    measured: `${kib(plainSize)}: br ${kib(Number(brotli.headers.get('content-length')))}, gzip ${kib(Number(gzip.headers.get('content-length')))}${vary ? ', Vary' : ', no Vary'}`,
    goal: 'brotli and gzip, with Vary',
    met: compressed && vary,
  });

  const cacheOf = async (url: string) => {
    const answer = await fetch(server.url + url);
    await answer.arrayBuffer();
    return answer.headers.get('cache-control') ?? '(none)';
  };
  const assetCache = await cacheOf(`/${main}`);
  goals.push({
    issue: 14,
    what: 'hashed assets (/assets/*)',
    before: 'public, max-age=0',
    measured: assetCache,
    goal: 'max-age=31536000, immutable',
    met: /max-age=31536000/.test(assetCache) && /immutable/.test(assetCache),
  });
  const pages = await Promise.all(['/', '/index.html', '/productlist/1', '/profile'].map(cacheOf));
  goals.push({
    issue: 14,
    what: 'index.html and the SPA fallback',
    before: 'public, max-age=0',
    measured: [...new Set(pages)].join(' | '),
    goal: 'no-cache',
    met: pages.every((value) => value === 'no-cache'),
  });

  // The page weight of each route's first visit, as the server sends it (folds in the former page-weight.ts).
  const routes: Record<string, string> = {
    '/': 'storefront/src/views/home/home-page.tsx',
    '/productlist/{catId}': 'storefront/src/views/catalog/product-list-page.tsx',
    '/product/{id}': 'storefront/src/views/product/product-page.tsx',
    '/cart': 'storefront/src/views/cart/cart-page.tsx',
    '/authpopup': 'storefront/src/views/auth/auth-popup-page.tsx',
    '/profile': 'storefront/src/views/profile/profile-page.tsx',
    '/check-out': 'storefront/src/views/checkout/checkout-page.tsx',
  };
  const rows = [['route (first visit)', 'JS on the wire', 'CSS on the wire']];
  let homeJs = 0;
  for (const [route, source] of Object.entries(routes)) {
    let js = 0;
    let css = 0;
    for (const file of firstVisitFiles(manifest, [...FIRST_VISIT, source])) {
      const bytes = await wireSize(`${server.url}/${file}`);
      if (file.endsWith('.css')) css += bytes;
      else js += bytes;
    }
    if (route === '/') homeJs = js;
    rows.push([route, kib(js), kib(css)]);
  }
  console.log(`\nPage weight (the build's manifest; each file as the server sends it to ${BROWSER_ENCODINGS}):`);
  console.log(table(rows));
  goals.push({
    issue: 14,
    what: 'home: JS over the wire',
    before: '528 KB (one chunk, uncompressed)',
    measured: kib(homeJs),
    goal: '<= 120 KiB',
    met: homeJs <= 120 * KiB,
  });
}

async function catalogueCaching(server: Running, productId: string): Promise<void> {
  const routes: Array<{ path: string; method?: string; body?: string }> = [
    { path: '/api/Category' },
    { path: `/api/product/${productId}` },
    { path: '/api/product', method: 'POST', body: '{}' },
    { path: '/api/address/countries' },
    { path: '/api/address/submunicipalities/34' },
  ];
  const findings: string[] = [];
  let met = true;
  for (const route of routes) {
    const init = {
      method: route.method ?? 'GET',
      ...(route.body === undefined ? {} : { body: route.body, headers: { 'content-type': 'application/json' } }),
    };
    const first = await fetch(server.url + route.path, init);
    await first.arrayBuffer();
    const etag = first.headers.get('etag');
    const cacheControl = first.headers.get('cache-control');
    const again = await fetch(server.url + route.path, { ...init, headers: { ...init.headers, 'if-none-match': etag ?? '' } });
    await again.arrayBuffer();
    const ok = Boolean(etag) && Boolean(cacheControl) && again.status === 304;
    met &&= ok;
    findings.push(
      `${route.method ?? 'GET'} ${route.path.replace(productId, '{id}')}: ${again.status} (${cacheControl ?? 'no Cache-Control'})`,
    );
  }
  console.log(`\nCatalogue answers revalidated with their ETag:\n  ${findings.join('\n  ')}`);
  goals.push({
    issue: 14,
    what: 'catalogue answers: ETag, If-None-Match, Cache-Control',
    before: 'no ETag, no Cache-Control',
    measured: met ? '304 on every route, Cache-Control set' : 'see above',
    goal: 'ETag + If-None-Match -> 304; Cache-Control',
    met,
  });
}

// ---------------------------------------------------------------------------------------------
// Lighthouse

/** Issue 15's goals: each score's median, per route. */
const SCORE_GOALS: Record<Category, number> = { performance: 95, accessibility: 100, 'best-practices': 100, seo: 100 };

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

async function lighthouse(server: Running, productId: string): Promise<void> {
  if (lighthouseSkipped()) return;
  const categories = (await (await fetch(`${server.url}/api/Category`)).json()) as Array<{
    categoryId: number;
    parentCategoryId: number | null;
  }>;
  const top = categories.find((category) => category.parentCategoryId === null)?.categoryId ?? 1;
  // Issue 15's "now" column: performance, and FCP / LCP.
  const pages = [
    { name: 'home', path: '/', before: { bytes: '595 KiB', cls: '0.43', performance: '43, 4.1 s / 4.9 s' } },
    { name: 'product list', path: `/productlist/${top}`, before: { bytes: '', cls: '0.32', performance: '52, 4.2 s / 4.7 s' } },
    { name: 'product', path: `/product/${productId}`, before: { bytes: '', cls: '0.25', performance: '57, 4.1 s / 4.8 s' } },
    {
      name: 'product with variants',
      path: `/product/${await firstVariantProductId(server)}`,
      before: { bytes: '', cls: '', performance: '' },
    },
    { name: 'cart', path: '/cart', before: { bytes: '', cls: '', performance: '69, 4.1 s / 4.5 s' } },
  ];
  const rows = [
    [
      'page',
      'performance',
      'accessibility',
      'best practices',
      'SEO',
      'FCP',
      'LCP',
      'TBT',
      'CLS',
      'total bytes',
      'JS bytes',
      'performance per run',
    ],
  ];
  const failures: string[] = [];
  for (const page of pages) {
    const [runs = []] = await runsTakingTurns([server.url + page.path]);
    const { scores, of, failing } = medianOfRuns(runs);
    const report = { fcp: of((r) => r.fcp), lcp: of((r) => r.lcp), tbt: of((r) => r.tbt), cls: of((r) => r.cls) };
    const bytes = { total: of((r) => r.totalBytes), script: of((r) => r.scriptBytes) };
    const label = `${page.name} (${page.path.replace(productId, '{id}')})`;
    rows.push([
      label,
      ...CATEGORIES.map((category) => String(scores[category])),
      seconds(report.fcp),
      seconds(report.lcp),
      `${Math.round(report.tbt)} ms`,
      report.cls.toFixed(3),
      kib(bytes.total),
      kib(bytes.script),
      runs.map((r) => r.scores.performance).join(', '),
    ]);
    if (page.name === 'home') {
      goals.push({
        issue: 14,
        what: 'Lighthouse mobile: total bytes, home',
        before: page.before.bytes,
        measured: kib(bytes.total),
        goal: '<= 200 KiB',
        met: bytes.total <= 200 * KiB,
      });
    }
    goals.push({
      issue: 14,
      what: `Lighthouse mobile: CLS, ${page.name}`,
      before: page.before.cls,
      measured: report.cls.toFixed(3),
      goal: '<= 0.02',
      met: report.cls <= 0.02,
    });
    for (const category of CATEGORIES) {
      const goal = SCORE_GOALS[category];
      goals.push({
        issue: 15,
        what: `Lighthouse mobile: ${category}, ${label}`,
        before: category === 'performance' ? page.before.performance : '',
        measured:
          category === 'performance'
            ? `${scores[category]} (FCP ${seconds(report.fcp)}, LCP ${seconds(report.lcp)})`
            : String(scores[category]),
        goal: `>= ${goal}`,
        met: scores[category] >= goal,
      });
      if (scores[category] < 100) failures.push(`${label}, ${category}: ${failing(category)}`);
    }
  }
  console.log(lighthouseHeading());
  console.log(table(rows));
  if (failures.length > 0) console.log(`\nAudits that did not pass:\n  ${failures.join('\n  ')}`);
}

// ---------------------------------------------------------------------------------------------

async function firstProductId(server: Running): Promise<string> {
  const answer = await fetch(`${server.url}/api/product`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
  const products = (await answer.json()) as Array<{ _id: string }>;
  if (!products[0]) throw new Error('The catalogue is empty');
  return products[0]._id;
}

/** The first product sold in variants (D25): Lighthouse scores a product page with options too. */
async function firstVariantProductId(server: Running): Promise<string> {
  const answer = await fetch(`${server.url}/api/product`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
  const products = (await answer.json()) as Array<{ _id: string; prodOptions?: unknown[] }>;
  const withVariants = products.find((product) => (product.prodOptions?.length ?? 0) > 0);
  if (!withVariants) throw new Error('The catalogue has no product with variants');
  return withVariants._id;
}

/** A fresh schema on `url` for one server run, and the URL that puts the server in it. */
async function scratchSchema(url: string): Promise<{ url: string; drop(): Promise<void> }> {
  const schema = `bench_${randomBytes(6).toString('hex')}`;
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await admin(`CREATE SCHEMA ${schema}`);
  const inSchema = new URL(url);
  inSchema.searchParams.set('options', `-c search_path=${schema}`);
  return { url: inSchema.toString(), drop: () => admin(`DROP SCHEMA ${schema} CASCADE`) };
}

async function main(): Promise<void> {
  const buildDir = productionBuild('bench-builds', Boolean(process.env.BENCH_SKIP_BUILD));
  // DATABASE_URL when it answers, else the local test database when it does.
  const configured = process.env.DATABASE_URL;
  const postgres = configured ? ((await answers(configured)) ? configured : undefined) : await reachablePostgres(undefined);
  const logLevel: Record<string, string> = process.env.BENCH_LOG_LEVEL ? { LOG_LEVEL: process.env.BENCH_LOG_LEVEL } : {};
  console.log(
    `Server bench: the build in ${path.relative(root, buildDir)}, served by api/src/main.ts` +
      ` (LOG_LEVEL ${process.env.BENCH_LOG_LEVEL ?? 'default: info'}); PostgreSQL: ${postgres ? 'yes' : 'not reachable, PGlite only'}.`,
  );
  const bare = await startProcess('tests/bench/bare-server.ts', {}, '/');
  try {
    for (const engine of ['PGlite', ...(postgres ? ['PostgreSQL'] : [])]) {
      const dataDir = mkdtempSync(path.join(tmpdir(), 'storefront-bench-'));
      const schema = engine === 'PostgreSQL' && postgres ? await scratchSchema(postgres) : undefined;
      const server = await startProcess(
        'api/src/main.ts',
        { HOST: '127.0.0.1', DATA_DIR: dataDir, STATIC_DIR: buildDir, DATABASE_URL: schema?.url ?? '', ...logLevel },
        '/api/category',
      );
      try {
        const productId = await firstProductId(server);
        if (engine === 'PGlite') {
          await staticFiles(server, buildDir);
          await catalogueCaching(server, productId);
        }
        await throughput(engine, server, bare, productId);
        if (engine === 'PGlite') await lighthouse(server, productId);
      } finally {
        await server.stop();
        await schema?.drop();
        rmSync(dataDir, { recursive: true, force: true });
      }
    }
  } finally {
    await bare.stop();
  }

  console.log('\nGoals of issues 14 (Performance I) and 15 (Performance II):');
  console.log(
    table([
      ['', 'issue', 'what', 'before', 'measured', 'goal'],
      ...goals.map((goal) => [goal.met ? 'ok' : 'MISSED', String(goal.issue), goal.what, goal.before, goal.measured, goal.goal]),
    ]),
  );
  const missed = goals.filter((goal) => !goal.met);
  console.log(missed.length === 0 ? '\nEvery goal met.' : `\n${missed.length} of ${goals.length} goals missed.`);
  process.exitCode = missed.length === 0 ? 0 : 1;
}

main().catch((error: unknown) => {
  console.error('The bench failed:', error);
  process.exitCode = 1;
});
