import { setImmediate as nextTurn, setTimeout as sleep } from 'node:timers/promises';
import { LRUCache } from 'lru-cache';
import { THROTTLED_MESSAGE, throttled, type Throttle } from '../auth/throttle';
import { DomainError } from '../domain-error';

export interface CatalogWorkOptions {
  /** The shared per-client windows (auth/throttle.ts, `app.throttle`). */
  throttle: Throttle;
  /** Uncached answers one client may have made per throttle window. */
  perClient: number;
  /** Answers made at once in this process (default 1: on PGlite two makings would run their queries back to back). */
  concurrency?: number;
  /** Uncached answers one client may ask for at once before its requests are paced. */
  burst?: number;
  /** Uncached answers per second one client is paced to after its burst. */
  perSecond?: number;
  /** The longest a request is held for its client's pace; one that would wait longer is refused at once. */
  maxDelayMs?: number;
  now?: () => number;
}

/** What CatalogWork.run makes, and what makes it unnecessary. */
export interface Work<T> {
  make: () => Promise<T>;
  kept: () => T | undefined;
  abandoned: () => boolean;
}

/** The throttle bucket of uncached catalogue work. */
export const CATALOG_WORK_BUCKET = 'catalog-client';

/** Clients remembered (refused until a moment, or paced): the most recently seen. */
const CLIENTS_REMEMBERED = 10_000;

/**
 * The catalogue work no kept answer covers (issue 34): the public product list lets anyone ask
 * for answers nobody asked for before, each a query, a serialisation and a compression. This
 * bounds what one client can make the process do, in three ways:
 *
 * - a budget: `perClient` uncached answers per throttle window (the throttles' shared, fixed
 *   windows in the database), then 429 with `Retry-After` until the window ends; a refused client
 *   is remembered here until then, so its further requests cost no database write;
 * - a pace: after a burst of `burst`, a client's uncached answers are made at most `perSecond`
 *   a second; a request over the pace is held (costing nothing) until its time, and one that
 *   would be held longer than `maxDelayMs` is refused at once (429, `Retry-After`);
 * - turns: at most `concurrency` answers are made at once in the process, each starting on a turn
 *   of its own of the event loop (so the requests of other routes are read in between, even on
 *   PGlite, whose queries run on the event loop), and clients take turns round robin, so one
 *   client's queue never holds back another's request.
 */
export class CatalogWork {
  private running = 0;
  /** The waiting requests of each client; Map order is the round robin's order. */
  private readonly waiting = new Map<string, Array<() => void>>();
  private readonly refusedUntil = new LRUCache<string, number>({ max: CLIENTS_REMEMBERED });
  /** Each client's token bucket: tokens (below 0: requests held for later) as of `at`. */
  private readonly paces = new LRUCache<string, { tokens: number; at: number }>({ max: CLIENTS_REMEMBERED });
  private readonly concurrency: number;
  private readonly burst: number;
  private readonly perSecond: number;
  private readonly maxDelayMs: number;
  private readonly now: () => number;

  constructor(private readonly options: CatalogWorkOptions) {
    this.concurrency = options.concurrency ?? 1;
    this.burst = options.burst ?? 20;
    this.perSecond = options.perSecond ?? 4;
    this.maxDelayMs = options.maxDelayMs ?? 15_000;
    this.now = options.now ?? Date.now;
  }

  /**
   * Runs `make` for `client` at its pace, on a turn of its own, counted against its budget
   * (`client` undefined: a trusted proxy's own read, neither paced nor counted, but in turns).
   * `kept` answers a value that became available while the request waited, and `abandoned` tells
   * that its asker has gone meanwhile: either way nothing is made or counted. Throws `throttled`
   * (429 with Retry-After) when the client's budget is spent or its pace would hold it too long.
   */
  async run<T>(client: string | undefined, work: Work<T>): Promise<T> {
    if (client !== undefined) {
      this.refuseIfRefused(client);
      const delay = this.paced(client);
      if (delay > 0) await sleep(delay);
    }
    await this.turn(client ?? '');
    try {
      const ready = work.kept();
      if (ready !== undefined) return ready;
      if (work.abandoned()) throw new DomainError('throttled', THROTTLED_MESSAGE, 1);
      if (client === undefined) return await work.make();
      this.refuseIfRefused(client);
      const reservation = await this.options.throttle.reserve(CATALOG_WORK_BUCKET, client);
      if (reservation.hits > this.options.perClient) {
        this.refusedUntil.set(client, this.now() + reservation.retryAfterSeconds * 1000);
        throw throttled(reservation);
      }
      return await work.make();
    } finally {
      this.release();
    }
  }

  private refuseIfRefused(client: string): void {
    const until = this.refusedUntil.get(client);
    if (until === undefined) return;
    const seconds = Math.ceil((until - this.now()) / 1000);
    if (seconds > 0) throw new DomainError('throttled', THROTTLED_MESSAGE, seconds);
    this.refusedUntil.delete(client);
  }

  /** Takes a token of the client's bucket: how long its request waits for it (0: none); refuses one that would wait too long. */
  private paced(client: string): number {
    const now = this.now();
    const pace = this.paces.get(client) ?? { tokens: this.burst, at: now };
    const tokens = Math.min(this.burst, pace.tokens + ((now - pace.at) / 1000) * this.perSecond) - 1;
    const delay = tokens >= 0 ? 0 : (-tokens / this.perSecond) * 1000;
    if (delay > this.maxDelayMs) {
      this.paces.set(client, { tokens: tokens + 1, at: now });
      throw new DomainError('throttled', THROTTLED_MESSAGE, Math.ceil((delay - this.maxDelayMs) / 1000));
    }
    this.paces.set(client, { tokens, at: now });
    return delay;
  }

  /** Resolves on the client's turn: a free place among `concurrency`, on a turn of the event loop of its own. */
  private async turn(client: string): Promise<void> {
    if (this.running < this.concurrency && this.waiting.size === 0) {
      this.running += 1;
    } else {
      const queue = this.waiting.get(client) ?? [];
      // The place is handed over by release(), still counted in `running`.
      await new Promise<void>((resolve) => {
        queue.push(resolve);
        if (queue.length === 1) this.waiting.set(client, queue);
      });
    }
    await nextTurn();
  }

  /** Hands the place to the next client in turn (its first waiting request), or frees it. */
  private release(): void {
    const next = this.waiting.entries().next();
    if (next.done) {
      this.running -= 1;
      return;
    }
    const [client, queue] = next.value;
    const resolve = queue.shift();
    this.waiting.delete(client);
    // To the back of the round: the other waiting clients go first.
    if (queue.length > 0) this.waiting.set(client, queue);
    resolve?.();
  }
}
