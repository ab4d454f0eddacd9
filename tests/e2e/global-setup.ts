import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { build } from '../../server/src/testing/test-server';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    outboxDir: string;
  }
}

const root = path.resolve(import.meta.dirname, '../..');
const buildsDir = path.join(root, 'test-results', 'e2e-builds');

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/**
 * A production build of its own, exactly what `npm start` serves: the server marks the page it
 * serves, so the shop calls the server's own origin whatever its port. Every run builds into a
 * fresh folder, so a parallel run or a `vite build` into dist/ never swaps files under a running
 * suite; E2E_SKIP_BUILD reuses the newest build.
 */
function prepareBuild(): string {
  mkdirSync(buildsDir, { recursive: true });
  const builds = readdirSync(buildsDir)
    .filter((name) => existsSync(path.join(buildsDir, name, 'index.html')))
    .map((name) => ({ dir: path.join(buildsDir, name), time: statSync(path.join(buildsDir, name)).mtimeMs }))
    .sort((a, b) => b.time - a.time);
  if (process.env.E2E_SKIP_BUILD && builds[0]) return builds[0].dir;
  // Builds of runs that ended long ago go; recent ones may still be serving a parallel run.
  for (const build of builds) {
    if (Date.now() - build.time > 60 * 60_000) rmSync(build.dir, { recursive: true, force: true });
  }
  const staticDir = path.join(buildsDir, `${Date.now()}-${process.pid}`);
  execFileSync('npx', ['vite', 'build', '--logLevel', 'warn', '--outDir', staticDir, '--emptyOutDir'], {
    cwd: root,
    stdio: 'inherit',
    // Vitest runs with NODE_ENV=test, which would make Vite build a development bundle.
    env: { ...process.env, NODE_ENV: 'production', VITE_API_URL: '' },
  });
  return staticDir;
}

export default async function setup(project: TestProject) {
  // Failure screenshots and traces of this run only.
  rmSync(path.join(root, 'test-results', 'e2e'), { recursive: true, force: true });
  const staticDir = prepareBuild();
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  // The server's one test harness, listening: what `npm start` serves (startServer, the built shop,
  // socket.io, the dev outbox) on a fresh in-memory database, with the real clock.
  const server = await build({
    listen: true,
    seed: true,
    mail: 'outbox',
    clock: 'system',
    databaseUrl: null,
    env: {
      JWT_SECRET: randomBytes(48).toString('base64url'),
      PORT: String(port),
      PUBLIC_URL: baseUrl,
      STATIC_DIR: staticDir,
      LOG_LEVEL: 'warn',
    },
  });
  project.provide('baseUrl', baseUrl);
  project.provide('outboxDir', server.config.mailOutboxDir);

  return () => server.close();
}
