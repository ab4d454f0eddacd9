import { randomBytes } from 'node:crypto';
import { build } from '../../server/src/testing/test-server';

export interface ReferenceServer {
  url: string;
  outboxDir: string;
  engine: 'pglite' | 'postgres';
  close(): Promise<void>;
}

/**
 * The reference API through the server's one test harness (build: migrations, demo catalogue,
 * socket.io, a free port) on a fresh PGlite database or a fresh PostgreSQL schema, with the real
 * clock and its dev outbox, which the provider states read the mailed links from.
 */
export async function startReferenceServer(options: { engine: 'pglite' | 'postgres'; postgresUrl?: string }): Promise<ReferenceServer> {
  if (options.engine === 'postgres' && !options.postgresUrl) throw new Error('PostgreSQL run without a database URL');
  const server = await build({
    listen: true,
    seed: true,
    mail: 'outbox',
    clock: 'system',
    databaseUrl: options.engine === 'postgres' ? (options.postgresUrl ?? null) : null,
    env: { JWT_SECRET: randomBytes(48).toString('base64url'), LOG_LEVEL: 'warn' },
  });
  return { url: server.url, outboxDir: server.config.mailOutboxDir, engine: options.engine, close: () => server.close() };
}
