import { randomBytes } from 'node:crypto';
import { mkdtempSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';
import { weakSecretProblem } from './secret-strength';

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

  it('refuses ranges that cover every address, alone or together, saying why', () => {
    for (const [value, family] of [
      ['0.0.0.0/0', 'IPv4'],
      ['::/0', 'IPv6'],
      ['10.0.0.1, 0.0.0.0/1, 128.0.0.0/1', 'IPv4'],
      ['::ffff:0:0/96', 'IPv4'],
      ['::/1, 8000::/1', 'IPv6'],
    ] as const) {
      expect(problemsOf({ TRUST_PROXY: value })).toMatch(
        new RegExp(`TRUST_PROXY: .* every ${family} address, so any client could name itself in X-Forwarded-For`),
      );
    }
    expect(problemsOf({ TRUST_PROXY: '0.0.0.0/1, 128.0.0.0/1' })).toContain('"0.0.0.0/1", "128.0.0.0/1" together cover every IPv4 address');
    // Half of the addresses, or every private range, is not everything.
    const config = loadConfig({ DATA_DIR: tempDir(), TRUST_PROXY: '0.0.0.0/1, 10.0.0.0/8, 192.168.0.0/16, fd00::/8, ::ffff:10.0.0.0/104' });
    expect(config.trustProxy).toHaveLength(5);
  });
});

/** Settings a production start accepts; each test spoils one. */
function productionEnv(): Record<string, string> {
  return {
    NODE_ENV: 'production',
    JWT_SECRET: randomBytes(32).toString('hex'),
    PUBLIC_URL: 'https://shop.example.com',
    SMTP_URL: 'smtps://user:pass@smtp.example.com',
  };
}

