import type { Db } from '../db/types';

/**
 * Deletes what can no longer be used: throttle windows that ended, mail tokens a day past their
 * expiry, and session families a day past their end (their refresh tokens cascade). The grace day
 * keeps "used/expired" answers meaningful shortly after expiry.
 */
export async function purgeExpired(db: Db, now: Date, throttleWindowMs: number): Promise<void> {
  const dayAgo = new Date(now.getTime() - 24 * 60 * 60 * 1000).toISOString();
  await db.query('DELETE FROM throttle_windows WHERE window_start <= $1', [new Date(now.getTime() - throttleWindowMs).toISOString()]);
  await db.query('DELETE FROM mail_tokens WHERE expires_at <= $1', [dayAgo]);
  await db.query('DELETE FROM session_families WHERE expires_at <= $1 OR (revoked_at IS NOT NULL AND revoked_at <= $1)', [dayAgo]);
}
