import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { TEST_ENV } from './testing/test-env';

const ROOT = path.resolve(import.meta.dirname, '../..');
const PASSWORD = 'Str0ng!Pass';
const children: ChildProcess[] = [];

afterAll(() => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
});

function exitOf(child: ChildProcess): Promise<number | null> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(child.exitCode);
  return new Promise((resolve) => child.once('exit', (code) => resolve(code)));
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** The real server process (tsx api/src/main.ts) on its own data directory, embedded PGlite. */
async function launch(dataDir: string, port: number): Promise<{ child: ChildProcess; base: string }> {
  // One process (node with the tsx loader), not the tsx wrapper: SIGKILL must hit the server itself.
  const child = spawn(process.execPath, ['--import', 'tsx', 'api/src/main.ts'], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      STATIC_DIR: path.join(dataDir, 'no-spa'),
      ...TEST_ENV,
      RATE_LIMIT_REGISTER_PER_CLIENT: '100000',
      RATE_LIMIT_LOGIN_PER_CLIENT: '100000',
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  children.push(child);
  let stderr = '';
  child.stderr?.on('data', (chunk) => (stderr += String(chunk)));
  const base = `http://127.0.0.1:${port}`;
  for (let attempt = 0; attempt < 600; attempt++) {
    if (child.exitCode !== null) throw new Error(`server exited: ${stderr}`);
    try {
      if ((await fetch(`${base}/api/Category`)).ok) return { child, base };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`server did not start: ${stderr}`);
}

async function post(base: string, url: string, body: unknown, token?: string, method = 'POST') {
  const response = await fetch(`${base}${url}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, any> };
}

describe('durability on embedded PGlite', () => {
  it('keeps every acknowledged write across a kill -9 during writes', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'durability-'));
    const port = await freePort();
    const first = await launch(dataDir, port);

    const acknowledgedUsers: string[] = [];
    const acknowledgedAddresses: Array<{ email: string; id: string }> = [];
    let stop = false;
    // Several concurrent writers: sign-up, login, then an address, as fast as they can.
    const writers = Array.from({ length: 4 }, async (_, w) => {
      for (let i = 0; !stop; i++) {
        const email = `w${w}-${i}@example.com`;
        try {
          const registered = await post(first.base, '/api/users/register', { userName: 'u', email, password: PASSWORD });
          if (registered.status !== 201) continue;
          acknowledgedUsers.push(email);
          const login = await post(first.base, '/api/users/login', { email, password: PASSWORD });
          const saved = await post(first.base, '/api/users/update-address', { addressName: `a-${email}` }, login.body.accessToken, 'PUT');
          if (saved.status === 200) acknowledgedAddresses.push({ email, id: saved.body._newId });
        } catch {
          return; // the server died mid-request: that write was not acknowledged
        }
      }
    });
    await expect.poll(() => acknowledgedAddresses.length, { timeout: 60_000 }).toBeGreaterThanOrEqual(20);
    const exited = exitOf(first.child);
    first.child.kill('SIGKILL');
    stop = true;
    await Promise.all(writers);
    await exited;

    const second = await launch(dataDir, port);
    for (const email of acknowledgedUsers) {
      const login = await post(second.base, '/api/users/login', { email, password: PASSWORD });
      expect(login.status, email).toBe(200);
    }
    for (const { email, id } of acknowledgedAddresses) {
      const login = await post(second.base, '/api/users/login', { email, password: PASSWORD });
      const address = (login.body.user.address as Array<{ _id: string; addressName: string }>).find((a) => a._id === id);
      expect(address?.addressName, email).toBe(`a-${email}`);
    }
    const stopped = exitOf(second.child);
    second.child.kill('SIGTERM');
    expect(await stopped).toBe(0);
  }, 180_000);
});
