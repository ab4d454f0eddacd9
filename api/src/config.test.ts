import { randomBytes } from 'node:crypto';
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
    expect(config.host).toBe('127.0.0.1');
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
      // Each line says what is expected and what was given.
      expect(message).toContain('PORT: a port number from 0 to 65535 (got "abc")');
      expect(message).toContain(`PUBLIC_URL: the shop's address, e.g. https://shop.example.com (got "not a url")`);
    }
  });

  it('never repeats a secret or a URL that may carry a password in its messages', () => {
    try {
      loadConfig({ DATA_DIR: tempDir(), JWT_SECRET: 'hunter2', DATABASE_URL: 'postgres//user:hunter3@db' });
      expect.unreachable();
    } catch (error) {
      const message = (error as ConfigError).message;
      expect(message).toContain('JWT_SECRET');
      expect(message).toContain('DATABASE_URL: not a URL');
      expect(message).not.toMatch(/hunter/);
    }
  });

  it('takes the default PUBLIC_URL from PORT, so mail links follow the port', () => {
    expect(loadConfig({ DATA_DIR: tempDir(), PORT: '5400' }).publicUrl).toBe('http://localhost:5400');
    expect(loadConfig({ DATA_DIR: tempDir(), PORT: '5400', PUBLIC_URL: 'https://shop.example/' }).publicUrl).toBe('https://shop.example');
    // PORT=0 picks any free port at listen time: no link can name it, the documented default stays.
    expect(loadConfig({ DATA_DIR: tempDir(), PORT: '0' }).publicUrl).toBe('http://localhost:5000');
  });

  it('listens on this machine only outside production, unless HOST says otherwise', () => {
    expect(loadConfig({ DATA_DIR: tempDir(), NODE_ENV: 'development' }).host).toBe('127.0.0.1');
    expect(loadConfig({ DATA_DIR: tempDir(), NODE_ENV: 'test' }).host).toBe('127.0.0.1');
    expect(loadConfig({ DATA_DIR: tempDir(), HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
    expect(loadConfig({ DATA_DIR: tempDir(), HOST: ' ' }).host).toBe('127.0.0.1');
    const production = {
      NODE_ENV: 'production',
      JWT_SECRET: randomBytes(32).toString('hex'),
      PUBLIC_URL: 'https://shop.example.com',
      SMTP_URL: 'smtps://user:pass@smtp.example.com',
    };
    expect(loadConfig({ DATA_DIR: tempDir(), ...production }).host).toBe('0.0.0.0');
    expect(loadConfig({ DATA_DIR: tempDir(), ...production, HOST: '10.0.0.5' }).host).toBe('10.0.0.5');
  });

  it('requires a JWT secret of 32 characters or more, and one in production', () => {
    expect(() => loadConfig({ DATA_DIR: tempDir(), NODE_ENV: 'production' })).toThrow(/JWT_SECRET: required when NODE_ENV=production/);
    expect(() => loadConfig({ DATA_DIR: tempDir(), JWT_SECRET: 'short' })).toThrow(/JWT_SECRET: must be at least 32 characters/);
    const secret = randomBytes(32).toString('base64');
    const production = { NODE_ENV: 'production', PUBLIC_URL: 'https://shop.example.com', SMTP_URL: 'smtps://user:pass@smtp.example.com' };
    expect(loadConfig({ DATA_DIR: tempDir(), ...production, JWT_SECRET: secret }).jwtSecret).toBe(secret);
  });

  it('parses the CORS allowlist', () => {
    const config = loadConfig({ DATA_DIR: tempDir(), CORS_ORIGINS: 'http://localhost:5173, https://shop.example' });
    expect(config.corsOrigins).toEqual(['http://localhost:5173', 'https://shop.example']);
    expect(() => loadConfig({ DATA_DIR: tempDir(), CORS_ORIGINS: 'nope' })).toThrow(/CORS_ORIGINS/);
  });
});
