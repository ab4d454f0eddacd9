import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
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
const staticDir = path.join(root, 'test-results', 'e2e-dist');

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

export default async function setup(project: TestProject) {
  // A build of its own: a parallel `vite build` into dist/ must not swap files under a running suite.
  if (!process.env.E2E_SKIP_BUILD || !existsSync(path.join(staticDir, 'index.html'))) {
    execFileSync('npx', ['vite', 'build', '--logLevel', 'warn', '--outDir', staticDir, '--emptyOutDir'], {
      cwd: root,
      stdio: 'inherit',
    });
  }
  const dataDir = mkdtempSync(path.join(tmpdir(), 'storefront-e2e-'));
  const outboxDir = path.join(dataDir, 'outbox');
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const server = spawn('node', ['--import', 'tsx', 'server/src/main.ts'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      NODE_ENV: 'test',
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
  RATE_LIMIT_LOGIN_PER_CLIENT: '1000',
  RATE_LIMIT_REGISTER_PER_CLIENT: '1000',
  RATE_LIMIT_FORGOT_PER_ADDRESS: '1000',
  RATE_LIMIT_FORGOT_PER_CLIENT: '1000',
  RATE_LIMIT_VERIFY_MAIL_PER_ADDRESS: '1000',
  RATE_LIMIT_VERIFY_MAIL_PER_CLIENT: '1000',
  // Cheaper hashing keeps the many sign-ups and logins quick; the hashing itself is the server's tests' concern.
  ARGON2_MEMORY_KIB: '4096',
  ARGON2_TIME_COST: '1',
};
