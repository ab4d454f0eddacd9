import { mkdtempSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

function tempDir(): string {
  return mkdtempSync(path.join(tmpdir(), 'config-'));
}

function problemsOf(env: Record<string, string>): string {
  try {
    loadConfig({ DATA_DIR: tempDir(), ...env });
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as ConfigError).message;
  }
  throw new Error('expected a ConfigError');
}

describe('TRUST_PROXY', () => {
  it('trusts no proxy when unset or false', () => {
    expect(loadConfig({ DATA_DIR: tempDir() }).trustProxy).toEqual([]);
    expect(loadConfig({ DATA_DIR: tempDir(), TRUST_PROXY: 'false' }).trustProxy).toEqual([]);
  });

  it('takes a comma-separated list of proxy addresses and CIDR ranges', () => {
    const config = loadConfig({ DATA_DIR: tempDir(), TRUST_PROXY: ' 10.0.0.1, 192.168.0.0/16,::1 , fd00::/8,loopback' });
    expect(config.trustProxy).toEqual(['10.0.0.1', '192.168.0.0/16', '::1', 'fd00::/8', 'loopback']);
  });

  it('refuses true, which would trust any X-Forwarded-For', () => {
    expect(problemsOf({ TRUST_PROXY: 'true' })).toMatch(/TRUST_PROXY: .*list the addresses/);
  });

  it('refuses entries that are no address or range', () => {
    const message = problemsOf({ TRUST_PROXY: '10.0.0.1, proxy.example, 10.0.0.0/33, 1.2.3' });
    expect(message).toContain('TRUST_PROXY: "proxy.example"');
    expect(message).toContain('TRUST_PROXY: "10.0.0.0/33"');
    expect(message).toContain('TRUST_PROXY: "1.2.3"');
    expect(message).not.toContain('"10.0.0.1"');
  });
});

describe('production mail', () => {
  const production = { NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(40) };

  it('refuses to start in production without SMTP_URL', () => {
    expect(problemsOf(production)).toMatch(/SMTP_URL: required when NODE_ENV=production/);
    expect(loadConfig({ DATA_DIR: tempDir(), ...production, SMTP_URL: 'smtps://u:p@smtp.example.com' }).smtpUrl).toBe(
      'smtps://u:p@smtp.example.com',
    );
  });

  it('lets development and tests use the outbox', () => {
    expect(loadConfig({ DATA_DIR: tempDir() }).smtpUrl).toBeUndefined();
  });
});

describe('DATA_DIR', () => {
  it('is created private to the server user (0700)', () => {
    const dataDir = path.join(tempDir(), 'nested', 'data');
    loadConfig({ DATA_DIR: dataDir });
    expect(statSync(dataDir).mode & 0o777).toBe(0o700);
  });
});
