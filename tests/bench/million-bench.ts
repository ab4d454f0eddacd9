/**
 * `npm run bench:scale` (issue 27): the shop at a million products. Seeds BENCH_PRODUCTS products
 * (1,000,000) in BENCH_CATEGORIES categories (a tenth of that) into a PostgreSQL database of its
 * own with set-based SQL, starts the real server on it (built, with the Node settings of
 * `npm start`), and measures:
 *
 * - start: from spawning the server until it first answers `GET /api/category` with a 200;
 * - memory: the server's RSS (VmRSS of its process and any children), after warm-up, at the end,
 *   and the highest seen (sampled twice a second);
 * - reads at BENCH_CONNECTIONS (50) connections, BENCH_SECONDS each in slices taking turns with the
 *   bare Fastify route (bench-support.ts): the first page of the largest top-level category (its
 *   ids as the shop sends them), a deep page of it (page 2,000, or its last page), a two-word
 *   search, `GET /api/product/{id}` and the server-rendered pages `/product/{id}` and
 *   `/productlist/{id}`, the large category filtered by size, price and stock (D25) and its
 *   filter panel's counts (`POST /api/product/facets`); and each query's first (uncached) answer;
 * - the same reads while a writer changes 50 prices a second by SQL (one committed UPDATE each, on
 *   a schedule a slow commit does not delay; measured from 2 s after it starts), and how long a committed price change takes to show in
 *   `GET /api/product/{id}` and in a category page holding the product.
 *
 * The bench talks to the server over HTTP only and to PostgreSQL over SQL; the one piece of server
 * code it runs is the migrator (api/src/db/migrate.ts with the server's own migrations, of
 * BENCH_SERVER_DIR). Prints every figure, then the goals with ✓/✗; exits non-zero when one is missed.
 *
 * Environment:
 * - BENCH_PRODUCTS (1000000), BENCH_CATEGORIES (BENCH_PRODUCTS / 10): the catalogue's size.
 * - BENCH_DATABASE (shop_scale): the database, dropped and created when seeding.
 * - BENCH_ADMIN_URL (postgres://postgres@127.0.0.1:5432/postgres): where to create it.
 * - BENCH_RESEED: seed again even when the database already holds the catalogue of this size
 *   (needed after a migration was changed in place: the kept database has the old one).
 * - BENCH_SEED_ONLY: prepare the database, measure nothing.
 * - BENCH_SERVER_DIR (this repository): another checkout, whose api/src/main.ts is started
 *   through tsx, e.g. a worktree of an earlier commit for a "before" run.
 * - BENCH_SECONDS (10), BENCH_CONNECTIONS (50): as for the other benches.
 * - BENCH_SKIP_BUILD: reuse the newest bench build (the shop, its renderer and the server);
 *   BENCH_PAGES=0 skips the rendered pages.
 * - BENCH_LOG_LEVEL: the server's LOG_LEVEL (its default, info, otherwise).
 * - BENCH_NODE_FLAGS: more flags for the server's Node, space-separated (e.g. `--cpu-prof --cpu-prof-dir=DIR`).
 * - BENCH_START_TIMEOUT (300): seconds the server may take to answer at all.
 * - BENCH_READS: only the reads whose name holds one of these comma-separated words are loaded
 *   (e.g. `filtered,facets,productlist`); every read is still asked once, uncached.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import type * as MigrateModule from '../../api/src/db/migrate';
import type * as MigrationsModule from '../../api/src/db/migrations/all-migrations';
import type * as OpenDbModule from '../../api/src/db/open-db';
import type { Category } from '@shop/core/domain/category';
import { descendantIds } from '@shop/core/domain/category-tree';
import { BUILT_SERVER, productionBuild, SERVER_NODE_FLAGS } from '../support/production-build';
import { adjectives, categoryWords, features, materials, models, nouns, topNames } from './scale-catalog';
import {
  CONNECTIONS,
  type Goal,
  type Load,
  loadBeside,
  loadDescription,
  median,
  quantile,
  percent,
  root,
  type Running,
  serverEnv,
  startProcess,
  table,
  type Target,
  thousands,
} from './bench-support';

// ---------------------------------------------------------------------------------------------
// Settings and goals

const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 1_000_000);
const CATEGORIES = Number(process.env.BENCH_CATEGORIES ?? Math.round(PRODUCTS / 10));
const DATABASE = process.env.BENCH_DATABASE ?? 'shop_scale';
const ADMIN_URL = process.env.BENCH_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const SERVER_DIR = path.resolve(process.env.BENCH_SERVER_DIR ?? root);
const RESEED = Boolean(process.env.BENCH_RESEED);
const PAGES = process.env.BENCH_PAGES !== '0';
const SEED_ONLY = Boolean(process.env.BENCH_SEED_ONLY);
const START_TIMEOUT_MS = Number(process.env.BENCH_START_TIMEOUT ?? 300) * 1000;
const LOADED_READS = process.env.BENCH_READS?.split(',')
  .map((word) => word.trim().toLowerCase())
  .filter(Boolean);
/** BENCH_NODE_FLAGS: more flags for the server's Node (e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`, written when it stops). */
const EXTRA_NODE_FLAGS = (process.env.BENCH_NODE_FLAGS ?? '').split(' ').filter(Boolean);
const isLoaded = (name: string) => !LOADED_READS || LOADED_READS.some((word) => name.toLowerCase().includes(word));

const PAGE = 24;
/** The page of the large category's deep read (offset 1999 * 24), or its last page. */
const DEEP_PAGE = 2000;
/** What POST /api/product accepts in `allCategoryIds` (api/src/catalog/catalog-routes.ts). */
const MAX_CATEGORY_IDS = 1000;
const SEARCH = 'deri çanta';
const SEED_BATCH = 100_000;
const WRITES_PER_SECOND = 50;
const VISIBILITY_TRIES = 20;
const CATEGORY_VISIBILITY_TRIES = 5;
/** A change not visible after this long counts as never visible. */
const VISIBILITY_TIMEOUT_MS = 10_000;
/** All visibility tries together stop after this long. */
const VISIBILITY_BUDGET_MS = 120_000;

const MEMORY_GOAL_MB = 300;
const START_GOAL_MS = 5_000;
const P99_GOAL_MS = 50;
const SHARE_GOAL = 0.25;
const VISIBLE_GOAL_MS = 1_000;

const MiB = 1024 * 1024;
const FIRST_CATEGORY_ID = 100_000;
/** Product ids: this prefix and the product's number in hex, 24 hex digits in all (the demo's are SHA-1 prefixes). */
const ID_PREFIX = 'cafe0000';
const productId = (n: number) => `${ID_PREFIX}${n.toString(16).padStart(16, '0')}`;

// ---------------------------------------------------------------------------------------------
// The generated catalogue: tests/bench/scale-catalog.ts's shape and Turkish word lists, made by SQL

