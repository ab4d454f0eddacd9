import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { migrate } from '../db/migrate';
import { migrations } from '../db/migrations/all-migrations';
import { openPgDb } from '../db/pg-db';
import { openPgliteDb } from '../db/pglite-db';
import type { Db } from '../db/types';
import { seedCatalog } from '../catalog/seed-catalog';
import { pgliteTemplate, type TestSchema } from './pglite-templates';

export interface TestDb {
  db: Db;
  engine: 'pglite' | 'postgres';
  /** The PostgreSQL schema (its search_path), for a server process that must share it; null on PGlite. */
  schema: string | null;
  close(): Promise<void>;
}

/**
 * An empty database for one test file: in-memory PGlite, or, when TEST_DATABASE_URL is set, a
 * fresh schema on that PostgreSQL (dropped again on close), so the same SQL is proven on both.
 * `url` null asks for PGlite whatever TEST_DATABASE_URL says. On PGlite, a copy of the run's
 * template when the run made them (pglite-templates.ts). `schema`: nothing (`'empty'`), the
 * server's migrations (`'migrated'`), or those and the demo catalogue (`'seeded'`).
 */
export async function openTestDb(
  url: string | null = process.env.TEST_DATABASE_URL ?? null,
  schema: TestSchema = 'migrated',
): Promise<TestDb> {
  const template = url ? undefined : pgliteTemplate(schema);
  const testDb = await openEmpty(url, template);
  if (template) return testDb;
  if (schema !== 'empty') await migrate(testDb.db, migrations);
  if (schema === 'seeded') await seedCatalog(testDb.db);
  return testDb;
}

/** A new database, or on PGlite a copy of `from`. */
async function openEmpty(url: string | null, from?: Blob): Promise<TestDb> {
  if (!url) {
    const db = await openPgliteDb(undefined, from ? { from } : {});
    return { db, engine: 'pglite', schema: null, close: () => db.close() };
  }
  const schema = `test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE SCHEMA ${schema}`);
  await admin.end();
  const db = await openPgDb(url, { searchPath: schema });
  return {
    db,
    engine: 'postgres',
    schema,
    close: async () => {
      await db.close();
      const cleanup = new pg.Client({ connectionString: url });
      await cleanup.connect();
      await cleanup.query(`DROP SCHEMA ${schema} CASCADE`);
      await cleanup.end();
    },
  };
}
