import { chmodSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { z } from 'zod';
import { describeIssue } from '@shop/core/node/describe-issue';
import { PLAINTEXT_OPT_OUT, plaintextRule } from '@shop/core/node/plaintext-rule';
import { SECRET_HINT, weakSecretProblem } from './secret-strength';
import { ensurePrivateDirSync } from './fs/private-dir';
import { trustedProxies } from '@shop/core/node/trusted-proxies';
import type { Seller } from '@shop/core/domain/legal';

const optionalString = z
  .string()
  .optional()
  .transform((value) => (value === undefined || value.trim() === '' ? undefined : value.trim()));
const positiveInt = (fallback: number) => z.coerce.number().int().positive().default(fallback);
const optionalUrl = optionalString.pipe(z.url({ error: 'not a URL' }).optional());

/** Every environment variable the server reads, with its default (documented in docs/api.md). */
const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number({ error: 'a port number from 0 to 65535' }).int().min(0).max(65535).default(5000),
  // Unset: 0.0.0.0 in production (every interface), else 127.0.0.1 (this machine only).
  HOST: optionalString,
  // Unset: http://localhost:PORT, outside production (where it is required).
  PUBLIC_URL: optionalString.pipe(z.url({ protocol: /^https?$/, error: "the shop's address, e.g. https://shop.example.com" }).optional()),
  DATA_DIR: z.string().min(1).default('.data'),
  DATABASE_URL: optionalUrl,
  JWT_SECRET: optionalString,
  SMTP_URL: optionalUrl,
  MAIL_FROM: z.string().min(3).default('Storefront <no-reply@localhost>'),
  MAIL_RETRY_BASE_SECONDS: positiveInt(30),
  SHUTDOWN_GRACE_SECONDS: z.coerce.number().min(0).max(300).default(0),
  MAIL_OUTBOX_DIR: optionalString,
  REDIS_URL: optionalUrl,
  [PLAINTEXT_OPT_OUT]: optionalString.pipe(z.enum(['0', '1'], { error: '1 (allow) or 0' }).optional()),
  CORS_ORIGINS: z.string().default(''),
  STATIC_DIR: z.string().min(1).default('dist'),
  TRUST_PROXY: z.string().default(''),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  REFRESH_IDLE_MINUTES: positiveInt(30),
  CATALOG_CACHE_MB: positiveInt(64),
  ARGON2_MEMORY_KIB: z.coerce.number().int().min(1024).default(19456),
  ARGON2_TIME_COST: z.coerce.number().int().min(1).default(2),
  ARGON2_MAX_CONCURRENCY: positiveInt(2),
  RATE_LIMIT_WINDOW_MINUTES: positiveInt(15),
  RATE_LIMIT_LOGIN_PER_ACCOUNT: positiveInt(50),
  RATE_LIMIT_LOGIN_PER_ACCOUNT_CLIENT: positiveInt(5),
  RATE_LIMIT_LOGIN_PER_CLIENT: positiveInt(30),
  RATE_LIMIT_RESET_PER_CLIENT: positiveInt(10),
  RATE_LIMIT_REGISTER_PER_CLIENT: positiveInt(10),
  RATE_LIMIT_FORGOT_PER_ADDRESS: positiveInt(3),
  RATE_LIMIT_FORGOT_PER_CLIENT: positiveInt(10),
  RATE_LIMIT_VERIFY_MAIL_PER_ADDRESS: positiveInt(3),
  RATE_LIMIT_VERIFY_MAIL_PER_CLIENT: positiveInt(10),
  RATE_LIMIT_ORDERS_PER_USER: positiveInt(20),
  RATE_LIMIT_CATALOG_PER_CLIENT: positiveInt(1200),
  RATE_LIMIT_CATALOG_PER_SECOND: positiveInt(4),
  RATE_LIMIT_SESSIONS_PER_USER: positiveInt(60),
  RATE_LIMIT_DATA_EXPORT_PER_USER: positiveInt(5),
  RATE_LIMIT_DELETE_ACCOUNT_PER_USER: positiveInt(5),
  RATE_LIMIT_STOCK_ALERT_PER_CLIENT: positiveInt(20),
  RATE_LIMIT_STOCK_ALERT_PER_ADDRESS: positiveInt(5),
  // The seller named in the contracts, the privacy notice and the footer (D24); demo values by default.
  SELLER_NAME: z.string().trim().min(1).max(200).default('Storefront Demo Ticaret A.Ş.'),
  SELLER_ADDRESS: z.string().trim().min(1).max(500).default('Caferağa Mah. Moda Cad. No: 1, 34710 Kadıköy / İstanbul'),
  SELLER_TAX_ID: z.string().trim().min(1).max(100).default('Kadıköy V.D. 1234567890'),
  SELLER_MERSIS: z.string().trim().min(1).max(40).default('0123456789000015'),
  SELLER_EMAIL: z.string().trim().max(254).pipe(z.email()).default('destek@storefront.example'),
  SELLER_PHONE: z.string().trim().min(1).max(40).default('+90 216 000 00 00'),
});

