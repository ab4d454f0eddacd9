import type { Db } from '../../api/src/db/types';

/** Rate-limit counters: a rejected login or mail request counts towards its limit by design. */
export const UNWATCHED_TABLES = ['throttle_windows'];

export type Fingerprint = Record<string, string>;

/**
 * A function answering, per table of the current schema (all but UNWATCHED_TABLES), a digest of
 * all its rows, in one query: cheap enough to take before and after every request.
 */
export async function fingerprinter(db: Db): Promise<() => Promise<Fingerprint>> {
  const tables = await db.query<{ table_name: string }>(
    `SELECT table_name FROM information_schema.tables
      WHERE table_schema = current_schema() AND table_type = 'BASE TABLE'
      ORDER BY table_name`,
  );
  const watched = tables.rows.map((row) => row.table_name).filter((name) => !UNWATCHED_TABLES.includes(name));
  if (watched.length === 0) throw new Error('no tables to watch');
  const sql = `SELECT ${watched
    .map((name) => `(SELECT md5(coalesce(string_agg(t::text, E'\\n' ORDER BY t::text), '')) FROM "${name}" t) AS "${name}"`)
    .join(', ')}`;
  return async () => {
    const result = await db.query<Fingerprint>(sql, []);
    return result.rows[0] ?? {};
  };
}

/** The tables whose digest differs. */
export function changedTables(before: Fingerprint, after: Fingerprint): string[] {
  return Object.keys({ ...before, ...after }).filter((name) => before[name] !== after[name]);
}
