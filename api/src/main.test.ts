import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
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

describe('main', () => {
  it('refuses a bad configuration with a message naming every bad variable and exit code 1', () => {
    const result = spawnSync(process.execPath, ['--import', 'tsx', 'api/src/main.ts'], {
      cwd: ROOT,
      env: { PATH: process.env.PATH ?? '', DATA_DIR: tempDir(), PORT: 'eighty', PUBLIC_URL: 'localhost', JWT_SECRET: 'short' },
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('Invalid configuration');
    expect(result.stderr).toContain('PORT: a port number from 0 to 65535 (got "eighty")');
    expect(result.stderr).toContain('PUBLIC_URL');
    expect(result.stderr).toContain('JWT_SECRET');
  });
});

describe('startServer', () => {
  it('refuses a second start on a busy port before it touches any data, saying so', async () => {
    const occupant = createServer();
    await new Promise<void>((resolve) => occupant.listen(0, '127.0.0.1', resolve));
    const { port } = occupant.address() as AddressInfo;
    try {
      // No HOST: development listens on 127.0.0.1, where the port is taken.
      const config = loadConfig({ DATA_DIR: tempDir(), PORT: String(port) });
      await expect(startServer(config)).rejects.toThrow(
        `port ${port} is in use (on 127.0.0.1): another server runs there; stop it, or set PORT to a free port`,
      );
      // Refused before the embedded database was opened, migrated or seeded.
      expect(existsSync(path.join(config.dataDir, 'pglite'))).toBe(false);
      expect(readdirSync(config.dataDir)).not.toContain('outbox');
    } finally {
      await new Promise((resolve) => occupant.close(resolve));
    }
  });

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
