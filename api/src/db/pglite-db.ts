import { PGlite, type Transaction } from '@electric-sql/pglite';
import { ensurePrivateDirSync } from '../fs/private-dir';
import { transactionDb } from './transaction-db';
import type { Db } from './types';

/** A PGlite database that can also be copied whole (its data directory as a tar archive). */
export interface PgliteDb extends Db {
  dump(): Promise<Blob>;
}

/**
 * Embedded PostgreSQL (PGlite, WebAssembly) on disk, or in memory when `dataDir` is undefined.
 * `relaxedDurability: false` (PGlite's default, stated here on purpose): each query resolves only
 * after its writes reached the file system, so an acknowledged write survives a crash.
 * `from`: a dump to start from instead of a new cluster (which costs PGlite's initdb).
 */
export async function openPgliteDb(dataDir: string | undefined, options: { from?: Blob } = {}): Promise<PgliteDb> {
  if (dataDir !== undefined) ensurePrivateDirSync(dataDir);
  const pg = await PGlite.create({ dataDir, relaxedDurability: false, ...(options.from ? { loadDataDir: options.from } : {}) });
  return {
    dump: () => pg.dumpDataDir('none'),
    query: (sql, params) => runQuery(pg, sql, params),
    transaction: (work) => pg.transaction((tx) => work(transactionDb((sql, params) => runQuery(tx, sql, params)))),
    // One process owns a PGlite database, so every write passes through this instance, and its
    // notifications are delivered before the writing query resolves: never missed, never late.
    listen: async (channel, handlers) => {
      const stop = await pg.listen(channel, (payload) => handlers.onNotify(payload));
      return () => stop();
    },
    close: () => pg.close(),
  };
}

type Runner = Pick<PGlite, 'query' | 'exec'> | Pick<Transaction, 'query' | 'exec'>;

async function runQuery<Row>(runner: Runner, sql: string, params?: readonly unknown[]): Promise<{ rows: Row[] }> {
  // Parameterless multi-statement scripts (migrations) need the simple protocol.
  if (params === undefined || params.length === 0) {
    const results = await runner.exec(sql);
    const last = results[results.length - 1];
    return { rows: (last?.rows ?? []) as Row[] };
  }
  const result = await runner.query<Row>(sql, [...params]);
  return { rows: result.rows };
}
