import { createHash } from 'node:crypto';
import type { Db } from '../db/types';
import { HttpError } from '../http/http-error';
import type { ServerClock } from '../time/server-clock';

export const THROTTLED_MESSAGE = 'Too many attempts. Please try again later.';

/**
 * Fixed-window counters kept in the database, so every server process shares them. Keys are
 * hashed: the table never holds an email address or client address in clear.
 */
export class Throttle {
  constructor(
    private readonly db: Db,
    private readonly clock: ServerClock,
    private readonly windowMs: number,
  ) {}

  /** Counts one hit; throws 429 once the window holds more than `limit` hits. */
  async consume(bucket: string, subject: string, limit: number): Promise<void> {
    if ((await this.hit(bucket, subject)) > limit) throw new HttpError(429, THROTTLED_MESSAGE);
  }

  /** Throws 429 when the window already holds `limit` hits, without counting (login failures). */
  async ensureBelow(bucket: string, subject: string, limit: number): Promise<void> {
    if ((await this.count(bucket, subject)) >= limit) throw new HttpError(429, THROTTLED_MESSAGE);
  }

  async hit(bucket: string, subject: string): Promise<number> {
    const now = this.clock.now();
    const result = await this.db.query<{ hits: number }>(
      `INSERT INTO throttle_windows (key, window_start, hits) VALUES ($1, $2, 1)
       ON CONFLICT (key) DO UPDATE SET
         hits = CASE WHEN throttle_windows.window_start <= $3 THEN 1 ELSE throttle_windows.hits + 1 END,
         window_start = CASE WHEN throttle_windows.window_start <= $3 THEN $2 ELSE throttle_windows.window_start END
       RETURNING hits`,
      [key(bucket, subject), now.toISOString(), this.windowStart(now)],
    );
    return Number(result.rows[0]?.hits ?? 0);
  }

  async count(bucket: string, subject: string): Promise<number> {
    const result = await this.db.query<{ hits: number }>(
      'SELECT hits FROM throttle_windows WHERE key = $1 AND window_start > $2',
      [key(bucket, subject), this.windowStart(this.clock.now())],
    );
    return Number(result.rows[0]?.hits ?? 0);
  }

  async reset(bucket: string, subject: string): Promise<void> {
    await this.db.query('DELETE FROM throttle_windows WHERE key = $1', [key(bucket, subject)]);
  }

  private windowStart(now: Date): string {
    return new Date(now.getTime() - this.windowMs).toISOString();
  }
}

function key(bucket: string, subject: string): string {
  return `${bucket}:${createHash('sha256').update(subject).digest('hex')}`;
}
