import path from 'node:path';
import { z } from 'zod';
import { describeIssue } from '@shop/core/node/describe-issue';
import { PLAINTEXT_OPT_OUT, plaintextRule } from '@shop/core/node/plaintext-rule';
import { trustedProxies } from '@shop/core/node/trusted-proxies';

const optionalUrl = z
  .string()
  .optional()
  .transform((value) => (value === undefined || value.trim() === '' ? undefined : value.trim()))
  .pipe(z.url({ protocol: /^https?$/, error: 'an http(s) URL' }).optional());
const positiveInt = (fallback: number) => z.coerce.number().int().positive().default(fallback);

/** Every environment variable the storefront server reads, with its default (docs/deployment.md). */
const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  API_URL: z.url({ protocol: /^https?$/, error: 'required: the API this storefront renders against, e.g. http://127.0.0.1:5000' }),
  API_PUBLIC_URL: optionalUrl,
  PUBLIC_URL: optionalUrl,
  PORT: z.coerce.number({ error: 'a port number from 0 to 65535' }).int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  STATIC_DIR: z.string().min(1).default('dist'),
  RENDER_DEADLINE_MS: positiveInt(1500),
  API_TIMEOUT_MS: positiveInt(5000),
  API_CACHE_MB: positiveInt(32),
  API_CACHE_MAX_AGE: z.coerce.number().int().min(0).optional(),
  PAGE_CACHE_MB: positiveInt(32),
  TRUST_PROXY: z.string().default(''),
  [PLAINTEXT_OPT_OUT]: z.enum(['', '0', '1'], { error: '1 (allow) or 0' }).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

export interface StorefrontConfig {
  nodeEnv: 'development' | 'production' | 'test';
  /** The API as this server reaches it (no trailing slash); it may carry a path. */
  apiUrl: string;
  /**
   * The API's origin as browsers reach it, when they call it directly (CORS on the API); unset,
   * the browser calls this server, which forwards `/api`, `/images` and `/socket.io` to `apiUrl`.
   */
  apiPublicUrl: string | undefined;
  /**
   * The shop's address (the API's PUBLIC_URL, no trailing slash): the canonical links and JSON-LD
   * of the pages name it (D25). Unset, the pages carry neither.
   */
  publicUrl: string | undefined;
  port: number;
  host: string;
  staticDir: string;
  /** How long a page request waits for its render before it gets a fallback (ms). */
  renderDeadlineMs: number;
  /** How long one request to the API may take (ms). */
  apiTimeoutMs: number;
  apiCacheBytes: number;
  /** An upper bound on the API's freshness (ms); unset, the API's own headers rule. */
  apiMaxFreshMs: number | undefined;
  pageCacheBytes: number;
  trustProxy: string[];
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  /** Settings accepted only by an explicit opt-out (ALLOW_PLAINTEXT_INTERNAL): the start log repeats them. */
  warnings: string[];
}

export class StorefrontConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'StorefrontConfigError';
  }
}

/** The storefront's settings carry no secret: a message may repeat any of them. */
const NOTHING_UNSHOWN: ReadonlySet<string> = new Set();

/** Reads and validates the environment; throws a StorefrontConfigError listing every bad variable. */
export function loadStorefrontConfig(env: NodeJS.ProcessEnv = process.env): StorefrontConfig {
  const parsed = envSchema.safeParse(env);
  const problems = parsed.success ? [] : parsed.error.issues.map((issue) => describeIssue(issue, env, NOTHING_UNSHOWN));
  const warnings: string[] = [];
  const trustProxy = trustedProxies(env.TRUST_PROXY ?? '', problems);
  const publicUrl = env.API_PUBLIC_URL?.trim();
  if (publicUrl && URL.canParse(publicUrl) && new URL(publicUrl).pathname !== '/') {
    problems.push('API_PUBLIC_URL: an origin only (scheme, host and port): the browser calls /api/... on it');
  }
  // Production, as the API's (api/src/config.ts): what browsers call is https, and the API is
  // reached over TLS unless it is on this machine or ALLOW_PLAINTEXT_INTERNAL=1 says otherwise.
  if (env.NODE_ENV?.trim() === 'production') {
    if (publicUrl && URL.canParse(publicUrl) && new URL(publicUrl).protocol !== 'https:') {
      problems.push(`API_PUBLIC_URL: must be https when NODE_ENV=production (got "${publicUrl}"): browsers call it from an https page`);
    }
    plaintextRule(env, [{ name: 'API_URL', kind: 'http', value: env.API_URL }], problems, warnings);
  }
  if (!parsed.success || problems.length > 0) throw new StorefrontConfigError(problems);
  const e = parsed.data;
  return {
    nodeEnv: e.NODE_ENV,
    apiUrl: e.API_URL.replace(/\/+$/, ''),
    apiPublicUrl: e.API_PUBLIC_URL === undefined ? undefined : new URL(e.API_PUBLIC_URL).origin,
    publicUrl: e.PUBLIC_URL?.replace(/\/+$/, ''),
    port: e.PORT,
    host: e.HOST,
    staticDir: path.resolve(e.STATIC_DIR),
    renderDeadlineMs: e.RENDER_DEADLINE_MS,
    apiTimeoutMs: e.API_TIMEOUT_MS,
    apiCacheBytes: e.API_CACHE_MB * 1024 * 1024,
    apiMaxFreshMs: e.API_CACHE_MAX_AGE === undefined ? undefined : e.API_CACHE_MAX_AGE * 1000,
    pageCacheBytes: e.PAGE_CACHE_MB * 1024 * 1024,
    trustProxy,
    logLevel: e.LOG_LEVEL,
    warnings,
  };
}