/** Categories per level, top first; the rest of the categories go to the last level (as scale-catalog.ts). */
const LEVEL_SHARES = [0.004, 0.02, 0.08, 0.25];
/**
 * A product's leaf is picked at `r ** LEAF_SKEW` along the leaves, which are grouped by their
 * top-level category (in an order of their own, by a hash of the top's id): the first top-level
 * category and, inside every one, the first leaves are much larger than the rest. At the default
 * size the largest top-level category holds about 13% of the products under a couple of hundred
 * category ids, the next ones 5%, 3%, 3%..., the largest leaf about 2.5%.
 */
const LEAF_SKEW = 3;
const TOP_ORDER_SALT = 31;

const collectionNames = ['new', 'popular', 'unusual', 'discounted'];
const lowerTr = (list: string[]) => list.map((word) => word.toLocaleLowerCase('tr'));

/** The word lists, as parameters of the seeding statements (see `bind`). */
const WORDS = {
  adjectives: '@@adjectives::text[]',
  materials: '@@materials::text[]',
  materialsLower: '@@materialsLower::text[]',
  nouns: '@@nouns::text[]',
  nounsLower: '@@nounsLower::text[]',
  models: '@@models::text[]',
  features: '@@features::text[]',
  collections: '@@collections::text[]',
  categoryWords: '@@categoryWords::text[]',
  topNames: '@@topNames::text[]',
};
const wordValues: Record<string, unknown> = {
  adjectives,
  materials,
  materialsLower: lowerTr(materials),
  nouns,
  nounsLower: lowerTr(nouns),
  models,
  features,
  collections: collectionNames,
  categoryWords,
  topNames,
};

/** `@@name` placeholders as $1, $2.. with their values: a statement gets only the parameters it uses. */
function bind(sql: string, values: Record<string, unknown>): [string, unknown[]] {
  const names: string[] = [];
  const text = sql.replace(/@@(\w+)/g, (_, name: string) => {
    if (!(name in values)) throw new Error(`No value for @@${name}`);
    if (!names.includes(name)) names.push(name);
    return `$${names.indexOf(name) + 1}`;
  });
  return [text, names.map((name) => values[name])];
}

const TWO_TO_47 = 2 ** 47;
/** A number in [0, 1) from `expr` and a salt: the same on every run (PostgreSQL's hashint8extended). */
const hashed = (expr: string, salt: number) => `((hashint8extended((${expr})::bigint, ${salt}) & ${TWO_TO_47 - 1})::float8 / ${TWO_TO_47})`;
/** One of the list's words, picked by `expr` and a salt. */
const pick = (list: string, expr: string, salt: number) => `(${list})[1 + floor(${hashed(expr, salt)} * cardinality(${list}))::int]`;
const sqlId = (n: string) => `'${ID_PREFIX}' || lpad(to_hex(${n}), 16, '0')`;

function levelCounts(categories: number): number[] {
  const perLevel = LEVEL_SHARES.map((share) => Math.max(1, Math.round(share * categories)));
  perLevel.push(categories - perLevel.reduce((sum, count) => sum + count, 0));
  return perLevel;
}

/** Categories of one level: ids from `start`, each under a parent of the level above picked with a skew (subtrees differ in size). */
function categoryLevelSql(level: number, start: number, count: number, parentStart: number, parentCount: number): string {
  const name =
    level === 0
      ? `coalesce((${WORDS.topNames})[i + 1], ${pick(WORDS.categoryWords, 'i', 21)} || ' ' || (i + 1))`
      : `${pick(WORDS.categoryWords, `${start} + i`, 21)} || ' ${level + 1}.' || (i + 1)`;
  const parent = level === 0 ? 'NULL::int' : `${parentStart} + floor(power(${hashed(`${start} + i`, 22)}, 1.5) * ${parentCount})::int`;
  return `INSERT INTO categories (category_id, name, parent_category_id)
    SELECT ${start} + i, ${name}, ${parent} FROM generate_series(0, ${count - 1}) AS i`;
}

/** Products @@from <= n < @@to, with their pictures, category link and collections (and stock, `withStock`): four set-based statements. */
function productBatchSql(leafCount: number, withStock: boolean): string[] {
  const numbers = 'generate_series(@@from::bigint, @@to::bigint - 1) AS n';
  const nounSalt = 3;
  return [
    `INSERT INTO products (id, name, description, price, created_at${withStock ? ', stock' : ''})
     SELECT ${sqlId('n')},
       ${pick(WORDS.adjectives, 'n', 1)} || ' ' || ${pick(WORDS.materials, 'n', 2)} || ' ' || ${pick(WORDS.nouns, 'n', nounSalt)}
         || ${pick(WORDS.models, 'n', 4)},
       CASE WHEN ${hashed('n', 5)} < 0.1 THEN NULL
         ELSE ${pick(WORDS.adjectives, 'n', 6)} || ' ' || ${pick(WORDS.materialsLower, 'n', 7)} || ' ' || ${pick(WORDS.nounsLower, 'n', nounSalt)}
           || ': ' || ${pick(WORDS.features, 'n', 8)} || ', ' || ${pick(WORDS.features, 'n', 9)} || '.' END,
       CASE WHEN ${hashed('n', 10)} < 0.05 THEN NULL
         ELSE (round(10 + power(${hashed('n', 11)}, 3) * 50000) + CASE WHEN ${hashed('n', 12)} < 0.5 THEN 0.9 ELSE 0 END)::numeric(12, 2) END,
       timestamptz '2024-01-01 00:00:00+00' + ${hashed('n', 13)} * interval '730 days'
       ${withStock ? `, ${productStockSql}` : ''}
     FROM ${numbers}`,
    `INSERT INTO product_images (product_id, position, url)
     SELECT id, position, '/images/products/' || id || '-' || position || '.webp'
     FROM (SELECT n, ${sqlId('n')} AS id FROM ${numbers}) AS p
       CROSS JOIN LATERAL generate_series(1, 1 + (hashint8extended(n, 14) & 1)::int) AS position`,
    `INSERT INTO product_categories (product_id, category_id)
     SELECT ${sqlId('n')}, leaf.category_id
     FROM ${numbers} JOIN bench_leaves AS leaf ON leaf.idx = floor(power(${hashed('n', 15)}, ${LEAF_SKEW}) * ${leafCount})::int`,
    `INSERT INTO product_collections (product_id, collection)
     SELECT ${sqlId('n')}, ${pick(WORDS.collections, 'n', 17)}
     FROM ${numbers} WHERE ${hashed('n', 16)} < 0.02`,
  ];
}

/** Sizes and colours of the products sold in variants (D25): the filtered reads ask for them. */
const SIZES = ['S', 'M', 'L', 'XL'];
const COLOURS = ['Siyah', 'Beyaz', 'Lacivert'];
/** A share of the products sold in sizes (half of them in colours too); another share with their stock tracked. */
const VARIANT_SHARE = 0.3;
const TRACKED_SHARE = 0.2;

