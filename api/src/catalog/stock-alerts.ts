import { STOCK_ALERT_IN_STOCK } from '@shop/core/domain/stock-alert';
import { emailKey } from '@shop/core/domain/email-address';
import { newId } from '../db/new-id';
import type { Db } from '../db/types';
import { DomainError } from '../domain-error';
import type { MailOutbox } from '../mail/mail-outbox';
import { compose } from '../mail/mail-templates';
import type { OutgoingMail } from '../mail/mailer';
import type { ServerClock } from '../time/server-clock';
import { listenToCatalogChanges } from './catalog';

/** Requests sent per transaction of a sweep; a sweep goes on until none is due. */
const SWEEP_BATCH = 200;

export interface StockAlertRequest {
  productId: string;
  variantId?: string | undefined;
  email: string;
}

interface DueRow {
  id: string;
  email: string;
  product_id: string;
  variant_id: string | null;
  name: string;
  option_values: string[] | null;
}

/** Products whose requests a sweep looks at; `all`: every pending request. */
type Scope = ReadonlySet<string> | 'all';

/**
 * 'Haber ver' (D25, docs/products.md "Back in stock"): a request to be mailed when a sold-out
 * product or variant is back, and the sweeps that send each request's one mail. A sweep runs when
 * the catalogue notifies a change (a restock is one: 151_variant_notifications), when
 * notifications flow again after a gap, and once at start. Each sweep marks due requests sent and
 * queues their mails in the outbox in one transaction; rows another process is sweeping are
 * skipped (SKIP LOCKED) and a marked row is never due again, so several server processes send
 * each mail once.
 */
export class StockAlerts {
  private stopListening: (() => Promise<void>) | undefined;
  private running: Promise<void> | undefined;
  private pending: Set<string> | 'all' | undefined;

  constructor(
    private readonly db: Db,
    private readonly clock: ServerClock,
    private readonly outbox: MailOutbox,
    private readonly publicUrl: string,
    private readonly onError: (error: unknown) => void,
  ) {}

  /**
   * Keeps a request for a product (or one of its variants) that is sold out now. A product or
   * variant that can be bought is refused (`conflict`); a repeat of a pending request is kept once.
   */
  async request({ productId, variantId, email }: StockAlertRequest): Promise<void> {
    await this.db.transaction(async (tx) => {
      const { rows } = await tx.query<{ stock: number | null; variants: number; variant_stock: number | null; variant_found: boolean }>(
        `SELECT p.stock,
                (SELECT count(*)::int FROM product_variants v WHERE v.product_id = p.id) AS variants,
                v.stock AS variant_stock, v.id IS NOT NULL AS variant_found
         FROM products p LEFT JOIN product_variants v ON v.id = $2 AND v.product_id = p.id
         WHERE p.id = $1`,
        [productId, variantId ?? null],
      );
      const row = rows[0];
      if (!row) throw new DomainError('not-found', 'Product not found.');
      if (variantId !== undefined && !row.variant_found) {
        throw new DomainError(
          'invalid',
          Number(row.variants) > 0 ? 'This variant is not one of the product’s.' : 'This product has no variants.',
        );
      }
      const stock = variantId === undefined ? row.stock : row.variant_stock;
      if (stock === null || Number(stock) > 0) throw new DomainError('conflict', STOCK_ALERT_IN_STOCK);
      await tx.query(
        `INSERT INTO stock_alerts (id, email, email_key, product_id, variant_id, created_at) VALUES ($1, $2, $3, $4, $5, $6)
         ON CONFLICT (email_key, product_id, (coalesce(variant_id, ''))) WHERE sent_at IS NULL DO NOTHING`,
        [newId(), email, emailKey(email), productId, variantId ?? null, this.clock.now().toISOString()],
      );
    });
    // A restock that committed between the check and the insert found no request to send: look again.
    this.schedule(new Set([productId]));
  }

  /** Starts hearing catalogue changes (of this schema) and sweeps once for what changed while stopped. */
  async start(): Promise<void> {
    this.stopListening = await listenToCatalogChanges(this.db, {
      onChange: (change) => {
        if (change.kind === 'all') this.schedule('all');
        else if (change.kind === 'products') this.schedule(change.products);
      },
      // Changes may have gone unheard while the connection was away.
      onLive: (live) => {
        if (live) this.schedule('all');
      },
    });
    this.schedule('all');
  }

  async stop(): Promise<void> {
    await this.stopListening?.();
    this.stopListening = undefined;
    await this.settled();
  }

  /** Resolves once no sweep is running or asked for. */
  async settled(): Promise<void> {
    while (this.running) await this.running;
  }

  /**
   * Sends the due requests of `scope`: those whose product (or variant) can be bought now. Answers
   * how many mails it queued.
   */
  async sweep(scope: Scope = 'all'): Promise<number> {
    let sent = 0;
    for (;;) {
      const batch = await this.db.transaction(async (tx) => {
        const { rows } = await tx.query<DueRow>(
          `WITH due AS (
             UPDATE stock_alerts SET sent_at = $1
             WHERE id IN (
               SELECT a.id FROM stock_alerts a
                 JOIN products p ON p.id = a.product_id
                 LEFT JOIN product_variants v ON v.id = a.variant_id
               WHERE a.sent_at IS NULL AND ($2::text[] IS NULL OR a.product_id = ANY ($2::text[]))
                 AND coalesce(CASE WHEN a.variant_id IS NULL THEN p.stock ELSE v.stock END, 1) > 0
               ORDER BY a.created_at, a.id
               LIMIT $3
               FOR UPDATE OF a SKIP LOCKED)
             AND sent_at IS NULL
             RETURNING id, email, product_id, variant_id)
           SELECT due.id, due.email, due.product_id, due.variant_id, p.name, v.option_values
           FROM due JOIN products p ON p.id = due.product_id LEFT JOIN product_variants v ON v.id = due.variant_id`,
          [this.clock.now().toISOString(), scope === 'all' ? null : [...scope], SWEEP_BATCH],
        );
        for (const row of rows) await this.outbox.enqueue(tx, this.mail(row), `stock-alert:${row.id}`);
        return rows.length;
      });
      sent += batch;
      if (batch < SWEEP_BATCH) return sent;
    }
  }

  /** Asks for a sweep of `scope`; sweeps run one at a time, and what is asked meanwhile is merged into the next. */
  private schedule(scope: Scope): void {
    if (scope !== 'all' && scope.size === 0) return;
    if (this.pending === 'all' || scope === 'all') this.pending = 'all';
    else this.pending = new Set([...(this.pending ?? []), ...scope]);
    this.running ??= this.drain();
  }

  private async drain(): Promise<void> {
    try {
      while (this.pending) {
        const scope = this.pending;
        this.pending = undefined;
        await this.sweep(scope).catch(this.onError);
      }
    } finally {
      this.running = undefined;
    }
  }

  /** The one mail of a request: the product (and variant) is back, with a link to its page. */
  private mail(row: DueRow): OutgoingMail {
    const label = row.option_values ? ` (${row.option_values.join(' / ')})` : '';
    const query = row.variant_id ? `?variant=${row.variant_id}` : '';
    return compose(
      row.email,
      `Back in stock: ${row.name}${label}`,
      `${row.name}${label} is back in stock. You asked us to tell you.`,
      'See the product',
      `${this.publicUrl}/product/${row.product_id}${query}`,
      'This is the only mail about it; ask again on the product page for another.',
    );
  }
}