describe('production refuses weak settings, saying what to set', () => {
  it('starts with good settings and no warning', () => {
    const config = loadConfig({ DATA_DIR: tempDir(), ...productionEnv() });
    expect(config.publicUrl).toBe('https://shop.example.com');
    expect(config.warnings).toEqual([]);
  });

  it('accepts any 32 random bytes in hex, base64 or base64url', () => {
    for (let i = 0; i < 100; i++) {
      for (const encoding of ['hex', 'base64', 'base64url'] as const) {
        const secret = randomBytes(32).toString(encoding);
        expect(weakSecretProblem('JWT_SECRET', secret), secret).toBeUndefined();
      }
    }
    expect(weakSecretProblem('JWT_SECRET', randomBytes(64).toString('hex'))).toBeUndefined();
  });

  it('refuses a JWT_SECRET without the entropy of 32 random bytes', () => {
    const weak: [string, RegExp][] = [
      ['a'.repeat(32), /must hold at least 32 random bytes.*32 characters/],
      ['a'.repeat(64), /too little entropy.*0\.0 bits per character/],
      ['ab'.repeat(32), /too little entropy.*1\.0 bits per character/],
      ['0123456789abcdef'.repeat(4), /repeats a pattern/],
      ['correct horse battery staple and some more words', /must hold .*some of them outside hex and base64/],
      ['deadbeef'.repeat(4), /must hold at least 32 random bytes/],
    ];
    for (const [secret, expected] of weak) {
      const message = problemsOf({ ...productionEnv(), JWT_SECRET: secret });
      expect(message).toMatch(new RegExp(`JWT_SECRET: ${expected.source}`));
      expect(message).toContain('generate one with `openssl rand -hex 32`');
      expect(message).not.toContain(secret);
    }
  });

  it('requires an https PUBLIC_URL', () => {
    const { PUBLIC_URL: _, ...withoutUrl } = productionEnv();
    expect(problemsOf(withoutUrl)).toMatch(/PUBLIC_URL: required when NODE_ENV=production: the https address shoppers use/);
    expect(problemsOf({ ...productionEnv(), PUBLIC_URL: 'http://shop.example.com' })).toMatch(
      /PUBLIC_URL: must be https when NODE_ENV=production \(got "http:\/\/shop.example.com"\)/,
    );
  });

  const plaintext = {
    DATABASE_URL: ['postgres://shop:pw-db@db.internal:5432/shop', 'postgresql://shop:pw-db@db.internal/shop?sslmode=disable'],
    REDIS_URL: ['redis://:pw-redis@cache.internal:6379'],
    SMTP_URL: ['smtp://user:pw-smtp@mail.internal:587?requireTLS=false', 'smtp://user:pw-smtp@mail.internal:25?ignoreTLS=true'],
  };

  it('refuses connections to other machines in clear text, naming the opt-out', () => {
    for (const [name, urls] of Object.entries(plaintext)) {
      for (const value of urls) {
        const message = problemsOf({ ...productionEnv(), [name]: value });
        expect(message).toMatch(
          new RegExp(`${name}: unencrypted to another machine in production \\(.+\\): .+, or set ALLOW_PLAINTEXT_INTERNAL=1`),
        );
        expect(message).not.toMatch(/pw-/);
      }
    }
    expect(problemsOf({ ...productionEnv(), DATABASE_URL: plaintext.DATABASE_URL[0]! })).toContain(
      'DATABASE_URL: unencrypted to another machine in production (postgres:// without sslmode): add ?sslmode=verify-full, or set ALLOW_PLAINTEXT_INTERNAL=1',
    );
  });

  it('accepts TLS, and clear text that stays on this machine', () => {
    for (const [name, value] of [
      ['DATABASE_URL', 'postgres://shop:pw@db.internal/shop?sslmode=verify-full'],
      ['DATABASE_URL', 'postgres://shop:pw@db.internal/shop?ssl=true'],
      ['DATABASE_URL', 'postgres://postgres@127.0.0.1:5432/shop'],
      ['DATABASE_URL', 'postgres://shop@localhost/shop'],
      ['DATABASE_URL', 'postgres:///shop?host=/var/run/postgresql'],
      ['REDIS_URL', 'rediss://:pw@cache.internal:6380'],
      ['REDIS_URL', 'redis://[::1]:6379'],
      ['SMTP_URL', 'smtp://user:pw@mail.internal:587'],
      ['SMTP_URL', 'smtp://127.0.0.1:1025?ignoreTLS=true'],
    ]) {
      expect(loadConfig({ DATA_DIR: tempDir(), ...productionEnv(), [name as string]: value }).warnings, `${name}=${value}`).toEqual([]);
    }
  });

  it('starts in clear text with ALLOW_PLAINTEXT_INTERNAL=1, and says so in its warnings', () => {
    const config = loadConfig({
      DATA_DIR: tempDir(),
      ...productionEnv(),
      ALLOW_PLAINTEXT_INTERNAL: '1',
      DATABASE_URL: plaintext.DATABASE_URL[0]!,
      REDIS_URL: plaintext.REDIS_URL[0]!,
      SMTP_URL: plaintext.SMTP_URL[0]!,
    });
    expect(config.warnings).toEqual([
      expect.stringMatching(
        /^DATABASE_URL travels unencrypted \(postgres:\/\/ without sslmode.*\): allowed by ALLOW_PLAINTEXT_INTERNAL=1$/,
      ),
      expect.stringMatching(/^REDIS_URL travels unencrypted \(redis:\/\/.*\): allowed by ALLOW_PLAINTEXT_INTERNAL=1$/),
      expect.stringMatching(/^SMTP_URL travels unencrypted \(smtp:\/\/ with requireTLS=false.*\): allowed by ALLOW_PLAINTEXT_INTERNAL=1$/),
    ]);
    expect(config.warnings.join()).not.toMatch(/pw-/);
    expect(problemsOf({ ...productionEnv(), ALLOW_PLAINTEXT_INTERNAL: 'yes' })).toMatch(/ALLOW_PLAINTEXT_INTERNAL: 1 \(allow\) or 0/);
  });

  it('leaves development and tests free to use clear text on any network', () => {
    const config = loadConfig({ DATA_DIR: tempDir(), DATABASE_URL: plaintext.DATABASE_URL[0]!, REDIS_URL: plaintext.REDIS_URL[0]! });
    expect(config.warnings).toEqual([]);
  });
});

describe('production mail', () => {
  it('refuses to start in production without SMTP_URL', () => {
    const { SMTP_URL: _, ...production } = productionEnv();
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