const sized = `${hashed('n', 40)} < ${VARIANT_SHARE}`;
const coloured = `${hashed('n', 40)} < ${VARIANT_SHARE / 2}`;
/** Product n's variants: s the size (1-4), c the colour (1-3, or 0 for a product in sizes only). */
const variantsOf = `generate_series(1, 4) AS s
       CROSS JOIN LATERAL generate_series(CASE WHEN ${coloured} THEN 1 ELSE 0 END, CASE WHEN ${coloured} THEN 3 ELSE 0 END) AS c`;
/** A variant's stock: a tenth sold out. */
const variantStock = `CASE WHEN ${hashed('n * 16 + s * 4 + c', 41)} < 0.1 THEN 0 ELSE 1 + floor(${hashed('n * 16 + s * 4 + c', 42)} * 20)::int END`;
/** A product's stock: its variants' sum (the triggers are off for the load), or a stock of its own (some of it 0), or not tracked. */
const productStockSql = `CASE WHEN ${sized} THEN (SELECT sum(${variantStock})::int FROM ${variantsOf})
         WHEN ${hashed('n', 43)} < ${TRACKED_SHARE} THEN floor(${hashed('n', 44)} * 6)::int END`;

/** Options and variants (D25, migration 150) of products @@from <= n < @@to. */
function variantBatchSql(): string[] {
  const numbers = 'generate_series(@@from::bigint, @@to::bigint - 1) AS n';
  return [
    `INSERT INTO product_options (product_id, position, name, option_values)
     SELECT ${sqlId('n')}, 1, 'Beden', @@sizes::text[] FROM ${numbers} WHERE ${sized}
     UNION ALL
     SELECT ${sqlId('n')}, 2, 'Renk', @@colours::text[] FROM ${numbers} WHERE ${coloured}`,
    `INSERT INTO product_variants (id, product_id, position, option_values, stock)
     SELECT 'cafe0001' || lpad(to_hex(n * 16 + s * 4 + c), 16, '0'), ${sqlId('n')}, s * 4 + c,
       CASE WHEN c = 0 THEN ARRAY[(@@sizes::text[])[s]] ELSE ARRAY[(@@sizes::text[])[s], (@@colours::text[])[c]] END,
       ${variantStock}
     FROM ${numbers} CROSS JOIN ${variantsOf}
     WHERE ${sized}`,
  ];
}

