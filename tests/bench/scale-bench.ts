/**
 * `npm run bench`, last: issue 16's goals on a catalogue of 10,000 products in 2,000 categories
 * five levels deep (tests/bench/scale-catalog.ts), loaded into a fresh PGlite data directory and
 * served by the real server (`api/src/main.ts`, which adds the demo catalogue beside it as at
 * every start). For each of a category's first page, a two-word search and page 100 of the whole
 * list: p50/p99 latency and req/s at BENCH_CONNECTIONS (50), in slices taking turns with the bare
 * Fastify route (bench-support.ts), the bytes per answer, and a check that a page holds exactly
 * `limit` products with its X-Total-Count. Also the time of each query's first (uncached) answer.
 * Exits non-zero when a goal is missed (docs/performance.md, "Scale: 10,000 products").
 *
 * BENCH_SECONDS and BENCH_CONNECTIONS as for server-bench.ts; BENCH_LOG_LEVEL sets the server's
 * LOG_LEVEL. No build is needed (only the API is measured), so BENCH_SKIP_BUILD has nothing to skip.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { descendantIds } from '@shop/core/domain/category-tree';
import { loadBeside, loadDescription, percent, type Running, startProcess, table, type Target, thousands } from './bench-support';
import { seedScaleCatalog } from './scale-catalog';

const PAGE = 24;
const P99_GOAL_MS = 50;
const SHARE_GOAL = 0.25;
const SEARCH = 'deri çanta';

interface Probe {
  name: string;
  body: Record<string, unknown>;
}

async function post(server: Running, body: Record<string, unknown>): Promise<{ products: unknown[]; total: string | null; ms: number }> {
  const started = performance.now();
  const answer = await fetch(`${server.url}/api/product`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!answer.ok) throw new Error(`POST /api/product ${JSON.stringify(body)}: ${answer.status} ${await answer.text()}`);
  const products = (await answer.json()) as unknown[];
  return { products, total: answer.headers.get('x-total-count'), ms: performance.now() - started };
}

/** The top-level category with the most products, and its ids as the shop sends them (itself and every descendant). */
async function largestTopCategory(server: Running): Promise<{ name: string; ids: number[]; products: number }> {
  const answer = await fetch(`${server.url}/api/category`);
  const categories = (await answer.json()) as Array<{ categoryId: number; categoryName: string; parentCategoryId: number | null }>;
  let best = { name: '', ids: [] as number[], products: -1 };
  for (const top of categories.filter((category) => category.parentCategoryId === null)) {
    const ids = descendantIds(categories, top.categoryId);
    const products = Number((await post(server, { allCategoryIds: ids, limit: 1 })).total);
    if (products > best.products) best = { name: top.categoryName, ids, products };
  }
  return best;
}

async function main(): Promise<void> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'storefront-scale-'));
  const logLevel: Record<string, string> = process.env.BENCH_LOG_LEVEL ? { LOG_LEVEL: process.env.BENCH_LOG_LEVEL } : {};
  let failed = false;
  const bare = await startProcess('tests/bench/bare-server.ts', {}, '/');
  try {
    const seeding = performance.now();
    const catalog = await seedScaleCatalog({ dataDir });
    console.log(
      `\nScale bench: ${thousands(catalog.products.length)} products, ${thousands(catalog.categories.length)} categories ` +
        `(PGlite, seeded in ${((performance.now() - seeding) / 1000).toFixed(1)} s), served by api/src/main.ts ` +
        `(LOG_LEVEL ${process.env.BENCH_LOG_LEVEL ?? 'default: info'}).`,
    );
    const server = await startProcess(
      'api/src/main.ts',
      { HOST: '127.0.0.1', DATA_DIR: dataDir, STATIC_DIR: path.join(dataDir, 'no-static-files'), DATABASE_URL: '', ...logLevel },
      '/api/category',
    );
    try {
      const category = await largestTopCategory(server);
      const probes: Probe[] = [
        {
          name: `first page of the largest top-level category (${category.name}: ${category.ids.length} ids, ${thousands(category.products)} products)`,
          body: { allCategoryIds: category.ids, limit: PAGE },
        },
        { name: `search "${SEARCH}"`, body: { q: SEARCH, limit: PAGE } },
        { name: 'page 100 of the whole list', body: { limit: PAGE, offset: 99 * PAGE } },
      ];

      // The first answer of a query is computed (filter, search, sort, serialise); the rest come
      // from the version's cache of answers. Other queries of the same kind show the first cost.
      const firsts: string[][] = [['uncached query', 'first answer ms', 'products', 'X-Total-Count']];
      for (const body of [
        ...probes.map((probe) => probe.body),
        { allCategoryIds: category.ids, limit: PAGE, offset: PAGE, sort: 'price-asc' },
        { q: 'kablosuz kulaklık', sort: 'newest', limit: PAGE },
        { q: 'k', limit: PAGE },
        { allCategoryIds: category.ids, q: 'ahşap', limit: PAGE, sort: 'price-desc' },
      ]) {
        const answer = await post(server, body);
        firsts.push([
          JSON.stringify(body).replace(/\[[\d,]{40,}\]/, '[...]'),
          answer.ms.toFixed(1),
          String(answer.products.length),
          answer.total ?? '-',
        ]);
      }
      console.log(`\n${table(firsts)}`);

      const bareTarget: Target = { name: 'bare Fastify GET /', url: `${bare.url}/` };
      const rows = [
        [
          'query',
          'products',
          'X-Total-Count',
          'p50 ms',
          'p99 ms',
          'req/s',
          'bare req/s beside it',
          'share',
          'bytes/answer on the wire',
          'goals',
        ],
      ];
      for (const probe of probes) {
        const check = await post(server, probe.body);
        const full = check.products.length === PAGE && Number(check.total) >= PAGE;
        const target: Target = { name: probe.name, url: `${server.url}/api/product`, method: 'POST', body: JSON.stringify(probe.body) };
        const result = await loadBeside(target, bareTarget);
        const met = full && result.route.p99 <= P99_GOAL_MS && result.share >= SHARE_GOAL && result.route.failures === 0;
        failed ||= !met;
        rows.push([
          probe.name,
          String(check.products.length),
          check.total ?? '(none)',
          String(result.route.p50),
          String(result.route.p99),
          thousands(result.route.rps),
          thousands(result.bare.rps),
          percent(result.share),
          thousands(result.route.wireBytes),
          met ? 'ok' : 'MISSED',
        ]);
      }
      console.log(
        `\n${loadDescription('query')} ` +
          `(share: the median slice). Goals: exactly ${PAGE} products, p99 <= ${P99_GOAL_MS} ms, >= ${percent(SHARE_GOAL)} of the bare route.`,
      );
      console.log(table(rows));
    } finally {
      await server.stop();
    }
  } finally {
    await bare.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
  console.log(failed ? '\nA scale goal was missed.' : '\nEvery scale goal met.');
  process.exitCode = failed ? 1 : 0;
}

main().catch((error: unknown) => {
  console.error('The scale bench failed:', error);
  process.exitCode = 1;
});
