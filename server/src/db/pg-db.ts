import pg from 'pg';
import type { Db } from './types';

/** PostgreSQL through a pg Pool (`DATABASE_URL`). `searchPath` isolates a schema (tests). */
export async function openPgDb(connectionString: string, options: { searchPath?: string } = {}): Promise<Db> {
  const pool = new pg.Pool({
    connectionString,
    max: 10,
    ...(options.searchPath ? { options: `-c search_path=${options.searchPath}` } : {}),
  });
  // Fail at start, not at the first request, when the database is unreachable.
  const probe = await pool.connect();
  probe.release();
  return {
    query: async <Row>(sql: string, params?: readonly unknown[]) => {
      const result = await pool.query(sql, params === undefined ? undefined : [...params]);
      return { rows: result.rows as Row[] };
    },
    transaction: async (work) => {
      const client = await pool.connect();
      const db = clientDb(client);
      try {
        await client.query('BEGIN');
        const value = await work(db);
        await client.query('COMMIT');
        return value;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
  };
}

function clientDb(client: pg.PoolClient): Db {
  const db: Db = {
    query: async <Row>(sql: string, params?: readonly unknown[]) => {
      const result = await client.query(sql, params === undefined ? undefined : [...params]);
      // A multi-statement script answers an array of results; the last one carries the rows.
      const last = Array.isArray(result) ? (result as pg.QueryResult[]).at(-1) : result;
      return { rows: (last?.rows ?? []) as Row[] };
    },
    transaction: (work) => work(db),
    close: async () => {
      throw new Error('close() inside a transaction');
    },
  };
  return db;
}
