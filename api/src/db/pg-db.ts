import pg from 'pg';
import { transactionDb } from './transaction-db';
import type { Db, ListenHandlers } from './types';

/** How long a lost LISTEN connection waits before it tries again. */
const RELISTEN_DELAY_MS = 1000;

/** The longest a query waits for a connection of the pool. */
export const CONNECT_DEADLINE_MS = 3000;

/** PostgreSQL through a pg Pool (`DATABASE_URL`). `searchPath` isolates a schema (tests). */
export async function openPgDb(connectionString: string, options: { searchPath?: string } = {}): Promise<Db> {
  const pool = new pg.Pool({
    connectionString,
    max: 10,
    // A request waits this long at most for a connection (the database restarting, the pool
    // busy), then fails as unavailable (a 503) instead of hanging.
    connectionTimeoutMillis: CONNECT_DEADLINE_MS,
    ...(options.searchPath ? { options: `-c search_path=${options.searchPath}` } : {}),
  });
  // An idle connection the database drops (a restart) is an error event on the pool: without a
  // listener it would end the process. The pool discards it and opens a new one when asked.
  pool.on('error', () => undefined);
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
    listen: (channel, handlers) => listenOnOwnConnection(connectionString, channel, handlers),
    close: () => pool.end(),
  };
}

/**
 * LISTEN holds a session, so it gets a connection of its own, outside the pool. When that
 * connection is lost, notifications may be missed until it is back: the caller hears
 * `onLive(false)`, then `onLive(true)` once a new connection listens again (tried every second).
 */
async function listenOnOwnConnection(connectionString: string, channel: string, handlers: ListenHandlers): Promise<() => Promise<void>> {
  if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`Bad channel name ${channel}`);
  let current: pg.Client | undefined;
  let stopped = false;
  let retry: NodeJS.Timeout | undefined;

  const connect = async () => {
    const client = new pg.Client({ connectionString });
    client.on('notification', (message) => {
      if (message.channel === channel) handlers.onNotify(message.payload ?? '');
    });
    client.on('error', () => lost(client));
    client.on('end', () => lost(client));
    try {
      await client.connect();
      await client.query(`LISTEN ${channel}`);
    } catch (error) {
      await client.end().catch(() => undefined);
      throw error;
    }
    if (stopped) {
      await client.end();
      return;
    }
    current = client;
    handlers.onLive?.(true);
  };
  const lost = (client: pg.Client) => {
    if (current !== client) return;
    current = undefined;
    handlers.onLive?.(false);
    client.end().catch(() => undefined);
    if (!stopped) scheduleRetry();
  };
  const scheduleRetry = () => {
    retry = setTimeout(() => {
      connect().catch(scheduleRetry);
    }, RELISTEN_DELAY_MS);
    retry.unref();
  };

  await connect();
  return async () => {
    stopped = true;
    clearTimeout(retry);
    const client = current;
    current = undefined;
    await client?.end();
  };
}

function clientDb(client: pg.PoolClient): Db {
  return transactionDb(async <Row>(sql: string, params?: readonly unknown[]) => {
    const result = await client.query(sql, params === undefined ? undefined : [...params]);
    // A multi-statement script answers an array of results; the last one carries the rows.
    const last = Array.isArray(result) ? (result as pg.QueryResult[]).at(-1) : result;
    return { rows: (last?.rows ?? []) as Row[] };
  });
}