export interface RateLimits {
  windowMs: number;
  /** Failed password checks on one account from all clients (a device marker passes it). */
  loginPerAccount: number;
  /** Failed password checks on one account from one client. */
  loginPerAccountClient: number;
  /** Every login attempt from one client, successes too. */
  loginPerClient: number;
  /** Password resets by mailed token from one client, both routes. */
  resetPerClient: number;
  registerPerClient: number;
  forgotPerAddress: number;
  forgotPerClient: number;
  verifyMailPerAddress: number;
  verifyMailPerClient: number;
  /** Order submissions (retries with the same Idempotency-Key too) by one user. */
  ordersPerUser: number;
  /** Catalogue answers no kept answer covered, made for one client (catalog/catalog-work.ts). */
  catalogPerClient: number;
  /** Their pace per client after a burst of two seconds' worth. */
  catalogPerSecond: number;
  /** Calls of the session list (list, end one, end the others) by one user. */
  sessionsPerUser: number;
  /** Downloads of one user's data (D24). */
  dataExportPerUser: number;
  /** Attempts to delete one account (each checks the password again, D24). */
  deleteAccountPerUser: number;
  /** 'Haber ver' requests (POST /api/product/{id}/notify, D25) from one client. */
  stockAlertPerClient: number;
  /** 'Haber ver' requests for one e-mail address, from any client. */
  stockAlertPerAddress: number;
}

/** The seller as the contracts, the privacy notice and the footer name it (D24): the shop's own type, which GET /api/legal answers. */
export type { Seller };

