import type { Migration } from '../types';

/**
 * 'Haber ver' (D25, docs/products.md "Back in stock"): who asked to be mailed when a sold-out
 * product or variant is back. One pending request per address, product and variant (a repeat
 * stores nothing new); `sent_at` marks the request spent when its mail is queued. Removing the
 * product or variant removes its requests. `email_key` is the address as accounts compare it.
 */
export const stockAlertMigrations: Migration[] = [
  {
    id: '170_stock_alerts',
    sql: `
      CREATE TABLE stock_alerts (
        id text PRIMARY KEY,
        email text NOT NULL,
        email_key text NOT NULL,
        product_id text NOT NULL REFERENCES products (id) ON DELETE CASCADE,
        variant_id text NULL REFERENCES product_variants (id) ON DELETE CASCADE,
        created_at timestamptz NOT NULL,
        sent_at timestamptz NULL
      );
      CREATE UNIQUE INDEX stock_alerts_pending_once ON stock_alerts (email_key, product_id, (coalesce(variant_id, '')))
        WHERE sent_at IS NULL;
      CREATE INDEX stock_alerts_pending_by_product ON stock_alerts (product_id) WHERE sent_at IS NULL;
      CREATE INDEX stock_alerts_by_variant ON stock_alerts (variant_id) WHERE variant_id IS NOT NULL;
    `,
  },
];
