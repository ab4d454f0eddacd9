import type { Migration } from '../types';
import { orderLineVariantsSql } from './order-line-variants-sql';
import { variantStockDeltaSql } from './variant-stock-delta-sql';

/**
 * The orders schema (D19). An order keeps what was agreed when it was placed: each line's name and
 * unit price, the fee, the totals and both addresses as they were (later catalogue or address
 * book changes do not rewrite it). Amounts are numeric with 2 decimals, priced by the server.
 * The idempotency key is unique per user, so a retry or a double click finds the order it made.
 * Order numbers come from a sequence: they grow and may skip (a rolled-back order burns one).
 */
export const orderMigrations: Migration[] = [
  {
    id: '200_orders',
    sql: `
      CREATE SEQUENCE order_numbers START 1;

      CREATE TABLE orders (
        id text PRIMARY KEY,
        number bigint NOT NULL UNIQUE DEFAULT nextval('order_numbers'),
        user_id text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        idempotency_key text NOT NULL,
        request_hash text NOT NULL,
        status text NOT NULL CHECK (status IN ('placed', 'cancelled')),
        payment_method text NOT NULL,
        payment_status text NOT NULL,
        product_total numeric(16, 2) NOT NULL CHECK (product_total >= 0),
        shipping_fee numeric(16, 2) NOT NULL CHECK (shipping_fee >= 0),
        total numeric(16, 2) NOT NULL CHECK (total >= 0),
        billing_address jsonb NOT NULL,
        shipping_address jsonb NOT NULL,
        created_at timestamptz NOT NULL,
        cancelled_at timestamptz,
        UNIQUE (user_id, idempotency_key)
      );
      CREATE INDEX orders_user_newest ON orders (user_id, created_at DESC, number DESC);

      CREATE TABLE order_lines (
        order_id text NOT NULL REFERENCES orders(id) ON DELETE CASCADE,
        position integer NOT NULL CHECK (position >= 1),
        product_id text NOT NULL,
        name text NOT NULL,
        unit_price numeric(14, 2) NOT NULL CHECK (unit_price >= 0),
        quantity integer NOT NULL CHECK (quantity BETWEEN 1 AND 99),
        line_total numeric(16, 2) NOT NULL CHECK (line_total >= 0),
        PRIMARY KEY (order_id, position)
      );
    `,
  },
  // Orders take variants' stock concurrently: the product's sum follows by difference.
  { id: '205_variant_stock_delta', sql: variantStockDeltaSql },
  { id: '210_order_line_variants', sql: orderLineVariantsSql },
];
