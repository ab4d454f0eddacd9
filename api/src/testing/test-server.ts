import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse, RouteOptions } from 'fastify';
import { buildApp } from '../app';
import type { RenderPage } from '@shop/core/node/page-shell';
import { loadConfig, type Config } from '../config';
import type { Mailer, OutgoingMail } from '../mail/mailer';
import { MailWorker } from '../mail/mail-worker';
import { createUserEvents, type UserEvent } from '../realtime/user-events';
import { startServer } from '../start-server';
import { systemClock, type ServerClock } from '../time/server-clock';
import { openTestDb, type TestDb } from './test-db';
import { TEST_ENV } from './test-env';

export const STRONG_PASSWORD = 'Str0ng!Pass';
/** A second password that meets the rules, for a change or a reset. */
export const NEW_PASSWORD = 'N3w!Password';

export interface FakeClock extends ServerClock {
  advance(ms: number): void;
}

export function fakeClock(start = Date.parse('2030-01-01T00:00:00Z')): FakeClock {
  let current = start;
  return { now: () => new Date(current), advance: (ms) => (current += ms) };
}

export interface BuildOptions {
  /** Environment on top of TEST_ENV (e.g. a throttling test's own limits). */
  env?: Record<string, string>;
  /** PostgreSQL URL for the test schema; null = PGlite. Default: TEST_DATABASE_URL, else PGlite. */
  databaseUrl?: string | null;
  /** Load the demo catalogue. */
  seed?: boolean;
  /** Listen on a free port with socket.io attached (startServer), instead of inject only. */
  listen?: boolean;
  /** `'capture'` (default) keeps mails in `mails`; `'outbox'` lets the app write its dev outbox. */
  mail?: 'capture' | 'outbox';
  /** `'fake'` (default) can be advanced; `'system'` is the real time. */
  clock?: 'fake' | 'system';
  logStream?: NodeJS.WritableStream;
  onRoute?: (route: RouteOptions) => void;
  /** The shop's server renderer (storefront/src/shell/entry-server.tsx), for a test of the rendered pages. */
  renderPage?: RenderPage;
  /** URLs per sitemap page (a test pages at a few). */
  sitemapPageSize?: number;
}

