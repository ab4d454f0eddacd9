/**
 * `npm run seed:bench`: the generated scale catalogue (10,000 products, 2,000 categories five
 * levels deep; tests/bench/scale-catalog.ts) in PGlite at `.data-bench/` (BENCH_DATA_DIR), or in
 * DATABASE_URL when given. Never the default `.data/`. Browse it with
 * `DATA_DIR=.data-bench npm start` (the server adds the demo catalogue beside it, as always).
 */
import path from 'node:path';
import { seedScaleCatalog } from './scale-catalog';

const root = path.resolve(import.meta.dirname, '../..');
const databaseUrl = process.env.DATABASE_URL || undefined;
const dataDir = path.resolve(root, process.env.BENCH_DATA_DIR ?? '.data-bench');
if (!databaseUrl && dataDir === path.resolve(root, '.data')) {
  console.error('seed:bench writes to its own data directory, never to .data/ (set BENCH_DATA_DIR to another one).');
  process.exit(1);
}
const started = performance.now();
const { products, categories } = await seedScaleCatalog({ ...(databaseUrl ? { databaseUrl } : {}), dataDir });
console.log(
  `Wrote ${products.length.toLocaleString('en-US')} products and ${categories.length.toLocaleString('en-US')} categories into ` +
    `${databaseUrl ? 'DATABASE_URL' : path.relative(root, path.join(dataDir, 'pglite'))} in ${((performance.now() - started) / 1000).toFixed(1)} s.`,
);
