import { createHash } from 'node:crypto';
import type { Db } from '../db/types';
import { DomainError } from '../domain-error';
import type { ServerClock } from '../time/server-clock';

export interface Reservation {
  /** The window's count, this hit included. */
  hits: number;
  /** Whole seconds until this window ends and its count starts again (at least 1). */
  retryAfterSeconds: number;
  release(): Promise<void>;
}

export const THROTTLED_MESSAGE = 'Too many attempts. Please try again later.';

/** The refusal of a full window: 429 with SPEC's message and `Retry-After` (http/api-errors.ts). */
export function throttled(reservation: Reservation): DomainError {
  return new DomainError('throttled', THROTTLED_MESSAGE, reservation.retryAfterSeconds);
}

/**
 * Fixed-window counters kept in the database, so every server process shares them. Keys are
 * hashed: the table never holds an email address or client address in clear. A window starts
 * with its key's first hit and lasts `windowMs`; a refusal says when it ends (`Retry-After`).
 */
export class Throttle {
  constructor(
    private readonly db: Db,
    private readonly clock: ServerClock,
    private readonly windowMs: number,
  ) {}

  /** Counts one hit; throws `throttled` (with the seconds until the window ends) once the window holds more than `limit` hits. */
  async consume(bucket: string, subject: string, limit: number): Promise<void> {
    const reservation = await this.reserve(bucket, subject);
    if (reservation.hits > limit) throw throttled(reservation);
  }

  /** Counts one hit atomically and answers the window's count, this hit included. */
  async hit(bucket: string, subject: string): Promise<number> {
    return (await this.reserve(bucket, subject)).hits;
  }

  /**
   * Counts one hit atomically (one statement, so parallel requests each see their own count) and
   * hands back a way to take it back: a caller reserves before slow work and releases when the
   * attempt turns out not to count (a success, or a refusal by another limit).
   */
  async reserve(bucket: string, subject: string): Promise<Reservation> {
    const now = this.clock.now();
    const hashed = key(bucket, subject);
    const result = await this.db.query<{ hits: number; window_start: string; window_start_ms: number }>(
      `INSERT INTO throttle_windows (key, window_start, hits) VALUES ($1, $2, 1)
       ON CONFLICT (key) DO UPDATE SET
         hits = CASE WHEN throttle_windows.window_start <= $3 THEN 1 ELSE throttle_windows.hits + 1 END,
         window_start = CASE WHEN throttle_windows.window_start <= $3 THEN $2 ELSE throttle_windows.window_start END
       RETURNING hits, window_start::text AS window_start, (extract(epoch FROM window_start) * 1000)::float8 AS window_start_ms`,
      [hashed, now.toISOString(), this.windowStart(now)],
    );
    const row = result.rows[0];
    const windowEnd = Number(row?.window_start_ms ?? now.getTime()) + this.windowMs;
    return {
      hits: Number(row?.hits ?? 0),
      retryAfterSeconds: Math.max(1, Math.ceil((windowEnd - now.getTime()) / 1000)),
      // Only within the same window: once it has rolled over, the hit is gone anyway.
      release: async () => {
        await this.db.query('UPDATE throttle_windows SET hits = hits - 1 WHERE key = $1 AND window_start = $2::timestamptz AND hits > 0', [
          hashed,
          row?.window_start,
        ]);
      },
    };
  }

  async count(bucket: string, subject: string): Promise<number> {
    const result = await this.db.query<{ hits: number }>('SELECT hits FROM throttle_windows WHERE key = $1 AND window_start > $2', [
      key(bucket, subject),
      this.windowStart(this.clock.now()),
    ]);
    return Number(result.rows[0]?.hits ?? 0);
  }

  async reset(bucket: string, subject: string): Promise<void> {
    await this.db.query('DELETE FROM throttle_windows WHERE key = $1', [key(bucket, subject)]);
  }

  /** Empties every window of every bucket: a test harness's fresh start between the states it sets up. */
  async clear(): Promise<void> {
    await this.db.query('DELETE FROM throttle_windows');
  }

  private windowStart(now: Date): string {
    return new Date(now.getTime() - this.windowMs).toISOString();
  }
}

function key(bucket: string, subject: string): string {
  return `${bucket}:${createHash('sha256').update(subject).digest('hex')}`;
}
