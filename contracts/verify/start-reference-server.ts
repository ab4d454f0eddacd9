import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { buildApp } from '../../server/src/app';
import { seedCatalog } from '../../server/src/catalog/seed-catalog';
import { catalogMigrations } from '../../server/src/catalog/catalog-migrations';
import { loadConfig } from '../../server/src/config';
import { accountMigrations } from '../../server/src/db/account-migrations';
import { migrate } from '../../server/src/db/migrate';
import { openPgDb } from '../../server/src/db/pg-db';
import { openPgliteDb } from '../../server/src/db/pglite-db';
import type { Db } from '../../server/src/db/types';

export interface ReferenceServer {
  url: string;
  outboxDir: string;
  engine: 'pglite' | 'postgres';
  close(): Promise<void>;
}

/** Limits high enough for one verification run, which logs in and mails far more than a shopper. */
const VERIFICATION_LIMITS = {
  RATE_LIMIT_LOGIN_PER_ACCOUNT: '1000',
  RATE_LIMIT_LOGIN_PER_CLIENT: '10000',
  RATE_LIMIT_REGISTER_PER_CLIENT: '10000',
  RATE_LIMIT_FORGOT_PER_ADDRESS: '1000',
  RATE_LIMIT_FORGOT_PER_CLIENT: '10000',
  RATE_LIMIT_VERIFY_MAIL_PER_ADDRESS: '1000',
  RATE_LIMIT_VERIFY_MAIL_PER_CLIENT: '10000',
};

async function openFreshDb(
  engine: 'pglite' | 'postgres',
  dataDir: string,
  postgresUrl: string | undefined,
): Promise<{ db: Db; dispose(): Promise<void> }> {
  if (engine === 'pglite') {
    const db = await openPgliteDb(path.join(dataDir, 'pglite'));
    return { db, dispose: async () => undefined };
  }
  if (!postgresUrl) throw new Error('PostgreSQL run without a database URL');
  // A schema of its own, dropped afterwards, so runs never see each other's data.
  const schema = `pact_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: postgresUrl });
  await admin.connect();
  await admin.query(`CREATE SCHEMA ${schema}`);
  await admin.end();
  const db = await openPgDb(postgresUrl, { searchPath: schema });
  return {
    db,
    dispose: async () => {
      const cleanup = new pg.Client({ connectionString: postgresUrl });
      await cleanup.connect();
      await cleanup.query(`DROP SCHEMA ${schema} CASCADE`);
      await cleanup.end();
    },
  };
}

/**
 * The reference API in this process on a free port: a fresh data directory (PGlite) or a fresh
 * PostgreSQL schema, migrated and seeded with the demo catalogue, the dev outbox in a temp folder.
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
  const { db, dispose } = await openFreshDb(options.engine, dataDir, options.postgresUrl);
  await migrate(db, [...accountMigrations, ...catalogMigrations]);
  await seedCatalog(db);
  const app = await buildApp({ config, db });
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    url,
    outboxDir,
    engine: options.engine,
    close: async () => {
      await app.close();
      await db.close();
      await dispose();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
