/**
 * Page weight: the gzipped JavaScript and CSS a first visit downloads for each route (the entry
 * plus the route's lazy chunk and everything they import), from Vite's build manifest. Fails
 * when the home route is over its budget.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const HOME_ROUTE_BUDGET_KIB = 170;

interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
  isEntry?: boolean;
}

const root = path.resolve(import.meta.dirname, '../..');
if (!process.env.BENCH_SKIP_BUILD) execFileSync('npx', ['vite', 'build', '--logLevel', 'warn'], { cwd: root, stdio: 'inherit' });
const dist = path.join(root, 'dist');
const manifest = JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8')) as Record<string, ManifestChunk>;

function files(key: string, seen = new Set<string>()): Set<string> {
  const chunk = manifest[key];
  if (!chunk || seen.has(chunk.file)) return seen;
  seen.add(chunk.file);
  for (const css of chunk.css ?? []) seen.add(css);
  for (const imported of chunk.imports ?? []) files(imported, seen);
  return seen;
}

const gzipKiB = (file: string) => gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length / 1024;
const weigh = (set: Set<string>) => [...set].reduce((sum, file) => sum + gzipKiB(file), 0);

const entry = files('index.html');
const routes: Record<string, string> = {
  '/': 'src/views/home/home-page.tsx',
  '/productlist/{catId}': 'src/views/catalog/product-list-page.tsx',
  '/product/{id}': 'src/views/product/product-page.tsx',
  '/cart': 'src/views/cart/cart-page.tsx',
  '/authpopup': 'src/views/auth/auth-popup-page.tsx',
  '/profile': 'src/views/profile/profile-page.tsx',
  '/check-out': 'src/views/checkout/checkout-page.tsx',
};

console.log(`entry (every route): ${weigh(entry).toFixed(1)} KiB gzipped`);
let home = 0;
for (const [route, source] of Object.entries(routes)) {
  const total = weigh(files(source, new Set(entry)));
  if (route === '/') home = total;
  console.log(`${route.padEnd(22)} ${total.toFixed(1).padStart(7)} KiB gzipped on first visit`);
}
console.log(`home route budget: ${HOME_ROUTE_BUDGET_KIB} KiB`);
if (home > HOME_ROUTE_BUDGET_KIB) {
  console.error(`The home route weighs ${home.toFixed(1)} KiB, over its ${HOME_ROUTE_BUDGET_KIB} KiB budget.`);
  process.exitCode = 1;
}
