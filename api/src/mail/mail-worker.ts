import { createHash } from 'node:crypto';
import type { Db } from '../db/types';
import { type ClaimedMail, MAIL_OUTBOX_CHANNEL, type MailOutbox } from './mail-outbox';
import type { Mailer } from './mailer';

/** How often the worker looks for due mails (retries fall due without any notification). */
export const POLL_MS = 1000;
/** The longest one send may take: a hanging mail server must not hold the worker, nor the mail. */
export const SEND_TIMEOUT_MS = 60_000;
/** A claim's lease: longer than a send may take, so a mail being sent is never claimed again. */
export const LEASE_MS = 3 * SEND_TIMEOUT_MS;

/** Where the worker reports: the app's logger. Never given a token or a mail's body. */
export interface WorkerLog {
  warn(fields: object, message: string): void;
}

export interface MailWorkerOptions {
  outbox: MailOutbox;
  mailer: Mailer;
  log: WorkerLog;
  /** The sender (MAIL_FROM): its domain names the Message-IDs. */
  from: string;
  /** For the wake-up on commit (LISTEN); without it the worker polls only. */
  db?: Db;
  pollMs?: number;
  sendTimeoutMs?: number;
  leaseMs?: number;
}

/**
 * Sends the outbox's mails (D23), one at a time: claims the next due mail with a lease, sends it
 * through the mailer within a deadline, marks it sent or failed. It runs when an enqueue commits
 * (its notification), every second, and when asked (`drain`); one run at a time, each until no
 * mail is due. A database error ends a run with a warning; the next one tries again. At least
 * once: a mail whose send succeeded but could not be marked (the database gone at that moment)
 * is sent again when its lease ends, with the same Message-ID.
 */
export class MailWorker {
  private readonly pollMs: number;
  private readonly sendTimeoutMs: number;
  private readonly leaseMs: number;
  private readonly domain: string;
  private running: Promise<void> | undefined;
  private again = false;
  private stopped = false;
  private timer: NodeJS.Timeout | undefined;
  private unlisten: (() => Promise<void>) | undefined;

  constructor(private readonly options: MailWorkerOptions) {
    this.pollMs = options.pollMs ?? POLL_MS;
    this.sendTimeoutMs = options.sendTimeoutMs ?? SEND_TIMEOUT_MS;
    this.leaseMs = options.leaseMs ?? LEASE_MS;
    if (this.leaseMs <= this.sendTimeoutMs) throw new Error('The lease must outlast a send');
    this.domain = senderDomain(options.from);
  }

  /** Polls, and listens for enqueues when it has a database to listen on. */
  async start(): Promise<void> {
    if (this.options.db) {
      try {
        this.unlisten = await this.options.db.listen(MAIL_OUTBOX_CHANNEL, { onNotify: () => void this.drain() });
      } catch (error) {
        this.options.log.warn({ err: error }, 'mail outbox: no wake-up on enqueue, polling only');
      }
    }
    this.timer = setInterval(() => void this.drain(), this.pollMs);
    this.timer.unref();
    void this.drain();
  }

  /**
   * Sends every due mail; resolves when none is due any more (including those that fell due
   * while it ran). Joins the run under way instead of starting a second one.
   */
  drain(): Promise<void> {
    if (this.stopped) return this.running ?? Promise.resolve();
    if (this.running) {
      this.again = true;
      return this.running;
    }
    const run = (async () => {
      try {
        do {
          this.again = false;
          await this.sendDue();
        } while (this.again && !this.stopped);
      } finally {
        this.running = undefined;
      }
    })();
    this.running = run;
    return run;
  }

  /** Stops claiming: the mail being sent is finished (and marked), then it resolves. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    const unlisten = this.unlisten;
    this.unlisten = undefined;
    await unlisten?.().catch(() => undefined);
    await this.running;
  }

  /** The Message-ID of the mail of `cause`: the same for every delivery of that mail. */
  messageIdFor(cause: string): string {
    return `<${createHash('sha256').update(cause).digest('hex').slice(0, 32)}.outbox@${this.domain}>`;
  }

  private async sendDue(): Promise<void> {
    try {
      while (!this.stopped) {
        const [claimed] = await this.options.outbox.claim(1, this.leaseMs);
        if (!claimed) return;
        await this.deliver(claimed);
      }
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      this.options.log.warn({ reason }, 'mail outbox: database error, will try again');
    }
  }

  private async deliver(claimed: ClaimedMail): Promise<void> {
    const { outbox, mailer, log } = this.options;
    const about = { mail: claimed.id, cause: claimed.cause, attempts: claimed.attempts };
    try {
      await withDeadline(mailer.send({ ...claimed.mail, messageId: this.messageIdFor(claimed.cause) }), this.sendTimeoutMs);
    } catch (error) {
      const outcome = await outbox.markFailed(claimed, error);
      const reason = error instanceof Error ? error.message : String(error);
      if ('lost' in outcome) log.warn({ ...about, reason }, 'mail send failed after its lease ended');
      else if (outcome.dead) log.warn({ ...about, reason }, 'mail dead: failing for more than a day (npm run mail:outbox)');
      else log.warn({ ...about, reason, nextAttemptAt: outcome.nextAttemptAt.toISOString() }, 'mail send failed, will retry');
      return;
    }
    await outbox.markSent(claimed);
  }
}

/** `promise`, or a rejection after `ms`; a late outcome of the promise is ignored. */
function withDeadline(promise: Promise<void>, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`mail send timed out after ${ms} ms`)), ms);
  });
  promise.catch(() => undefined);
  return Promise.race([promise, deadline]).finally(() => clearTimeout(timer));
}

/** `Shop <no-reply@shop.example>` → `shop.example`. */
function senderDomain(from: string): string {
  const domain = /@([^\s>]+)>?\s*$/.exec(from)?.[1];
  return domain && /^[A-Za-z0-9.-]+$/.test(domain) ? domain : 'localhost';
}
