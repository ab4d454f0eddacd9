import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

function tempDir(): string {
  return mkdtempSync(path.join(tmpdir(), 'config-'));
}

describe('loadConfig', () => {
  it('applies the documented defaults', () => {
    const dataDir = tempDir();
    const config = loadConfig({ DATA_DIR: dataDir });
    expect(config.port).toBe(5000);
    expect(config.host).toBe('0.0.0.0');
    expect(config.publicUrl).toBe('http://localhost:5000');
    expect(config.databaseUrl).toBeUndefined();
    expect(config.mailOutboxDir).toBe(path.join(dataDir, 'outbox'));
    expect(config.argon2).toEqual({ memoryKib: 19456, timeCost: 2, maxConcurrency: 2 });
    expect(config.rateLimits).toMatchObject({ loginPerAccount: 50, loginPerAccountClient: 5, loginPerClient: 30, resetPerClient: 10 });
    expect(config.rateLimits.windowMs).toBe(15 * 60_000);
    expect(config.corsOrigins).toEqual([]);
  });

  it('generates a JWT secret once, keeps it private and reuses it', () => {
    const dataDir = tempDir();
    const first = loadConfig({ DATA_DIR: dataDir }).jwtSecret;
    const file = path.join(dataDir, 'jwt-secret');
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(readFileSync(file, 'utf8')).toBe(first);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(loadConfig({ DATA_DIR: dataDir }).jwtSecret).toBe(first);
  });

  it('lists every bad variable', () => {
    try {
      loadConfig({ DATA_DIR: tempDir(), PORT: 'abc', PUBLIC_URL: 'not a url', RATE_LIMIT_LOGIN_PER_ACCOUNT: '0' });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      const message = (error as ConfigError).message;
      expect(message).toContain('PORT');
      expect(message).toContain('PUBLIC_URL');
      expect(message).toContain('RATE_LIMIT_LOGIN_PER_ACCOUNT');
    }
  });

  it('requires a strong JWT secret in production', () => {
    expect(() => loadConfig({ DATA_DIR: tempDir(), NODE_ENV: 'production' })).toThrow(/JWT_SECRET/);
    expect(() => loadConfig({ DATA_DIR: tempDir(), JWT_SECRET: 'short' })).toThrow(/JWT_SECRET/);
    const secret = 'x'.repeat(40);
    const smtp = { SMTP_URL: 'smtps://user:pass@smtp.example.com' };
    expect(loadConfig({ DATA_DIR: tempDir(), NODE_ENV: 'production', JWT_SECRET: secret, ...smtp }).jwtSecret).toBe(secret);
  });

  it('parses the CORS allowlist', () => {
    const config = loadConfig({ DATA_DIR: tempDir(), CORS_ORIGINS: 'http://localhost:5173, https://shop.example' });
    expect(config.corsOrigins).toEqual(['http://localhost:5173', 'https://shop.example']);
    expect(() => loadConfig({ DATA_DIR: tempDir(), CORS_ORIGINS: 'nope' })).toThrow(/CORS_ORIGINS/);
  });
});