function databaseUrl(name: string): string {
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/** Our products and categories in the database, or undefined when it or its tables do not exist. */
async function seededSize(url: string): Promise<{ products: number; categories: number } | undefined> {
  const client = new pg.Client({ connectionString: url });
  try {
    await client.connect();
  } catch {
    return undefined;
  }
  try {
    const tables = await client.query<{ products: string | null }>(`SELECT to_regclass('products')::text AS products`);
    if (!tables.rows[0]?.products) return undefined;
    const counts = await client.query<{ products: number; categories: number }>(
      `SELECT (SELECT count(*)::int FROM products WHERE id LIKE '${ID_PREFIX}%') AS products,
              (SELECT count(*)::int FROM categories WHERE category_id >= ${FIRST_CATEGORY_ID}) AS categories`,
    );
    return counts.rows[0];
  } finally {
    await client.end();
  }
}

/** The server's own migrations (of BENCH_SERVER_DIR), applied to the bench database. */
async function migrateDatabase(url: string): Promise<string[]> {
  const from = (file: string) => pathToFileURL(path.join(SERVER_DIR, 'api/src/db', file)).href;
  const { migrate } = (await import(from('migrate.ts'))) as typeof MigrateModule;
  const { migrations } = (await import(from('migrations/all-migrations.ts'))) as typeof MigrationsModule;
  const { openDb } = (await import(from('open-db.ts'))) as typeof OpenDbModule;
  const db = await openDb({ databaseUrl: url, dataDir: tmpdir() });
  try {
    return await migrate(db, migrations);
  } finally {
    await db.close();
  }
}

/**
 * The bench database with BENCH_PRODUCTS products in BENCH_CATEGORIES categories: kept when it
 * already holds exactly that (and BENCH_RESEED is unset), else dropped, created, migrated and
 * seeded. Migrations the server gained since are applied either way.
 */
async function prepareDatabase(): Promise<string> {
  const url = databaseUrl(DATABASE);
  const existing = RESEED ? undefined : await seededSize(url);
  if (existing && existing.products === PRODUCTS && existing.categories === CATEGORIES) {
    const started = performance.now();
    const applied = await migrateDatabase(url);
    console.log(
      `Database ${DATABASE} already holds ${thousands(PRODUCTS)} products in ${thousands(CATEGORIES)} categories: not seeded again ` +
        `(BENCH_RESEED=1 does)${applied.length > 0 ? `; migrations ${applied.join(', ')} applied in ${seconds(performance.now() - started)}` : ''}.`,
    );
    return url;
  }
  const started = performance.now();
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS ${DATABASE} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${DATABASE}`);
  } finally {
    await admin.end();
  }
  const applied = await migrateDatabase(url);
  console.log(`Database ${DATABASE} created, ${applied.length} migrations applied (${seconds(performance.now() - started)}).`);

  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    // Neither the catalogue's change triggers nor the foreign-key checks run for the bulk rows
    // (the rows are consistent by construction); generated columns and indexes fill as usual.
    await client.query(`SET session_replication_role = replica; SET synchronous_commit = off; SET maintenance_work_mem = '256MB'`);
    const perLevel = levelCounts(CATEGORIES);
    let start = FIRST_CATEGORY_ID;
    let parent = { start: 0, count: 0 };
    await client.query('BEGIN');
    for (const [level, count] of perLevel.entries()) {
      await client.query(...bind(categoryLevelSql(level, start, count, parent.start, parent.count), wordValues));
      parent = { start, count };
      start += count;
    }
    await client.query(
      `CREATE TEMP TABLE bench_leaves AS
         WITH RECURSIVE tree AS (
           SELECT category_id AS top, category_id FROM categories
           WHERE parent_category_id IS NULL AND category_id >= ${FIRST_CATEGORY_ID}
           UNION ALL
           SELECT tree.top, child.category_id FROM tree JOIN categories AS child ON child.parent_category_id = tree.category_id
         )
         SELECT (row_number() OVER (ORDER BY hashint8extended(tree.top, ${TOP_ORDER_SALT}), tree.category_id) - 1)::int AS idx,
           tree.category_id
         FROM tree
         WHERE NOT EXISTS (SELECT 1 FROM categories AS child WHERE child.parent_category_id = tree.category_id);
       ALTER TABLE bench_leaves ADD PRIMARY KEY (idx)`,
    );
    await client.query('COMMIT');
    const leaves = await client.query<{ count: number }>('SELECT count(*)::int AS count FROM bench_leaves');
    const leafCount = leaves.rows[0]?.count ?? 0;
    console.log(
      `  ${thousands(CATEGORIES)} categories (${perLevel.map(thousands).join(' / ')} per level, ${thousands(leafCount)} leaves) ` +
        `in ${seconds(performance.now() - started)}`,
    );
    // Variants and stock when the server has them (BENCH_SERVER_DIR may be a checkout from before D25).
    const { rows: variantTables } = await client.query<{ variants: boolean }>(
      "SELECT to_regclass('product_variants') IS NOT NULL AS variants",
    );
    const withVariants = variantTables[0]?.variants === true;
    const statements = [...productBatchSql(leafCount, withVariants), ...(withVariants ? variantBatchSql() : [])];
    for (let from = 0; from < PRODUCTS; from += SEED_BATCH) {
      const to = Math.min(PRODUCTS, from + SEED_BATCH);
      await client.query('BEGIN');
      for (const sql of statements) await client.query(...bind(sql, { ...wordValues, sizes: SIZES, colours: COLOURS, from, to }));
      await client.query('COMMIT');
      console.log(`  ${thousands(to)} / ${thousands(PRODUCTS)} products (${seconds(performance.now() - started)})`);
    }
    // The triggers were off for the load: the category listing (migration 140) is made in one statement, when the server has one.
    const { rows: listing } = await client.query<{ listing: boolean }>("SELECT to_regproc('catalog_relist_all') IS NOT NULL AS listing");
    if (listing[0]?.listing) {
      const listed = performance.now();
      await client.query('SELECT catalog_relist_all()');
      console.log(`  category listing in ${seconds(performance.now() - listed)}`);
    }
    // The same for the filters' variant rows (migration 160).
    const { rows: filters } = await client.query<{ filters: boolean }>(
      "SELECT to_regproc('product_filters_refresh_all') IS NOT NULL AS filters",
    );
    if (filters[0]?.filters) {
      const filtered = performance.now();
      await client.query('SELECT product_filters_refresh_all()');
      console.log(`  filter rows in ${seconds(performance.now() - filtered)}`);
    }
    // And the listing rows' prices, stock and option values the filter panel counts read (migration 171).
    const { rows: facets } = await client.query<{ facets: boolean }>(
      "SELECT to_regproc('product_listing_facets_refresh_all') IS NOT NULL AS facets",
    );
    if (facets[0]?.facets) {
      const counted = performance.now();
      await client.query('SELECT product_listing_facets_refresh_all()');
      console.log(`  listing facets in ${seconds(performance.now() - counted)}`);
    }
    const analysed = performance.now();
    await client.query('VACUUM ANALYZE');
    console.log(`  VACUUM ANALYZE in ${seconds(performance.now() - analysed)}`);
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    await client.end();
  }
  console.log(`Seeded ${thousands(PRODUCTS)} products in ${thousands(CATEGORIES)} categories in ${seconds(performance.now() - started)}.`);
  return url;
}

// ---------------------------------------------------------------------------------------------
// The server process

interface ShopServer extends Running {
  pid: number;
  /** From spawning until the first 200. */
  startMs: number;
  /** Why it ended on its own, once it has. */
  ended(): string | undefined;
}

/** The server of BENCH_SERVER_DIR in a process of its own (as bench-support's startProcess, timed finer): built, as `npm start` runs it, or its source. */
async function startShopServer(env: Record<string, string>, readyPath: string): Promise<ShopServer> {
  // Price changes keep dropping filtered answers: the lifted catalogue budget keeps them from 429s.
  const { url, childEnv } = await serverEnv(env);
  const started = performance.now();
  // The built server, as `npm start` runs it, when the build holds one; else (an older checkout) its source through tsx.
  const built = env.STATIC_DIR === undefined ? undefined : path.join(env.STATIC_DIR, BUILT_SERVER);
  const entry =
    SERVER_DIR === root && built !== undefined && existsSync(built)
      ? [...SERVER_NODE_FLAGS, ...EXTRA_NODE_FLAGS, built]
      : [...EXTRA_NODE_FLAGS, '--import', 'tsx', 'api/src/main.ts'];
  const child: ChildProcess = spawn(process.execPath, entry, {
    cwd: SERVER_DIR,
    env: childEnv,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  const stop = stopper(child);
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-4000)));
  let ended: string | undefined;
  child.once('exit', (code, signal) => {
    ended = `exited (${code ?? signal}): ${stderr.trim()}`;
    if (!stop.stopping) console.error(`\nThe server ended on its own: ${ended}`);
  });
  const deadline = Date.now() + START_TIMEOUT_MS;
  try {
    for (;;) {
      if (ended) throw new Error(`The server ${ended}`);
      const answer = await fetch(url + readyPath, { signal: AbortSignal.timeout(10_000) }).catch(() => undefined);
      if (answer) await answer.arrayBuffer().catch(() => undefined);
      if (answer?.ok) break;
      if (Date.now() > deadline) throw new Error(`The server did not answer ${readyPath} within ${seconds(START_TIMEOUT_MS)}: ${stderr}`);
      await sleep(25);
    }
  } catch (error) {
    await stop.stop();
    throw error;
  }
  return { url, pid: child.pid ?? 0, startMs: performance.now() - started, stop: stop.stop, ended: () => ended };
}

/** SIGTERM, then SIGKILL after 15 s; registered so that an interrupted bench stops it too. */
function stopper(child: ChildProcess): { stopping: boolean; stop(): Promise<void> } {
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const control = {
    stopping: false,
    async stop() {
      control.stopping = true;
      stopOnExit.delete(control.stop);
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exited;
      clearTimeout(timer);
    },
  };
  stopOnExit.add(control.stop);
  return control;
}

const stopOnExit = new Set<() => Promise<void>>();
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    console.error(`\n${signal}: stopping the servers`);
    void Promise.allSettled([...stopOnExit].map((stop) => stop())).then(() => process.exit(130));
  });
}

/** VmRSS of a process and its descendants, in bytes (Linux; 0 when gone). */
function rssBytes(pid: number): number {
  let kib = 0;
  const pending = [pid];
  for (let visited = 0; pending.length > 0 && visited < 1000; visited += 1) {
    const current = pending.pop()!;
    try {
      kib += Number(/VmRSS:\s+(\d+)\s+kB/.exec(readFileSync(`/proc/${current}/status`, 'utf8'))?.[1] ?? 0);
      for (const task of readdirSync(`/proc/${current}/task`)) {
        const children = readFileSync(`/proc/${current}/task/${task}/children`, 'utf8').trim();
        if (children) pending.push(...children.split(/\s+/).map(Number));
      }
    } catch {
      // Gone meanwhile.
    }
  }
  return kib * 1024;
}

const mb = (bytes: number) => `${(bytes / MiB).toFixed(0)} MB`;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// ---------------------------------------------------------------------------------------------
// HTTP

interface Answer {
  status: number;
  ms: number;
  bytes: number;
  total: string | null;
  json: unknown;
}

async function ask(target: Target): Promise<Answer> {
  const started = performance.now();
  const answer = await fetch(target.url, {
    method: target.method ?? 'GET',
    signal: AbortSignal.timeout(60_000),
    ...(target.body === undefined ? {} : { body: target.body, headers: { 'content-type': 'application/json' } }),
  });
  const text = await answer.text();
  const ms = performance.now() - started;
  let json: unknown;
  if ((answer.headers.get('content-type') ?? '').includes('json')) json = JSON.parse(text) as unknown;
  return { status: answer.status, ms, bytes: Buffer.byteLength(text), total: answer.headers.get('x-total-count'), json };
}

const postTarget = (server: Running, name: string, body: Record<string, unknown>): Target => ({
  name,
  url: `${server.url}/api/product`,
  method: 'POST',
  body: JSON.stringify(body),
});

interface WireProduct {
  _id: string;
  prodPrice?: number;
}

// ---------------------------------------------------------------------------------------------
// What is read

interface Read {
  name: string;
  target: Target;
  /** Whether an answer is the right one (a page of the expected size, the product asked for). */
  check(answer: Answer): boolean;
}

interface LargeCategory {
  id: number;
  name: string;
  ids: number[];
  products: number;
  note: string;
}

/**
 * The top-level category with the most products and its ids as the shop sends them (itself and
 * every descendant); when that list is longer than the API accepts, the category with the most
 * products whose list fits. Products per category from SQL, the tree from GET /api/category.
 */
async function largestCategory(server: Running, db: pg.Client): Promise<{ chosen: LargeCategory; categories: Category[] }> {
  const categories = (await ask({ name: 'categories', url: `${server.url}/api/category` })).json as Category[];
  const counts = await db.query<{ category_id: number; products: number }>(
    'SELECT category_id, count(*)::int AS products FROM product_categories GROUP BY category_id',
  );
  const own = new Map(counts.rows.map((row) => [row.category_id, row.products]));
  const children = new Map<number, number[]>();
  for (const category of categories) {
    if (category.parentCategoryId === null) continue;
    children.set(category.parentCategoryId, [...(children.get(category.parentCategoryId) ?? []), category.categoryId]);
  }
  // Subtree sizes, leaves first (the tree is a few levels deep: an explicit post-order).
  const subtree = new Map<number, { ids: number; products: number }>();
  const order: number[] = [];
  const stack = categories.filter((category) => category.parentCategoryId === null).map((category) => category.categoryId);
  const seen = new Set<number>();
  while (stack.length > 0) {
    const id = stack.pop()!;
    if (seen.has(id)) continue;
    seen.add(id);
    order.push(id);
    stack.push(...(children.get(id) ?? []));
  }
  for (const id of order.reverse()) {
    const sizes = { ids: 1, products: own.get(id) ?? 0 };
    for (const child of children.get(id) ?? []) {
      const below = subtree.get(child);
      if (below) {
        sizes.ids += below.ids;
        sizes.products += below.products;
      }
    }
    subtree.set(id, sizes);
  }
  const nameOf = new Map(categories.map((category) => [category.categoryId, category.categoryName]));
  const best = (candidates: Category[]) =>
    candidates.reduce<Category | undefined>(
      (top, category) =>
        (subtree.get(category.categoryId)?.products ?? 0) > (subtree.get(top?.categoryId ?? -1)?.products ?? -1) ? category : top,
      undefined,
    );
  const top = best(categories.filter((category) => category.parentCategoryId === null));
  if (!top) throw new Error('GET /api/category answered no top-level category');
  const topSize = subtree.get(top.categoryId)!;
  let chosen = top;
  let note = `the largest top-level category (${thousands(topSize.ids)} ids)`;
  if (topSize.ids > MAX_CATEGORY_IDS) {
    const fitting = best(categories.filter((category) => (subtree.get(category.categoryId)?.ids ?? Infinity) <= MAX_CATEGORY_IDS));
    if (!fitting) throw new Error(`No category has at most ${MAX_CATEGORY_IDS} ids`);
    chosen = fitting;
    const size = subtree.get(fitting.categoryId)!;
    note =
      `the largest top-level category, "${top.categoryName}" (${thousands(topSize.products)} products), has ${thousands(topSize.ids)} ids, ` +
      `more than the API accepts (${MAX_CATEGORY_IDS}): taken instead the largest category whose list fits ` +
      `(${thousands(size.ids)} ids, ${fitting.parentCategoryId === null ? 'top level' : `under "${nameOf.get(fitting.parentCategoryId) ?? '?'}"`})`;
  }
  const ids = descendantIds(categories, chosen.categoryId);
  return {
    chosen: { id: chosen.categoryId, name: chosen.categoryName, ids, products: subtree.get(chosen.categoryId)?.products ?? 0, note },
    categories,
  };
}

const isList = (json: unknown): json is WireProduct[] => Array.isArray(json);

function pageRead(name: string, target: Target, expected: number): Read {
  return {
    name,
    target,
    check: (answer) => answer.status === 200 && isList(answer.json) && answer.json.length === expected && answer.total !== null,
  };
}

// ---------------------------------------------------------------------------------------------
// The writer: prices changed by SQL

interface WriterReport {
  updates: number;
  seconds: number;
  errors: number;
  p50: number;
  p99: number;
}

/** How long the writer writes before the reads under writes are measured. */
const WRITER_SETTLE_MS = 2000;

/** Connections the writer may use at once: a slow commit holds one, and the next UPDATE takes another. */
const WRITER_CONNECTIONS = 4;

/**
 * 50 committed UPDATEs a second of random products' prices, until stopped, on a schedule of its
 * own: an UPDATE starts when its time comes whether or not the one before has committed (up to
 * WRITER_CONNECTIONS at once), as a supplier's feed does not wait for the shop's database. So a
 * slow commit never lowers the rate the reads are measured under; an UPDATE's time counts from
 * when it was due.
 */
function startPriceWriter(url: string): { stop(): Promise<WriterReport> } {
  const pool = new pg.Pool({ connectionString: url, max: WRITER_CONNECTIONS });
  let running = true;
  const times: number[] = [];
  let errors = 0;
  // An idle connection that breaks is counted, never thrown.
  pool.on('error', () => void (errors += 1));
  const inFlight = new Set<Promise<void>>();
  const started = performance.now();
  const write = (due: number) => {
    const n = Math.floor(Math.random() * PRODUCTS);
    const price = (10 + Math.floor(Math.random() * 5_000_000) / 100).toFixed(2);
    const query = pool.query('UPDATE products SET price = $2 WHERE id = $1', [productId(n), price]).then(
      () => void times.push(performance.now() - due),
      () => void (errors += 1),
    );
    inFlight.add(query);
    void query.finally(() => inFlight.delete(query));
  };
  const done = (async () => {
    let next = performance.now();
    while (running) {
      // Every UPDATE that is due starts now (after a stall of the bench's own process, at most a second's worth).
      if (performance.now() - next > 1000) next = performance.now() - 1000;
      while (next <= performance.now()) {
        write(next);
        next += 1000 / WRITES_PER_SECOND;
      }
      await sleep(Math.max(0, next - performance.now()));
    }
    await Promise.all(inFlight);
  })();
  return {
    async stop() {
      running = false;
      await done.catch((error: unknown) => {
        console.error('The price writer failed:', error);
        errors += 1;
      });
      await pool.end().catch(() => undefined);
      return {
        updates: times.length,
        seconds: (performance.now() - started) / 1000,
        errors,
        p50: median(times),
        p99: quantile(times, 0.99),
      };
    },
  };
}

interface Visibility {
  product: number[];
  category: number[];
  /** Tries whose change did not show within VISIBILITY_TIMEOUT_MS. */
  missed: number;
  failures: string[];
}

/**
 * How long a committed price change takes to show: the product's own answer (VISIBILITY_TRIES
 * times), then a category page that holds the product (CATEGORY_VISIBILITY_TRIES times: leaves of
 * at most a page of products, so the product is on the first page in any order). The clock starts
 * when PostgreSQL has acknowledged the commit.
 */
async function measureVisibility(server: ShopServer, url: string): Promise<Visibility> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const result: Visibility = { product: [], category: [], missed: 0, failures: [] };
  const budgetEnd = Date.now() + VISIBILITY_BUDGET_MS;
  try {
    const leaves = await client.query<{ category_id: number; product_id: string }>(
      `SELECT category_id, min(product_id) AS product_id FROM product_categories
       WHERE category_id >= ${FIRST_CATEGORY_ID} AND product_id LIKE '${ID_PREFIX}%'
       GROUP BY category_id HAVING count(*) BETWEEN 2 AND ${PAGE} ORDER BY category_id LIMIT 50`,
    );
    // A category page every fourth try, so that both kinds are measured early on.
    const categoryTries = leaves.rows.slice(0, CATEGORY_VISIBILITY_TRIES).map((row) => ({ id: row.product_id, category: row.category_id }));
    const tries: Array<{ id: string; category: number | undefined }> = [];
    for (let index = 0; index < VISIBILITY_TRIES; index += 1) {
      if (index % 4 === 1 && categoryTries.length > 0) tries.push(categoryTries.shift()!);
      tries.push({ id: productId(Math.floor(Math.random() * PRODUCTS)), category: undefined });
    }
    tries.push(...categoryTries);
    for (const [index, item] of tries.entries()) {
      if (Date.now() > budgetEnd || server.ended()) break;
      // A price no writer picks (they stay below 50,010), different each try.
      const price = 60_000 + index + Math.floor(Math.random() * 100) / 100;
      await client.query('UPDATE products SET price = $2 WHERE id = $1', [item.id, price.toFixed(2)]);
      const committed = performance.now();
      const target =
        item.category === undefined
          ? { name: 'product', url: `${server.url}/api/product/${item.id}` }
          : postTarget(server, 'category page', { allCategoryIds: [item.category], sort: 'name', limit: PAGE, offset: 0 });
      let seen: number | undefined;
      while (performance.now() - committed < VISIBILITY_TIMEOUT_MS) {
        try {
          const answer = await ask(target);
          const products = isList(answer.json) ? answer.json : [answer.json as WireProduct];
          if (products.find((product) => product?._id === item.id)?.prodPrice === price) {
            seen = performance.now() - committed;
            break;
          }
          if (answer.status !== 200) result.failures.push(`${target.name}: ${answer.status}`);
        } catch (error) {
          result.failures.push(`${target.name}: ${error instanceof Error ? error.message : String(error)}`);
        }
        await sleep(5);
      }
      if (seen === undefined) result.missed += 1;
      else (item.category === undefined ? result.product : result.category).push(seen);
      await sleep(250);
    }
  } finally {
    await client.end();
  }
  return result;
}

// ---------------------------------------------------------------------------------------------
// The run

const goals: Goal[] = [];
const ms = (value: number) => (Number.isFinite(value) ? `${value.toFixed(value < 10 ? 1 : 0)} ms` : '-');

function loadRow(read: Read, result: { route: Load; bare: Load; share: number }, checked: boolean, stalled: boolean): string[] {
  return [
    read.name,
    String(result.route.p50),
    stalled ? `${result.route.p99} (stalled*)` : String(result.route.p99),
    thousands(result.route.rps),
    thousands(result.bare.rps),
    String(result.bare.p99),
    `${result.route.firstAnswersP99} (${result.bare.firstAnswersP99})`,
    percent(result.share),
    String(result.route.failures),
    thousands(result.route.wireBytes),
    checked ? '✓' : '✗ wrong answer',
  ];
}

function stalledNote(rows: string[][]): void {
  if (rows.some((row) => row.some((cell) => cell.includes('stalled*')))) {
    console.log(
      `* stalled: fewer answers than ${CONNECTIONS} a second, so most requests took over a second; autocannon drops the ` +
        'requests still open when a slice ends, so the p50 and p99 shown are of the few that finished.',
    );
  }
}

const LOAD_HEADER = [
  'read',
  'p50 ms',
  'p99 ms',
  'req/s',
  'bare req/s beside it',
  'bare p99 ms',
  'first answers p99 ms (bare)',
  'share',
  'errors/non-2xx',
  'bytes/answer on the wire',
  'answer',
];

async function staticDirFor(dataDir: string): Promise<{ dir: string; note: string }> {
  const none = path.join(dataDir, 'no-static-files');
  if (!PAGES) return { dir: none, note: 'rendered pages skipped (BENCH_PAGES=0)' };
  try {
    const built = productionBuild('bench-builds', Boolean(process.env.BENCH_SKIP_BUILD));
    return { dir: built, note: `build: ${path.relative(root, built)}` };
  } catch (error) {
    return { dir: none, note: `rendered pages skipped: the build failed (${error instanceof Error ? error.message : String(error)})` };
  }
}

async function main(): Promise<void> {
  if (!/^[a-z_][a-z0-9_]*$/.test(DATABASE)) throw new Error(`BENCH_DATABASE must be a plain lowercase name, not ${DATABASE}`);
  if (!(PRODUCTS >= 1000 && CATEGORIES >= 50)) throw new Error('BENCH_PRODUCTS must be at least 1000 and BENCH_CATEGORIES at least 50');
  console.log(
    `Million bench (issue 27): ${thousands(PRODUCTS)} products, ${thousands(CATEGORIES)} categories, PostgreSQL database ${DATABASE}, ` +
      `server: ${SERVER_DIR === root ? 'built, as npm start runs it' : `${path.join(SERVER_DIR, 'api/src/main.ts')} through tsx`}.`,
  );
  const seeding = performance.now();
  const url = await prepareDatabase();
  const seedMs = performance.now() - seeding;
  if (SEED_ONLY) {
    console.log(`BENCH_SEED_ONLY: nothing measured (${seconds(seedMs)}).`);
    return;
  }

  const dataDir = mkdtempSync(path.join(tmpdir(), 'storefront-million-'));
  const staticDir = await staticDirFor(dataDir);
  const canRender = existsSync(path.join(staticDir.dir, 'index.html'));
  console.log(staticDir.note);
  const logLevel: Record<string, string> = process.env.BENCH_LOG_LEVEL ? { LOG_LEVEL: process.env.BENCH_LOG_LEVEL } : {};
  const bare = await startProcess('tests/bench/bare-server.ts', {}, '/');
  const stopBare = () => bare.stop();
  stopOnExit.add(stopBare);
  const db = new pg.Client({ connectionString: url });
  await db.connect();
  let server: ShopServer | undefined;
  let sampler: NodeJS.Timeout | undefined;
  const memory = { warm: 0, end: 0, peak: 0, peakDuring: 'start' };
  /** What the bench is doing, for the memory peak's report. */
  let phase = 'the first (uncached) reads';
  try {
    try {
      server = await startShopServer(
        { HOST: '127.0.0.1', DATA_DIR: dataDir, STATIC_DIR: staticDir.dir, DATABASE_URL: url, ...logLevel },
        '/api/category',
      );
    } catch (error) {
      console.log(`\nThe server did not start: ${error instanceof Error ? error.message : String(error)}`);
      goals.push({
        what: 'start (spawn to the first answer)',
        measured: 'did not start',
        goal: `<= ${seconds(START_GOAL_MS)}`,
        met: false,
      });
      return;
    }
    const running = server;
    sampler = setInterval(() => {
      const rss = rssBytes(running.pid);
      if (rss > memory.peak) [memory.peak, memory.peakDuring] = [rss, phase];
    }, 500);
    const startRss = rssBytes(running.pid);
    memory.peak = Math.max(memory.peak, startRss);
    console.log(
      `\nServer started in ${seconds(running.startMs)} (spawn to the first 200 of GET /api/category), RSS ${mb(startRss)}; ` +
        `LOG_LEVEL ${process.env.BENCH_LOG_LEVEL ?? 'default (info)'}, NODE_ENV unset (development, as the other benches).`,
    );
    goals.push({
      what: 'start (spawn to the first answer)',
      measured: seconds(running.startMs),
      goal: `<= ${seconds(START_GOAL_MS)}`,
      met: running.startMs <= START_GOAL_MS,
    });

    const { chosen } = await largestCategory(running, db);
    console.log(
      `Large category: "${chosen.name}" (${chosen.id}), ${thousands(chosen.products)} products, ${chosen.ids.length} ids: ${chosen.note}.`,
    );
    const sample = productId(Math.floor(PRODUCTS / 2));
    const firstPageBody = { allCategoryIds: chosen.ids, sort: 'name', limit: PAGE, offset: 0 };

    // First (uncached) answers, in the order a shopper might ask; the deep page's offset comes from the first page's total.
    const firsts: string[][] = [['uncached read', 'first answer ms', 'status', 'products', 'X-Total-Count', 'bytes']];
    const reads: Read[] = [];
    const first = async (read: Read): Promise<Answer | undefined> => {
      try {
        const answer = await ask(read.target);
        firsts.push([
          read.name,
          answer.ms.toFixed(1),
          String(answer.status),
          isList(answer.json) ? String(answer.json.length) : '-',
          answer.total ?? '-',
          thousands(answer.bytes),
        ]);
        reads.push(read);
        return answer;
      } catch (error) {
        firsts.push([read.name, 'failed', error instanceof Error ? error.message : String(error), '', '', '']);
        return undefined;
      }
    };
    const firstPage = await first(
      pageRead(
        `first page of "${chosen.name}" (${chosen.ids.length} ids)`,
        postTarget(running, 'first page', firstPageBody),
        Math.min(PAGE, chosen.products),
      ),
    );
    const total = Number(firstPage?.total ?? chosen.products);
    const lastPage = Math.max(1, Math.ceil(total / PAGE));
    const deepPage = Math.min(DEEP_PAGE, lastPage);
    await first(
      pageRead(
        `page ${thousands(deepPage)} of "${chosen.name}"${deepPage < DEEP_PAGE ? ' (its last page)' : ''}`,
        postTarget(running, 'deep page', { ...firstPageBody, offset: (deepPage - 1) * PAGE }),
        Math.min(PAGE, total - (deepPage - 1) * PAGE),
      ),
    );
    // D25: the large category filtered by size, price and stock, and its filter panel's counts.
    const filters = { options: { Beden: ['M'] }, minPrice: 100, maxPrice: 5000, inStock: true };
    await first({
      name: `"${chosen.name}" filtered (Beden M, 100-5,000, in stock)`,
      target: postTarget(running, 'filtered page', { ...firstPageBody, ...filters }),
      check: (answer) => answer.status === 200 && isList(answer.json) && answer.total !== null,
    });
    await first({
      name: `facets of "${chosen.name}" filtered`,
      target: { ...postTarget(running, 'facets', { allCategoryIds: chosen.ids, ...filters }), url: `${running.url}/api/product/facets` },
      check: (answer) => answer.status === 200 && typeof (answer.json as { total?: unknown } | undefined)?.total === 'number',
    });
    const searchRead: Read = {
      name: `search "${SEARCH}"`,
      target: postTarget(running, 'search', { q: SEARCH, limit: PAGE, offset: 0 }),
      check: (answer) => answer.status === 200 && isList(answer.json) && answer.json.length > 0 && answer.total !== null,
    };
    await first(searchRead);
    await first({
      name: 'GET /api/product/{id}',
      target: { name: 'product', url: `${running.url}/api/product/${sample}` },
      check: (answer) => answer.status === 200 && (answer.json as WireProduct | undefined)?._id === sample,
    });
    const skippedPages: string[] = [];
    if (canRender) {
      const isPage = (answer: Answer) => answer.status === 200 && answer.bytes > 1000;
      await first({
        name: 'GET /product/{id} (rendered page)',
        target: { name: 'product page', url: `${running.url}/product/${sample}` },
        check: isPage,
      });
      await first({
        name: `GET /productlist/{id} (rendered page of "${chosen.name}")`,
        target: { name: 'category page', url: `${running.url}/productlist/${chosen.id}` },
        check: isPage,
      });
    } else {
      skippedPages.push(`rendered pages not measured: ${staticDir.note}`);
    }
    console.log(`\n${table(firsts)}`);
    if (firstPage?.total && Number(firstPage.total) !== chosen.products) {
      console.log(
        `(X-Total-Count ${firstPage.total} of the first page; SQL counts ${thousands(chosen.products)} products in the category's ids)`,
      );
    }
    skippedPages.forEach((line) => console.log(line));
    memory.warm = rssBytes(running.pid);
    memory.peak = Math.max(memory.peak, memory.warm);
    console.log(`RSS after warm-up (every read asked once): ${mb(memory.warm)}`);

    const bareTarget: Target = { name: 'bare Fastify GET /', url: `${bare.url}/` };
    const runLoads = async (label: string, withGoals: 'reads' | 'writes'): Promise<string[][]> => {
      const rows = [LOAD_HEADER];
      for (const read of reads.filter((each) => isLoaded(each.name))) {
        if (running.ended()) break;
        phase = `${label}: ${read.name}`;
        const result = await loadBeside(read.target, bareTarget);
        const answer = await ask(read.target).catch(() => undefined);
        const checked = answer !== undefined && read.check(answer);
        // autocannon drops the requests still open when a slice ends: with fewer answers than one per
        // connection and second, most took longer than a second, whatever the p99 of those that came.
        const stalled = result.route.rps < CONNECTIONS;
        rows.push(loadRow(read, result, checked, stalled));
        const fast = result.route.p99 <= P99_GOAL_MS && result.route.failures === 0 && checked && !stalled;
        goals.push({
          what: `${label}: ${read.name}`,
          measured:
            `p99 ${stalled ? '> 1 s (stalled*)' : `${result.route.p99} ms`}, ${result.route.failures} errors` +
            `${checked ? '' : ', wrong answer'}`,
          goal: `p99 <= ${P99_GOAL_MS} ms, 0 errors`,
          met: fast,
        });
        if (withGoals === 'reads') {
          goals.push({
            what: `${label}: ${read.name}, share of the bare route`,
            measured: `${percent(result.share)} (${thousands(result.route.rps)} of ${thousands(result.bare.rps)} req/s)`,
            goal: `>= ${percent(SHARE_GOAL)}`,
            met: result.share >= SHARE_GOAL,
          });
        }
      }
      return rows;
    };

    const readRows = await runLoads('reads', 'reads');
    console.log(
      `\nReads: ${loadDescription('read')} (share: the median slice; p50 and p99: of answers on connections already open, ` +
        "p99 the worst slice's; first answers: of each slice's connections, opened at once).",
    );
    console.log(table(readRows));
    stalledNote(readRows);

    // The same reads while prices change; the visibility tries run beside them (and, should they
    // take longer than the loads, on after them with the writer still writing, within their budget).
    const writer = startPriceWriter(url);
    // Reads are measured with the writer under way: its connections' first UPDATEs (new backends,
    // triggers planned for the first time) and the server's first changes heard come before them.
    await sleep(WRITER_SETTLE_MS);
    const visibility = measureVisibility(running, url).catch((error: unknown): Visibility => {
      console.error('The visibility tries failed:', error);
      return { product: [], category: [], missed: 1, failures: [String(error)] };
    });
    const writeRows = await runLoads(`under ${WRITES_PER_SECOND} price changes/s`, 'writes');
    const seen = await visibility;
    const written = await writer.stop();
    console.log(
      `\nReads under writes: the same reads while ${WRITES_PER_SECOND} UPDATEs/s change random products' prices (one committed UPDATE each, reads from ${seconds(WRITER_SETTLE_MS)} after it started); ` +
        `written ${thousands(written.updates)} in ${seconds(written.seconds * 1000)} = ${(written.updates / written.seconds).toFixed(1)}/s, ` +
        `UPDATE p50 ${ms(written.p50)}, p99 ${ms(written.p99)}, ${written.errors} failed.`,
    );
    console.log(table(writeRows));
    stalledNote(writeRows);

    const all = [...seen.product, ...seen.category];
    const visibleMax = seen.missed > 0 ? Infinity : all.length > 0 ? Math.max(...all) : Number.NaN;
    const max = (values: number[]) => (values.length > 0 ? Math.max(...values) : Number.NaN);
    console.log(
      `\nChange visible (commit acknowledged -> new price in the answer, polled every 5 ms, beside the loads above):\n${table([
        ['answer', 'tries', 'p50', 'max', `not visible within ${seconds(VISIBILITY_TIMEOUT_MS)}`],
        ['GET /api/product/{id}', String(seen.product.length), ms(median(seen.product)), ms(max(seen.product)), ''],
        [
          'category page holding it (POST /api/product)',
          String(seen.category.length),
          ms(median(seen.category)),
          ms(max(seen.category)),
          '',
        ],
        ['all', String(all.length + seen.missed), ms(median(all)), ms(visibleMax), String(seen.missed)],
      ])}`,
    );
    if (seen.failures.length > 0) console.log(`Polling errors: ${seen.failures.length} (first: ${seen.failures[0]})`);
    goals.push({
      what: `under ${WRITES_PER_SECOND} price changes/s: change visible`,
      measured:
        all.length === 0
          ? 'no try finished'
          : `max ${seen.missed > 0 ? `> ${seconds(VISIBILITY_TIMEOUT_MS)} (${seen.missed} not seen)` : ms(visibleMax)}, p50 ${ms(median(all))} (${all.length + seen.missed} tries)`,
      goal: `<= ${seconds(VISIBLE_GOAL_MS)}`,
      met: all.length > 0 && visibleMax <= VISIBLE_GOAL_MS,
    });
    goals.push({
      what: `under ${WRITES_PER_SECOND} price changes/s: the writer kept up`,
      measured: `${(written.updates / written.seconds).toFixed(1)} UPDATEs/s, ${written.errors} failed`,
      goal: `>= ${WRITES_PER_SECOND * 0.9}/s, 0 failed`,
      met: written.updates / written.seconds >= WRITES_PER_SECOND * 0.9 && written.errors === 0,
    });
    memory.end = rssBytes(running.pid);
    memory.peak = Math.max(memory.peak, memory.end);
  } finally {
    if (sampler) clearInterval(sampler);
    if (server) {
      const ended = server.ended();
      if (ended) console.log(`\nThe server had ended before the bench did: ${ended}`);
      await server.stop();
    }
    await db.end().catch(() => undefined);
    stopOnExit.delete(stopBare);
    await bare.stop();
    rmSync(dataDir, { recursive: true, force: true });
    if (server) {
      console.log(
        `\nServer RSS: ${mb(memory.warm)} after warm-up, ${mb(memory.end)} at the end, ${mb(memory.peak)} at most (sampled every 0.5 s; the most during ${memory.peakDuring}).`,
      );
      goals.unshift({
        what: 'memory (server RSS, at most)',
        measured: mb(memory.peak),
        goal: `<= ${MEMORY_GOAL_MB} MB`,
        met: memory.peak > 0 && memory.peak <= MEMORY_GOAL_MB * MiB,
      });
    }
    console.log(
      `\nSeeding (or finding the seeded database): ${seconds(seedMs)}; measuring: ${seconds(performance.now() - seeding - seedMs)}.`,
    );
  }
}

function printGoals(): boolean {
  if (SEED_ONLY) return true;
  const rows = [['goal', 'measured', 'target', ''], ...goals.map((goal) => [goal.what, goal.measured, goal.goal, goal.met ? '✓' : '✗'])];
  console.log(`\nGoals (issue 27, ${thousands(PRODUCTS)} products):\n${table(rows)}`);
  const missed = goals.filter((goal) => !goal.met).length;
  console.log(missed === 0 && goals.length > 0 ? '\nEvery goal met.' : `\n${missed} of ${goals.length} goals missed.`);
  return missed === 0 && goals.length > 0;
}

main().then(
  () => {
    process.exitCode = printGoals() ? 0 : 1;
  },
  (error: unknown) => {
    console.error('\nThe million bench failed:', error);
    if (goals.length > 0) printGoals();
    process.exitCode = 1;
  },
);
