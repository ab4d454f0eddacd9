import type { Migration } from '../types';

/**
 * What D24 keeps as proof. An order's accepted contract: the template version, the filled-in text
 * the shopper read and its SHA-256, when, and from which client. Consents (privacy notice,
 * marketing messages) as a log: every grant or withdrawal with its text's version and time; the
 * latest per kind is the current answer. Orders outlive a deleted account (tax records must be
 * kept): the owner becomes NULL and the order's personal details are removed by the deletion.
 */
export const legalMigrations: Migration[] = [
  {
    id: '400_order_contracts',
    sql: `
      CREATE TABLE order_contracts (
        order_id text PRIMARY KEY REFERENCES orders(id) ON DELETE CASCADE,
        template_version text NOT NULL,
        -- NULL once the buyer's account is deleted: the hash still proves the copy mailed to them.
        text text,
        text_sha256 text NOT NULL,
        accepted_at timestamptz NOT NULL,
        client_ip text,
        user_agent text
      );
    `,
  },
  {
    id: '401_consents',
    sql: `
      CREATE TABLE consents (
        id bigserial PRIMARY KEY,
        user_id text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        kind text NOT NULL CHECK (kind IN ('privacy-notice', 'marketing')),
        version text NOT NULL,
        granted boolean NOT NULL,
        at timestamptz NOT NULL
      );
      CREATE INDEX consents_user_kind ON consents (user_id, kind, id DESC);
    `,
  },
  {
    id: '402_orders_outlive_accounts',
    sql: `
      ALTER TABLE orders ALTER COLUMN user_id DROP NOT NULL;
      ALTER TABLE orders DROP CONSTRAINT orders_user_id_fkey;
      ALTER TABLE orders ADD CONSTRAINT orders_user_id_fkey FOREIGN KEY (user_id) REFERENCES users(id) ON DELETE SET NULL;
    `,
  },
];