export interface TestServer {
  app: FastifyInstance;
  testDb: TestDb;
  config: Config;
  clock: FakeClock;
  /** The mails sent so far (captured). Sending is the outbox worker's: read them after `flushMail()`. */
  mails: OutgoingMail[];
  events: UserEvent[];
  /** Where it listens (only with `listen: true`). */
  url: string;
  request(options: InjectOptions): Promise<LightMyRequestResponse>;
  register(email: string, password?: string, userName?: string): Promise<LightMyRequestResponse>;
  /** Registers (when needed) and logs in; answers the login body. */
  signIn(email: string, password?: string): Promise<{ accessToken: string; refreshToken: string; user: { _id: string } }>;
  /**
   * Runs the mail outbox's worker until no mail is due (D23: requests only queue their mails),
   * then answers `mails`. A mail that fails waits for its backoff: advance the clock to retry it.
   */
  flushMail(): Promise<OutgoingMail[]>;
  /**
   * The token of the last mail to `to` whose link contains `linkPart`, after flushing the outbox;
   * waits a little for one queued after the answer (forgot-password).
   */
  tokenFromMail(to: string, linkPart: string): Promise<string>;
  /** Asks for a password reset mail (POST /api/users/forgot-password) and answers the token of that new mail. */
  resetToken(email: string): Promise<string>;
  /** A signed-in password change (PUT /api/users/update-password, D5) from `currentPassword`, the new one confirmed. */
  changePassword(accessToken: string, newPassword: string, currentPassword?: string): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

/**
 * The one test harness: the real app (buildApp, or startServer with `listen`) over a fresh
 * database (testing/test-db.ts), with TEST_ENV, a fake clock and captured mails by default.
 * Server tests, the contract verification and the hostile run all start their server here.
 */
export async function build(options: BuildOptions = {}): Promise<TestServer> {
  const testDb = await openTestDb(
    options.databaseUrl === undefined ? (process.env.TEST_DATABASE_URL ?? null) : options.databaseUrl,
    options.seed ? 'seeded' : 'migrated',
  );
  const dataDir = mkdtempSync(path.join(tmpdir(), 'api-test-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    JWT_SECRET: 'test-secret-that-is-long-enough-0123456789',
    LOG_LEVEL: 'silent',
    STATIC_DIR: path.join(dataDir, 'no-static-files'),
    ...(options.listen ? { PORT: '0', HOST: '127.0.0.1' } : {}),
    ...TEST_ENV,
    ...options.env,
  });
  const fake = fakeClock();
  const clock: ServerClock = options.clock === 'system' ? systemClock : fake;
  const mails: OutgoingMail[] = [];
  const mailer: Mailer | undefined = options.mail === 'outbox' ? undefined : { send: async (mail) => void mails.push(mail) };
  const events: UserEvent[] = [];
  const userEvents = createUserEvents();
  userEvents.subscribe((event) => events.push(event));
  const extras = {
    ...(mailer ? { mailer } : {}),
    ...(options.renderPage ? { renderPage: options.renderPage } : {}),
    ...(options.sitemapPageSize ? { sitemapPageSize: options.sitemapPageSize } : {}),
    ...(options.logStream ? { logStream: options.logStream } : {}),
  };

  let app: FastifyInstance;
  let url = '';
  let stop: () => Promise<void>;
  let mailWorker: MailWorker;
  if (options.listen) {
    const running = await startServer(config, { db: testDb.db, clock, ...extras });
    ({ app, url, mailWorker } = running);
    stop = () => running.close();
  } else {
    app = await buildApp({
      config,
      db: testDb.db,
      clock,
      events: userEvents,
      ...extras,
      ...(options.onRoute ? { onRoute: options.onRoute } : {}),
    });
    await app.ready();
    // Not started: without a listening server the outbox is sent only when a test flushes it, so
    // what a test sees never changes behind its back.
    const idle = new MailWorker({
      outbox: app.mailOutbox,
      mailer: { send: (mail) => app.mailer.send(mail) },
      log: app.log,
      from: config.mailFrom,
    });
    mailWorker = idle;
    stop = async () => {
      await idle.stop();
      await app.close();
    };
  }

  /** The token of the last mail to `to` from `mails[from]` on whose link contains `linkPart`; waits a little for one queued after the answer. */
  async function tokenOfMail(from: number, to: string, linkPart: string): Promise<string> {
    const deadline = Date.now() + 2000;
    for (;;) {
      await mailWorker.drain();
      const mail = mails
        .slice(from)
        .reverse()
        .find((m) => m.to === to && m.links.some((l) => l.includes(linkPart)));
      const link = mail?.links.find((l) => l.includes(linkPart));
      if (link) return link.slice(link.lastIndexOf('/') + 1);
      if (Date.now() > deadline) throw new Error(`no ${linkPart} mail to ${to}`);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }

  const server: TestServer = {
    app,
    testDb,
    config,
    clock: fake,
    mails,
    events,
    url,
    request: (request) => app.inject(request),
    register: (email, password = STRONG_PASSWORD, userName = 'Shopper') =>
      app.inject({ method: 'POST', url: '/api/users/register', payload: { userName, email, password } }),
    async signIn(email, password = STRONG_PASSWORD) {
      await server.register(email, password);
      const response = await app.inject({ method: 'POST', url: '/api/users/login', payload: { email, password } });
      if (response.statusCode !== 200) throw new Error(`login failed: ${response.statusCode} ${response.body}`);
      return response.json();
    },
    async flushMail() {
      await mailWorker.drain();
      return mails;
    },
    tokenFromMail: (to, linkPart) => tokenOfMail(0, to, linkPart),
    changePassword: (accessToken, newPassword, currentPassword = STRONG_PASSWORD) =>
      app.inject({
        method: 'PUT',
        url: '/api/users/update-password',
        headers: bearer(accessToken),
        payload: { currentPassword, newPassword, confirmPassword: newPassword },
      }),
    async resetToken(email) {
      await mailWorker.drain();
      const before = mails.length;
      const asked = await app.inject({ method: 'POST', url: '/api/users/forgot-password', payload: { to: email } });
      if (asked.statusCode !== 200) throw new Error(`forgot-password failed: ${asked.statusCode} ${asked.body}`);
      return tokenOfMail(before, email, '/reset-password/');
    },
    async close() {
      await stop();
      await testDb.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
  return server;
}

export function bearer(token: string): Record<string, string> {
  return { authorization: `Bearer ${token}` };
}