export interface Config {
  nodeEnv: 'development' | 'production' | 'test';
  port: number;
  host: string;
  /** Base of every link in a mail (D6); never taken from the request. Default http://localhost:PORT. */
  publicUrl: string;
  dataDir: string;
  /** Unset: embedded PGlite in `<dataDir>/pglite`. */
  databaseUrl: string | undefined;
  jwtSecret: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  /**
   * On SIGTERM, how long the server goes on serving while readiness says not ready, so a load
   * balancer stops sending it requests before it stops taking them (D23).
   */
  shutdownGraceMs: number;
  /** The outbox's first retry after a failed send; it doubles up to an hour (docs/api.md). */
  mailRetryBaseMs: number;
  mailOutboxDir: string;
  redisUrl: string | undefined;
  corsOrigins: string[];
  staticDir: string;
  /** Proxies (addresses, CIDR ranges, proxy-addr names) whose X-Forwarded-For is believed; empty = none. */
  trustProxy: string[];
  /** A refresh token unused this long ends its session (inside the 7-day absolute lifetime). */
  refreshIdleMs: number;
  /** What the catalogue's kept answers and rendered pages may take in memory, per process (docs/architecture.md). */
  catalogCacheBytes: number;
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  /** Settings accepted only by an explicit opt-out (ALLOW_PLAINTEXT_INTERNAL): the start log repeats them. */
  warnings: string[];
  /** `maxConcurrency`: argon2 operations running at once in this process. */
  argon2: { memoryKib: number; timeCost: number; maxConcurrency: number };
  rateLimits: RateLimits;
  seller: Seller;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/**
 * Reads and validates the environment. Throws a ConfigError listing every bad variable.
 * An unset JWT_SECRET is generated once and kept in DATA_DIR (mode 0600), so restarts keep sessions.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  const problems = parsed.success ? [] : parsed.error.issues.map((issue) => describeIssue(issue, env, UNSHOWN));
  const warnings: string[] = [];
  // Cross-field rules, checked on the raw values too so one run lists every problem.
  const production = env.NODE_ENV?.trim() === 'production';
  const rawSecret = env.JWT_SECRET?.trim() || undefined;
  if (rawSecret === undefined && production)
    problems.push(`JWT_SECRET: required when NODE_ENV=production: 32 random bytes in hex or base64; ${SECRET_HINT}`);
  else if (rawSecret !== undefined && production) {
    const weak = weakSecretProblem('JWT_SECRET', rawSecret);
    if (weak) problems.push(weak);
  } else if (rawSecret !== undefined && rawSecret.length < 32) problems.push(`JWT_SECRET: must be at least 32 characters; ${SECRET_HINT}`);
  const corsOrigins = (env.CORS_ORIGINS ?? '')
    .split(',')
    .map((origin) => origin.trim())
    .filter((origin) => origin !== '');
  for (const origin of corsOrigins) {
    if (!z.url().safeParse(origin).success) problems.push(`CORS_ORIGINS: "${origin}" is not a URL`);
  }
  if (production && !env.SMTP_URL?.trim()) {
    problems.push('SMTP_URL: required when NODE_ENV=production (mails with links must really be sent)');
  }
  if (production) productionRules(env, problems, warnings);
  const trustProxy = trustedProxies(env.TRUST_PROXY ?? '', problems);
  if (!parsed.success || problems.length > 0) throw new ConfigError(problems);
  const e = parsed.data;

  const dataDir = path.resolve(e.DATA_DIR);
  // PORT=0 (any free port) cannot name a link: the default stays the documented port 5000.
  const publicUrl = e.PUBLIC_URL ?? `http://localhost:${e.PORT === 0 ? 5000 : e.PORT}`;
  const windowMs = e.RATE_LIMIT_WINDOW_MINUTES * 60_000;
  return {
    nodeEnv: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST ?? (e.NODE_ENV === 'production' ? '0.0.0.0' : '127.0.0.1'),
    publicUrl: publicUrl.replace(/\/+$/, ''),
    dataDir,
    databaseUrl: e.DATABASE_URL,
    jwtSecret: e.JWT_SECRET ?? persistedSecret(dataDir),
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    mailRetryBaseMs: e.MAIL_RETRY_BASE_SECONDS * 1000,
    shutdownGraceMs: e.SHUTDOWN_GRACE_SECONDS * 1000,
    mailOutboxDir: path.resolve(e.MAIL_OUTBOX_DIR ?? path.join(dataDir, 'outbox')),
    redisUrl: e.REDIS_URL,
    corsOrigins,
    staticDir: path.resolve(e.STATIC_DIR),
    trustProxy,
    refreshIdleMs: e.REFRESH_IDLE_MINUTES * 60_000,
    catalogCacheBytes: e.CATALOG_CACHE_MB * 1024 * 1024,
    logLevel: e.LOG_LEVEL,
    warnings,
    argon2: { memoryKib: e.ARGON2_MEMORY_KIB, timeCost: e.ARGON2_TIME_COST, maxConcurrency: e.ARGON2_MAX_CONCURRENCY },
    rateLimits: {
      windowMs,
      loginPerAccount: e.RATE_LIMIT_LOGIN_PER_ACCOUNT,
      loginPerAccountClient: e.RATE_LIMIT_LOGIN_PER_ACCOUNT_CLIENT,
      loginPerClient: e.RATE_LIMIT_LOGIN_PER_CLIENT,
      resetPerClient: e.RATE_LIMIT_RESET_PER_CLIENT,
      registerPerClient: e.RATE_LIMIT_REGISTER_PER_CLIENT,
      forgotPerAddress: e.RATE_LIMIT_FORGOT_PER_ADDRESS,
      forgotPerClient: e.RATE_LIMIT_FORGOT_PER_CLIENT,
      verifyMailPerAddress: e.RATE_LIMIT_VERIFY_MAIL_PER_ADDRESS,
      verifyMailPerClient: e.RATE_LIMIT_VERIFY_MAIL_PER_CLIENT,
      ordersPerUser: e.RATE_LIMIT_ORDERS_PER_USER,
      catalogPerClient: e.RATE_LIMIT_CATALOG_PER_CLIENT,
      catalogPerSecond: e.RATE_LIMIT_CATALOG_PER_SECOND,
      sessionsPerUser: e.RATE_LIMIT_SESSIONS_PER_USER,
      dataExportPerUser: e.RATE_LIMIT_DATA_EXPORT_PER_USER,
      deleteAccountPerUser: e.RATE_LIMIT_DELETE_ACCOUNT_PER_USER,
      stockAlertPerClient: e.RATE_LIMIT_STOCK_ALERT_PER_CLIENT,
      stockAlertPerAddress: e.RATE_LIMIT_STOCK_ALERT_PER_ADDRESS,
    },
    seller: {
      name: e.SELLER_NAME,
      address: e.SELLER_ADDRESS,
      taxId: e.SELLER_TAX_ID,
      mersis: e.SELLER_MERSIS,
      email: e.SELLER_EMAIL,
      phone: e.SELLER_PHONE,
    },
  };
}

/** Settings never repeated in a message: secrets, and URLs that may carry a password. */
const UNSHOWN = new Set(['JWT_SECRET', 'DATABASE_URL', 'SMTP_URL', 'REDIS_URL']);

/**
 * Production refuses weak settings (issue 34): an https PUBLIC_URL (HSTS, Secure cookies and mail
 * links depend on it) and no connection to another machine in clear text (docs/security.md).
 */
function productionRules(env: NodeJS.ProcessEnv, problems: string[], warnings: string[]): void {
  const publicUrl = env.PUBLIC_URL?.trim();
  if (!publicUrl) {
    problems.push('PUBLIC_URL: required when NODE_ENV=production: the https address shoppers use, e.g. https://shop.example.com');
  } else if (URL.canParse(publicUrl) && new URL(publicUrl).protocol !== 'https:') {
    problems.push(
      `PUBLIC_URL: must be https when NODE_ENV=production (got "${publicUrl}"): HSTS, Secure cookies and mail links depend on it`,
    );
  }
  plaintextRule(
    env,
    [
      { name: 'DATABASE_URL', kind: 'postgres', value: env.DATABASE_URL },
      { name: 'REDIS_URL', kind: 'redis', value: env.REDIS_URL },
      { name: 'SMTP_URL', kind: 'smtp', value: env.SMTP_URL },
    ],
    problems,
    warnings,
  );
}

function persistedSecret(dataDir: string): string {
  const file = path.join(dataDir, 'jwt-secret');
  if (existsSync(file)) {
    const secret = readFileSync(file, 'utf8').trim();
    if (secret.length >= 32) return secret;
  }
  ensurePrivateDirSync(dataDir);
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  chmodSync(file, 0o600);
  return secret;
}
