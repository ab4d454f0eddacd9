import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';

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

async function waitForServer(url: string, server: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`The server exited with code ${server.exitCode} before answering`);
    try {
      const response = await fetch(`${url}/api/Category`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`The server at ${url} did not answer within ${timeoutMs} ms`);
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
  const dataDir = mkdtempSync(path.join(tmpdir(), 'storefront-e2e-'));
  const outboxDir = path.join(dataDir, 'outbox');
  const baseUrl = `http://127.0.0.1:${port}`;
  const server = spawn('node', ['--import', 'tsx', 'server/src/main.ts'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      // Not 'production': that demands SMTP_URL, and the journeys read their mails from the outbox.
      NODE_ENV: 'test',
      JWT_SECRET: randomBytes(48).toString('base64url'),
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: baseUrl,
      DATA_DIR: dataDir,
      MAIL_OUTBOX_DIR: outboxDir,
      STATIC_DIR: staticDir,
      DATABASE_URL: '',
      REDIS_URL: '',
      SMTP_URL: '',
      LOG_LEVEL: 'warn',
      ...e2eLimits,
    },
  });
  await waitForServer(baseUrl, server, 60_000);
  project.provide('baseUrl', baseUrl);
  project.provide('outboxDir', outboxDir);

  return async () => {
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve).once('error', resolve));
    rmSync(dataDir, { recursive: true, force: true });
  };
}

/** Journeys sign up and log in many times from one address: production limits would throttle them. */
const e2eLimits: Record<string, string> = {
  RATE_LIMIT_LOGIN_PER_ACCOUNT: '1000',
  RATE_LIMIT_LOGIN_PER_ACCOUNT_CLIENT: '1000',
  RATE_LIMIT_LOGIN_PER_CLIENT: '1000',
  RATE_LIMIT_REGISTER_PER_CLIENT: '1000',
  RATE_LIMIT_RESET_PER_CLIENT: '1000',
  RATE_LIMIT_FORGOT_PER_ADDRESS: '1000',
  RATE_LIMIT_FORGOT_PER_CLIENT: '1000',
  RATE_LIMIT_VERIFY_MAIL_PER_ADDRESS: '1000',
  RATE_LIMIT_VERIFY_MAIL_PER_CLIENT: '1000',
  // Cheaper hashing keeps the many sign-ups and logins quick; the hashing itself is the server's tests' concern.
  ARGON2_MEMORY_KIB: '4096',
  ARGON2_TIME_COST: '1',
};
