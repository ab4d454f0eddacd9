import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { accountMigrations } from '../db/account-migrations';
import { migrate } from '../db/migrate';
import { buildApp } from '../app';
import { catalogMigrations } from '../catalog/catalog-migrations';
import { loadConfig, type Config } from '../config';
import type { Mailer, OutgoingMail } from '../mail/mailer';
import { createUserEvents, type UserEvent } from '../realtime/user-events';
import type { ServerClock } from '../time/server-clock';
import { openTestDb, type TestDb } from './test-db';

export const STRONG_PASSWORD = 'Str0ng!Pass';

export interface FakeClock extends ServerClock {
  advance(ms: number): void;
}

export function fakeClock(start = Date.parse('2030-01-01T00:00:00Z')): FakeClock {
  let current = start;
  return { now: () => new Date(current), advance: (ms) => (current += ms) };
}

export interface TestServer {
  app: FastifyInstance;
  testDb: TestDb;
  config: Config;
  clock: FakeClock;
  mails: OutgoingMail[];
  events: UserEvent[];
  request(options: InjectOptions): Promise<LightMyRequestResponse>;
  register(email: string, password?: string, userName?: string): Promise<LightMyRequestResponse>;
  /** Registers (when needed) and logs in; answers the login body. */
  signIn(email: string, password?: string): Promise<{ accessToken: string; refreshToken: string; user: { _id: string } }>;
  /** The token of the last mail to `to` whose link contains `linkPart`. */
  tokenFromMail(to: string, linkPart: string): string;
  close(): Promise<void>;
}

/**
 * The real app over a fresh database (PGlite, or PostgreSQL with TEST_DATABASE_URL), with a fake
 * clock, a capturing mailer and cheap argon2 so the suite stays fast.
 */
export async function startTestServer(
  env: Record<string, string> = {},
  options: { logStream?: NodeJS.WritableStream } = {},
): Promise<TestServer> {
  const testDb = await openTestDb();
  await migrate(testDb.db, [...accountMigrations, ...catalogMigrations]);
  const config = loadConfig({
    DATA_DIR: mkdtempSync(path.join(tmpdir(), 'api-test-')),
    JWT_SECRET: 'test-secret-that-is-long-enough-0123456789',
    ARGON2_MEMORY_KIB: '1024',
    ARGON2_TIME_COST: '1',
    LOG_LEVEL: 'silent',
    STATIC_DIR: path.join(tmpdir(), 'no-such-static-dir'),
    // Suites sign up many users from one inject address; throttling tests set their own limits.
    RATE_LIMIT_LOGIN_PER_ACCOUNT: '1000',
    RATE_LIMIT_LOGIN_PER_ACCOUNT_CLIENT: '1000',
    RATE_LIMIT_LOGIN_PER_CLIENT: '1000',
    RATE_LIMIT_REGISTER_PER_CLIENT: '1000',
    RATE_LIMIT_RESET_PER_CLIENT: '1000',
    RATE_LIMIT_FORGOT_PER_ADDRESS: '1000',
    RATE_LIMIT_FORGOT_PER_CLIENT: '1000',
    RATE_LIMIT_VERIFY_MAIL_PER_ADDRESS: '1000',
    RATE_LIMIT_VERIFY_MAIL_PER_CLIENT: '1000',
    ...env,
  });
  const clock = fakeClock();
  const mails: OutgoingMail[] = [];
  const mailer: Mailer = { send: async (mail) => void mails.push(mail) };
  const events: UserEvent[] = [];
  const userEvents = createUserEvents();
  userEvents.subscribe((event) => events.push(event));
  const app = await buildApp({ config, db: testDb.db, clock, mailer, events: userEvents, ...options });
  await app.ready();

  const server: TestServer = {
    app,
    testDb,
    config,
    clock,
    mails,
    events,
    request: (options) => app.inject(options),
    register: (email, password = STRONG_PASSWORD, userName = 'Shopper') =>
      app.inject({ method: 'POST', url: '/api/users/register', payload: { userName, email, password } }),
    async signIn(email, password = STRONG_PASSWORD) {
      await server.register(email, password);
      const response = await app.inject({ method: 'POST', url: '/api/users/login', payload: { email, password } });
      if (response.statusCode !== 200) throw new Error(`login failed: ${response.statusCode} ${response.body}`);
      return response.json();
    },
    tokenFromMail(to, linkPart) {
      const mail = [...mails].reverse().find((m) => m.to === to && m.links.some((l) => l.includes(linkPart)));
      const link = mail?.links.find((l) => l.includes(linkPart));
      if (!link) throw new Error(`no ${linkPart} mail to ${to}`);
      return link.slice(link.lastIndexOf('/') + 1);
    },
    async close() {
      await app.close();
      await testDb.close();
    },
  };
  return server;
}

export function bearer(token: string): Record<string, string> {
  return { authorization: `Bearer ${token}` };
}
