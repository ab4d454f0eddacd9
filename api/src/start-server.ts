import { setTimeout as wait } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';
import { purgeExpired } from './accounts/purge-expired';
import { buildApp } from './app';
import type { RenderPage } from '@shop/core/node/page-shell';
import { seedCatalog } from './catalog/seed-catalog';
import type { Config } from './config';
import { databaseStartError } from './db/database-start-error';
import { migrate } from './db/migrate';
import { migrations } from './db/migrations/all-migrations';
import { openDb } from './db/open-db';
import type { Db } from './db/types';
import { ensurePortFree, listenError } from '@shop/core/node/listen-error';
import type { Mailer } from './mail/mailer';
import { MailWorker } from './mail/mail-worker';
import { attachRealtime } from './realtime/realtime-server';
import { createUserEvents } from './realtime/user-events';
import { systemClock, type ServerClock } from './time/server-clock';

const PURGE_INTERVAL_MS = 15 * 60_000;

export interface RunningServer {
  /** Where it listens, e.g. http://127.0.0.1:5000 (with the real port when PORT=0). */
  url: string;
  app: FastifyInstance;
  db: Db;
  /** Sends the mail outbox (D23); close() lets it finish the mail it is sending. */
  mailWorker: MailWorker;
  /** Stops accepting, closes sockets, then the database (PGlite flushes on close). */
  close(): Promise<void>;
}

/**
 * Checks that the port is free, opens the database, migrates, seeds the demo catalogue, builds the
 * app, attaches socket.io and listens. Used by main.ts and by in-process tests (e.g. Pact provider
 * verification with PORT=0). A start that fails on a setting throws a StartError naming it.
 */
export async function startServer(
  config: Config,
  overrides: { db?: Db; mailer?: Mailer; clock?: ServerClock; logStream?: NodeJS.WritableStream; renderPage?: RenderPage } = {},
): Promise<RunningServer> {
  // Before any data is touched: a second start on a busy port leaves the running server's alone.
  await ensurePortFree(config.host, config.port);
  const reachable = (error: unknown) => (config.databaseUrl && !overrides.db ? databaseStartError(error, config.databaseUrl) : error);
  const db =
    overrides.db ??
    (await openDb(config).catch((error: unknown) => {
      throw reachable(error);
    }));
  try {
    await migrate(db, migrations).catch((error: unknown) => {
      throw reachable(error);
    });
    await seedCatalog(db);
    const clock = overrides.clock ?? systemClock;
    const events = createUserEvents();
    const app = await buildApp({
      config,
      db,
      clock,
      events,
      ...(overrides.mailer ? { mailer: overrides.mailer } : {}),
      ...(overrides.logStream ? { logStream: overrides.logStream } : {}),
      ...(overrides.renderPage ? { renderPage: overrides.renderPage } : {}),
    });
    // The app's one SessionTokens authenticates sockets too.
    const realtime = await attachRealtime(app.server, {
      authenticate: (token) => app.sessions.authenticate(token),
      events,
      publicUrl: config.publicUrl,
      corsOrigins: config.corsOrigins,
      redisUrl: config.redisUrl,
      log: app.log,
    });
    await app.listen({ port: config.port, host: config.host }).catch((error: Error) => {
      throw listenError(error, config.host, config.port);
    });
    const mailWorker = new MailWorker({ outbox: app.mailOutbox, mailer: app.mailer, log: app.log, from: config.mailFrom, db });
    await mailWorker.start();
    const purge = setInterval(() => {
      purgeExpired(db, clock.now(), config.rateLimits.windowMs).catch((error: unknown) =>
        app.log.warn({ err: error }, 'purging expired rows failed'),
      );
    }, PURGE_INTERVAL_MS);
    purge.unref();
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : config.port;
    const host = config.host === '0.0.0.0' || config.host === '::' ? '127.0.0.1' : config.host;
    let closing: Promise<void> | undefined;
    return {
      url: `http://${host.includes(':') ? `[${host}]` : host}:${port}`,
      app,
      db,
      mailWorker,
      close: () =>
        (closing ??= (async () => {
          clearInterval(purge);
          // Readiness answers 503 from now on, while requests are still served for the grace period
          // (a load balancer's time to notice); then requests under way finish (app.close) and new
          // ones are refused.
          app.startDraining();
          if (config.shutdownGraceMs > 0) await wait(config.shutdownGraceMs);
          await realtime.close();
          await app.close();
          await mailWorker.stop();
          if (!overrides.db) await db.close();
        })()),
    };
  } catch (error) {
    if (!overrides.db) await db.close().catch(() => undefined);
    throw error;
  }
}
