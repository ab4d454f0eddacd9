import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from './config';
import { startServer } from './start-server';

const ROOT = path.resolve(import.meta.dirname, '../..');

function tempDir(): string {
  return mkdtempSync(path.join(tmpdir(), 'main-'));
}

/** A port nothing listens on (bound for a moment, then let go). */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

const started: ReturnType<typeof spawn>[] = [];
afterAll(() => {
  for (const child of started) child.kill('SIGKILL');
});

/** `tsx server/src/main.ts` with only `env`; resolves when it logs that it is ready, or exits. */
function startMain(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', LOG_LEVEL: 'info', ...env },
  });
  started.push(child);
  let output = '';
  return new Promise((resolve) => {
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('API ready at')) resolve({ code: null, output });
    };
    child.stdout.on('data', read);
    child.stderr.on('data', read);
    child.once('exit', (code) => resolve({ code, output }));
  });
}

// Each test waits on a process of its own: they run side by side.
describe.concurrent('main', () => {
  it('refuses a bad configuration with a message naming every bad variable and exit code 1', async () => {
    const result = await startMain({ DATA_DIR: tempDir(), PORT: 'eighty', PUBLIC_URL: 'localhost', JWT_SECRET: 'short' });
    expect(result.code).toBe(1);
    expect(result.output).toContain('Invalid configuration');
    expect(result.output).toContain('PORT: a port number from 0 to 65535 (got "eighty")');
    expect(result.output).toContain('PUBLIC_URL');
    expect(result.output).toContain('JWT_SECRET');
  });

  it('refuses a second start on a busy port before it touches any data, saying so', async () => {
    const occupant = createServer();
    await new Promise<void>((resolve) => occupant.listen(0, '127.0.0.1', resolve));
    const { port } = occupant.address() as AddressInfo;
    try {
      const dataDir = tempDir();
      // No HOST: development listens on 127.0.0.1, where the port is taken.
      const second = await startMain({ PORT: String(port), DATA_DIR: dataDir });
      expect(second.code).toBe(1);
      expect(second.output).toContain(`The server could not start: port ${port} is in use (on 127.0.0.1)`);
      expect(second.output).toContain('set PORT to a free port');
      // Refused before the embedded database was opened, migrated or seeded.
      expect(existsSync(path.join(dataDir, 'pglite'))).toBe(false);
      expect(readdirSync(dataDir)).not.toContain('outbox');
    } finally {
      await new Promise((resolve) => occupant.close(resolve));
    }
  });
});

describe('startServer', () => {
  it('says which setting to fix when the database refuses the connection, without its password', async () => {
    const port = await closedPort();
    const config = loadConfig({ DATA_DIR: tempDir(), PORT: '0', DATABASE_URL: `postgres://shop:pw-never-shown@127.0.0.1:${port}/shop` });
    const start = startServer(config);
    await expect(start).rejects.toThrow(
      `cannot reach the database at DATABASE_URL=postgres://shop:***@127.0.0.1:${port}/shop: connection refused (is PostgreSQL running there, on that port?)`,
    );
    await expect(start).rejects.not.toThrow(/pw-never-shown/);
  });

  it('says which setting to fix when the host is no address of this machine', async () => {
    const config = loadConfig({ DATA_DIR: tempDir(), PORT: String(await closedPort()), HOST: '192.0.2.1' });
    await expect(startServer(config)).rejects.toThrow('HOST=192.0.2.1 is no address of this machine');
    expect(existsSync(path.join(config.dataDir, 'pglite'))).toBe(false);
  });
});
