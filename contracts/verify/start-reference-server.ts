import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { loadConfig } from '../../server/src/config';
import { openPgDb } from '../../server/src/db/pg-db';
import type { Db } from '../../server/src/db/types';
import { startServer } from '../../server/src/start-server';

export interface ReferenceServer {
  url: string;
  outboxDir: string;
  engine: 'pglite' | 'postgres';
  close(): Promise<void>;
}

/** Limits high enough for one verification run, which logs in and mails far more than a shopper. */
const VERIFICATION_LIMITS = {
  RATE_LIMIT_LOGIN_PER_ACCOUNT: '1000',
  RATE_LIMIT_LOGIN_PER_ACCOUNT_CLIENT: '1000',
  RATE_LIMIT_LOGIN_PER_CLIENT: '10000',
  RATE_LIMIT_REGISTER_PER_CLIENT: '10000',
  RATE_LIMIT_RESET_PER_CLIENT: '10000',
  RATE_LIMIT_FORGOT_PER_ADDRESS: '1000',
  RATE_LIMIT_FORGOT_PER_CLIENT: '10000',
  RATE_LIMIT_VERIFY_MAIL_PER_ADDRESS: '1000',
  RATE_LIMIT_VERIFY_MAIL_PER_CLIENT: '10000',
};

/** A PostgreSQL schema of its own, dropped afterwards, so runs never see each other's data. */
async function openFreshSchema(postgresUrl: string): Promise<{ db: Db; drop(): Promise<void> }> {
  const schema = `pact_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: postgresUrl });
  await admin.connect();
  await admin.query(`CREATE SCHEMA ${schema}`);
  await admin.end();
  const db = await openPgDb(postgresUrl, { searchPath: schema });
  return {
    db,
    drop: async () => {
      await db.close();
      const cleanup = new pg.Client({ connectionString: postgresUrl });
      await cleanup.connect();
      await cleanup.query(`DROP SCHEMA ${schema} CASCADE`);
      await cleanup.end();
    },
  };
}

/**
 * The reference API (startServer: migrations, demo catalogue, socket.io) in this process on a
 * free port, on a fresh PGlite data directory or a fresh PostgreSQL schema, with its dev outbox in
 * a temp folder.
 */
export async function startReferenceServer(options: { engine: 'pglite' | 'postgres'; postgresUrl?: string }): Promise<ReferenceServer> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'storefront-pact-'));
  const outboxDir = path.join(dataDir, 'outbox');
  const config = loadConfig({
    NODE_ENV: 'test',
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    MAIL_OUTBOX_DIR: outboxDir,
    JWT_SECRET: randomBytes(48).toString('base64url'),
    STATIC_DIR: path.join(dataDir, 'no-static-files'),
    LOG_LEVEL: 'warn',
    // The verification hashes many passwords; production costs are not under test here.
    ARGON2_MEMORY_KIB: '1024',
    ARGON2_TIME_COST: '1',
    ...VERIFICATION_LIMITS,
  });
  if (options.engine === 'postgres' && !options.postgresUrl) throw new Error('PostgreSQL run without a database URL');
  // PGlite: startServer opens `<DATA_DIR>/pglite` itself (DATABASE_URL unset).
  const schema = options.engine === 'postgres' && options.postgresUrl ? await openFreshSchema(options.postgresUrl) : null;
  const server = await startServer(config, schema ? { db: schema.db } : {});
  return {
    url: server.url,
    outboxDir,
    engine: options.engine,
    close: async () => {
      await server.close();
      await schema?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
