import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');

/** Where a build holds the server, as `npm run build` writes it (`dist/.server/main.mjs`). */
export const BUILT_SERVER = path.join('.server', 'main.mjs');

/** Where a build holds the storefront tier's server (`dist/.storefront/main.mjs`, D22). */
export const BUILT_STOREFRONT = path.join('.storefront', 'main.mjs');

/** Node's settings for the built server, as `npm start` gives them (a test keeps the two equal). */
export const SERVER_NODE_FLAGS = ['--enable-source-maps', '--max-old-space-size=192'];

/**
 * A production build of its own, exactly what `npm start` serves (the shop, its server renderer and the servers), in
 * `test-results/<folder>/<time>-<pid>/`: every run builds into a fresh folder, so a parallel run
 * or a `vite build` into dist/ never swaps files under a running suite. `reuseNewest` takes the
 * newest earlier build instead (E2E_SKIP_BUILD, BENCH_SKIP_BUILD).
 */
export function productionBuild(folder: string, reuseNewest: boolean): string {
  const buildsDir = path.join(root, 'test-results', folder);
  mkdirSync(buildsDir, { recursive: true });
  const builds = readdirSync(buildsDir)
    .filter((name) => existsSync(path.join(buildsDir, name, 'index.html')))
    .map((name) => ({ dir: path.join(buildsDir, name), time: statSync(path.join(buildsDir, name)).mtimeMs }))
    .sort((a, b) => b.time - a.time);
  if (reuseNewest && builds[0]) return builds[0].dir;
  // Builds of runs that ended long ago go; recent ones may still be serving a parallel run.
  for (const build of builds) {
    if (Date.now() - build.time > 60 * 60_000) rmSync(build.dir, { recursive: true, force: true });
  }
  const staticDir = path.join(buildsDir, `${Date.now()}-${process.pid}`);
  // As `npm run build`: the shop, then its server renderer beside it (`.ssr/`, D17).
  const steps = [
    ['--outDir', staticDir, '--emptyOutDir'],
    ['--ssr', 'storefront/src/shell/entry-server.tsx', '--outDir', path.join(staticDir, '.ssr')],
  ];
  for (const args of steps) {
    execFileSync('npx', ['vite', 'build', '--logLevel', 'warn', ...args], {
      cwd: root,
      stdio: 'inherit',
      // Vitest runs with NODE_ENV=test, which would make Vite build a development bundle.
      env: { ...process.env, NODE_ENV: 'production', VITE_API_URL: '' },
    });
  }
  // And the servers as `npm start` and `npm run start:storefront` run them, beside them.
  for (const [script, file] of [
    ['build:server', BUILT_SERVER],
    ['build:storefront', BUILT_STOREFRONT],
  ] as const) {
    // Each writes its entry points (the server's: main.mjs and mail-outbox.mjs) into one folder.
    execFileSync('npm', ['run', '--silent', script, '--', `--outdir=${path.join(staticDir, path.dirname(file))}`], {
      cwd: root,
      stdio: 'inherit',
    });
  }
  return staticDir;
}
