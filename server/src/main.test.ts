import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');

describe('main', () => {
  it('refuses a bad configuration with a message naming every bad variable and exit code 1', () => {
    const result = spawnSync(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
      cwd: ROOT,
      env: {
        PATH: process.env.PATH ?? '',
        DATA_DIR: mkdtempSync(path.join(tmpdir(), 'main-')),
        PORT: 'eighty',
        PUBLIC_URL: 'localhost',
        JWT_SECRET: 'short',
      },
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('Invalid configuration');
    expect(result.stderr).toContain('PORT');
    expect(result.stderr).toContain('PUBLIC_URL');
    expect(result.stderr).toContain('JWT_SECRET');
  });
});
