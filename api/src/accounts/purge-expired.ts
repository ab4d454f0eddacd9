import type { Db } from '../db/types';

/** How long a sent mail's row (recipient, subject, cause: no body) is kept, e.g. to answer "was it sent?". */
export const SENT_MAIL_KEPT_MS = 30 * 24 * 60 * 60 * 1000;

/**
 * Deletes what can no longer be used: throttle windows that ended, mail tokens a day past their
 * expiry, and session families a day past their end (their refresh tokens cascade). The grace day
 * keeps "used/expired" answers meaningful shortly after expiry. Sent mails go after 30 days (their
 * causes, an order or a token, are never mailed again by then); dead letters stay until removed.
 */
export async function purgeExpired(db: Db, now: Date, throttleWindowMs: number): Promise<void> {
  const dayAgo = new Date(now.getTime() - 24 * 60 * 60 * 1000).toISOString();
  await db.query('DELETE FROM throttle_windows WHERE window_start <= $1', [new Date(now.getTime() - throttleWindowMs).toISOString()]);
  await db.query('DELETE FROM mail_tokens WHERE expires_at <= $1', [dayAgo]);
  await db.query('DELETE FROM session_families WHERE expires_at <= $1 OR (revoked_at IS NOT NULL AND revoked_at <= $1)', [dayAgo]);
  await db.query('DELETE FROM mail_outbox WHERE sent_at <= $1', [new Date(now.getTime() - SENT_MAIL_KEPT_MS).toISOString()]);
}
