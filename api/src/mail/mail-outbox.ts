import type { Db } from '../db/types';
import type { ServerClock } from '../time/server-clock';
import type { OutgoingMail } from './mailer';

/** The channel an enqueue notifies on commit: the workers of every process wake at once. */
export const MAIL_OUTBOX_CHANNEL = 'mail_outbox';

/** The first retry waits about 30 s, each further one twice as long, up to an hour. */
export const RETRY_BASE_MS = 30_000;
export const RETRY_CAP_MS = 60 * 60_000;
/** A mail still failing when it is older than this is dead: it is kept, shown, and no longer tried. */
export const GIVE_UP_AFTER_MS = 24 * 60 * 60_000;
/** What of an error is kept (a mail's last_error): enough to tell a refusal from a timeout. */
const ERROR_CHARS = 500;

/** A mail the worker claimed: it owns it until `leaseUntil`. */
export interface ClaimedMail {
  /** The row's id (a bigint, as text). */
  id: string;
  cause: string;
  mail: OutgoingMail;
  /** Tries begun, this one included (a process that died while sending counts too). */
  attempts: number;
  createdAt: Date;
  /** The lease this claim holds: the worker's marks apply only while it is still this one. */
  leaseUntil: string;
}

/** What the outbox shows of a mail that is owed or dead: never its body or links (they carry tokens). */
export interface OutboxEntry {
  cause: string;
  recipient: string;
  subject: string;
  attempts: number;
  lastError: string | null;
  createdAt: string;
  nextAttemptAt: string;
  deadAt: string | null;
}

export interface OutboxCounts {
  pending: number;
  sent: number;
  dead: number;
}

export type FailureOutcome = { dead: false; nextAttemptAt: Date } | { dead: true } | { lost: true };

interface ClaimRow {
  id: string;
  cause: string;
  recipient: string;
  subject: string;
  text: string;
  html: string;
  links: string[] | string;
  attempts: number;
  created_at: Date | string;
}

interface EntryRow {
  cause: string;
  recipient: string;
  subject: string;
  attempts: number;
  last_error: string | null;
  created_at: string;
  next_attempt_at: string;
  dead_at: string | null;
}

