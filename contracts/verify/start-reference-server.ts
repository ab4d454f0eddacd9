import { randomBytes } from 'node:crypto';
import { build } from '../../api/src/testing/test-server';
import { TEST_ENV } from '../../api/src/testing/test-env';

export interface ReferenceServer {
  url: string;
  outboxDir: string;
  engine: 'pglite' | 'postgres';
  /** Test-only: empties the throttle windows, so the provider states never run into a limit. */
  resetThrottles: () => Promise<void>;
  close(): Promise<void>;
}

/**
 * The test harness raises every rate limit (TEST_ENV); unset here, so the server keeps the
 * defaults a running provider has and the verification proves the states fit in them.
 */
const DEFAULT_LIMITS: Record<string, string | undefined> = Object.fromEntries(
  Object.keys(TEST_ENV)
    .filter((name) => name.startsWith('RATE_LIMIT_'))
    .map((name) => [name, undefined]),
);

/**
 * The reference API through the server's one test harness (build: migrations, demo catalogue,
 * socket.io, a free port) on a fresh PGlite database or a fresh PostgreSQL schema, with the real
 * clock and its dev outbox, which the provider states read the mailed links from, and the
 * default rate limits.
 */
export async function startReferenceServer(options: { engine: 'pglite' | 'postgres'; postgresUrl?: string }): Promise<ReferenceServer> {
  if (options.engine === 'postgres' && !options.postgresUrl) throw new Error('PostgreSQL run without a database URL');
  const server = await build({
    listen: true,
    seed: true,
    mail: 'outbox',
    clock: 'system',
    databaseUrl: options.engine === 'postgres' ? (options.postgresUrl ?? null) : null,
    // An undefined variable is an unset one: the config's default applies.
    env: { ...(DEFAULT_LIMITS as Record<string, string>), JWT_SECRET: randomBytes(48).toString('base64url'), LOG_LEVEL: 'warn' },
  });
  return {
    url: server.url,
    outboxDir: server.config.mailOutboxDir,
    engine: options.engine,
    resetThrottles: () => server.app.throttle.clear(),
    close: () => server.close(),
  };
}
