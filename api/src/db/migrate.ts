import type { Db, Migration } from './types';

/** An arbitrary constant key: only one process migrates a PostgreSQL database at a time. */
const MIGRATION_LOCK_KEY = 4_052_017;

/**
 * Applies the migrations not yet recorded in `schema_migrations`, in id order, each in its own
 * transaction together with its record. On PostgreSQL a transaction-scoped advisory lock makes
 * concurrent starts safe (PGlite is single-process anyway, and answers the lock call alike).
 */
export async function migrate(db: Db, migrations: readonly Migration[]): Promise<string[]> {
  const ids = new Set<string>();
  for (const migration of migrations) {
    if (ids.has(migration.id)) throw new Error(`Duplicate migration id ${migration.id}`);
    ids.add(migration.id);
  }
  await db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK_KEY]);
    await tx.query(
      `CREATE TABLE IF NOT EXISTS schema_migrations (
         id text PRIMARY KEY,
         applied_at timestamptz NOT NULL DEFAULT now()
       )`,
    );
  });
  const applied: string[] = [];
  const ordered = [...migrations].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  for (const migration of ordered) {
    const done = await db.transaction(async (tx) => {
      await tx.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK_KEY]);
      const seen = await tx.query('SELECT 1 FROM schema_migrations WHERE id = $1', [migration.id]);
      if (seen.rows.length > 0) return false;
      await tx.query(migration.sql);
      await tx.query('INSERT INTO schema_migrations (id) VALUES ($1)', [migration.id]);
      return true;
    });
    if (done) applied.push(migration.id);
  }
  return applied;
}