const iso = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS ${column}`;

/**
 * The durable outbox for every mail (D23, migration 300_mail_outbox). `enqueue` writes a mail in
 * the caller's transaction; the worker (mail-worker.ts) claims due mails with a lease, sends them
 * and marks them sent, or failed with a backoff, or dead after a day of failures.
 */
export class MailOutbox {
  constructor(
    private readonly db: Db,
    private readonly clock: ServerClock,
    /** [0, 1): the jitter of the backoff (injected so a test can pin it). */
    private readonly random: () => number = Math.random,
    /** The first retry's wait (MAIL_RETRY_BASE_SECONDS); it doubles up to RETRY_CAP_MS. */
    private readonly retryBaseMs: number = RETRY_BASE_MS,
  ) {}

  /**
   * Writes `mail` into the outbox within `tx`, the transaction of what caused it: it is sent only
   * if that commits, and surely then. One mail per `cause` (e.g. `order-confirmation:<order id>`):
   * a second enqueue of a cause is ignored. Answers whether this call queued it. The workers hear
   * of it when the transaction commits (NOTIFY is delivered on commit only).
   */
  async enqueue(tx: Db, mail: OutgoingMail, cause: string): Promise<boolean> {
    if (cause.length === 0 || cause.length > 200) throw new Error('A mail cause is 1 to 200 characters');
    const now = this.clock.now().toISOString();
    const inserted = await tx
      .query(
        `INSERT INTO mail_outbox (cause, recipient, subject, text, html, links, created_at, next_attempt_at)
         VALUES ($1, $2, $3, $4, $5, $6::jsonb, $7, $7)
         ON CONFLICT (cause) DO NOTHING
         RETURNING id`,
        [cause, mail.to, mail.subject, mail.text, mail.html, JSON.stringify(mail.links), now],
      )
      .catch((error: unknown) => {
        throw withoutQuery(error);
      });
    if (inserted.rows.length === 0) return false;
    await tx.query('SELECT pg_notify($1, $2)', [MAIL_OUTBOX_CHANNEL, '']);
    return true;
  }

  /**
   * Claims up to `limit` due mails for `leaseMs`: owed, due, and not leased to another worker.
   * SKIP LOCKED lets concurrent claims (other processes) pass over each other's rows instead of
   * waiting, and a row a concurrent claim just leased is read again and left out.
   */
  async claim(limit: number, leaseMs: number): Promise<ClaimedMail[]> {
    const now = this.clock.now();
    const leaseUntil = new Date(now.getTime() + leaseMs).toISOString();
    const { rows } = await this.db.query<ClaimRow>(
      `UPDATE mail_outbox SET claimed_until = $2, attempts = attempts + 1
        WHERE id IN (
          SELECT id FROM mail_outbox
           WHERE sent_at IS NULL AND dead_at IS NULL AND next_attempt_at <= $1
             AND (claimed_until IS NULL OR claimed_until <= $1)
           ORDER BY next_attempt_at, id
           LIMIT $3
           FOR UPDATE SKIP LOCKED)
        RETURNING id::text AS id, cause, recipient, subject, text, html, links, attempts, created_at`,
      [now.toISOString(), leaseUntil, limit],
    );
    return rows.map((row) => ({
      id: row.id,
      cause: row.cause,
      mail: {
        to: row.recipient,
        subject: row.subject,
        text: row.text,
        html: row.html,
        links: typeof row.links === 'string' ? (JSON.parse(row.links) as string[]) : row.links,
      },
      attempts: Number(row.attempts),
      createdAt: new Date(row.created_at),
      leaseUntil,
    }));
  }

  /** Sent: kept (its cause stays taken) without its body, whose tokens must not outlive the send. */
  async markSent(claimed: ClaimedMail): Promise<void> {
    await this.db.query(
      `UPDATE mail_outbox SET sent_at = $2, claimed_until = NULL, text = NULL, html = NULL, links = NULL
        WHERE id = $1 AND sent_at IS NULL`,
      [claimed.id, this.clock.now().toISOString()],
    );
  }

  /**
   * Failed: tried again after the backoff, or dead when the mail has been owed for more than a
   * day. Applies only while the claim still holds its lease (`lost` otherwise: another worker
   * has it now, and its own outcome counts).
   */
  async markFailed(claimed: ClaimedMail, error: unknown): Promise<FailureOutcome> {
    const now = this.clock.now();
    const message = describeError(error);
    if (now.getTime() - claimed.createdAt.getTime() > GIVE_UP_AFTER_MS) {
      const dead = await this.db.query(
        `UPDATE mail_outbox SET dead_at = $3, claimed_until = NULL, last_error = $4
          WHERE id = $1 AND claimed_until = $2 AND sent_at IS NULL RETURNING id`,
        [claimed.id, claimed.leaseUntil, now.toISOString(), message],
      );
      return dead.rows.length > 0 ? { dead: true } : { lost: true };
    }
    const nextAttemptAt = new Date(now.getTime() + retryDelayMs(claimed.attempts, this.random(), this.retryBaseMs));
    const retried = await this.db.query(
      `UPDATE mail_outbox SET next_attempt_at = $3, claimed_until = NULL, last_error = $4
        WHERE id = $1 AND claimed_until = $2 AND sent_at IS NULL RETURNING id`,
      [claimed.id, claimed.leaseUntil, nextAttemptAt.toISOString(), message],
    );
    return retried.rows.length > 0 ? { dead: false, nextAttemptAt } : { lost: true };
  }

  /**
   * The mails of `causes` still owed (not sent, not dead) become due now, and the workers are
   * woken: a shopper who asks again for a mail that failed gets a try at once, not a second mail.
   * Answers how many were hurried.
   */
  async retryNow(causes: string[]): Promise<number> {
    if (causes.length === 0) return 0;
    const hurried = await this.db.query(
      `UPDATE mail_outbox SET next_attempt_at = $2
        WHERE cause = ANY($1::text[]) AND sent_at IS NULL AND dead_at IS NULL AND next_attempt_at > $2
        RETURNING id`,
      [causes, this.clock.now().toISOString()],
    );
    if (hurried.rows.length > 0) await this.db.query('SELECT pg_notify($1, $2)', [MAIL_OUTBOX_CHANNEL, '']);
    return hurried.rows.length;
  }

  /** The mails still owed, the next due first. */
  pending(limit = 100): Promise<OutboxEntry[]> {
    return this.entries('sent_at IS NULL AND dead_at IS NULL ORDER BY next_attempt_at, id', limit);
  }

  /** The mails given up on, the newest first. */
  deadLetters(limit = 100): Promise<OutboxEntry[]> {
    return this.entries('dead_at IS NOT NULL ORDER BY dead_at DESC, id', limit);
  }

  async counts(): Promise<OutboxCounts> {
    const { rows } = await this.db.query<{ pending: number; sent: number; dead: number }>(
      `SELECT count(*) FILTER (WHERE sent_at IS NULL AND dead_at IS NULL)::int AS pending,
              count(*) FILTER (WHERE sent_at IS NOT NULL)::int AS sent,
              count(*) FILTER (WHERE dead_at IS NOT NULL)::int AS dead
         FROM mail_outbox`,
    );
    const row = rows[0];
    return { pending: Number(row?.pending ?? 0), sent: Number(row?.sent ?? 0), dead: Number(row?.dead ?? 0) };
  }

  private async entries(whereAndOrder: string, limit: number): Promise<OutboxEntry[]> {
    const { rows } = await this.db.query<EntryRow>(
      `SELECT cause, recipient, subject, attempts, last_error, ${iso('created_at')}, ${iso('next_attempt_at')}, ${iso('dead_at')}
         FROM mail_outbox WHERE ${whereAndOrder} LIMIT $1`,
      [limit],
    );
    return rows.map((row) => ({
      cause: row.cause,
      recipient: row.recipient,
      subject: row.subject,
      attempts: Number(row.attempts),
      lastError: row.last_error,
      createdAt: row.created_at,
      nextAttemptAt: row.next_attempt_at,
      deadAt: row.dead_at,
    }));
  }
}

/**
 * The wait after the `attempts`-th failed try: 30 s doubling up to an hour, ±20 % at random so
 * mails that failed together (a mail server down) do not all come back at the same moment.
 */
export function retryDelayMs(attempts: number, random: number, baseMs = RETRY_BASE_MS): number {
  const plain = Math.min(RETRY_CAP_MS, baseMs * 2 ** Math.max(0, Math.min(attempts - 1, 20)));
  return Math.round(plain * (0.8 + 0.4 * random));
}

/**
 * A database error without what it may carry of the query (PGlite's carry its text and
 * parameters, here the mail's body with a live token), since a failed request's error is logged.
 * Its message and SQLSTATE stay: they tell a database that is away from a fault.
 */
function withoutQuery(error: unknown): Error {
  if (!(error instanceof Error)) return new Error('The mail could not be written into the outbox');
  const bare = new Error(error.message) as Error & { code?: unknown };
  const code = (error as Error & { code?: unknown }).code;
  if (code !== undefined) bare.code = code;
  return bare;
}

/** An error as last_error keeps it: its message only (never a stack), cut to a bounded length. */
export function describeError(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.length > ERROR_CHARS ? `${message.slice(0, ERROR_CHARS - 1)}…` : message;
}
