import { PGlite, type Transaction } from '@electric-sql/pglite';
import type { Db } from '../db/types';
import { catalogMigrations } from './catalog-migrations';

/** An in-memory PGlite `Db` with the catalogue schema, for the catalogue tests. */
export async function openCatalogTestDb(): Promise<Db> {
  const pg = await PGlite.create();
  for (const migration of catalogMigrations) await pg.exec(migration.sql);
  return {
    query: (sql, params) => run(pg, sql, params),
    transaction: (work) => pg.transaction((tx) => work(inTransaction(tx))),
    close: () => pg.close(),
  };
}

async function run<Row>(
  runner: Pick<PGlite, 'query'> | Pick<Transaction, 'query'>,
  sql: string,
  params?: readonly unknown[],
): Promise<{ rows: Row[] }> {
  const result = await runner.query<Row>(sql, params ? [...params] : []);
  return { rows: result.rows };
}

function inTransaction(tx: Transaction): Db {
  const db: Db = {
    query: (sql, params) => run(tx, sql, params),
    transaction: (work) => work(db),
    close: () => Promise.reject(new Error('close() inside a transaction')),
  };
  return db;
}
