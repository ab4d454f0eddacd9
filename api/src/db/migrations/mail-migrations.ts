import type { Migration } from '../types';

/**
 * The mail outbox (D23). A mail is a row written in the transaction that causes it (the order,
 * the mail token), so it exists exactly when its cause committed; a worker sends it later.
 * `cause` is unique: one mail per cause however often it is enqueued. `claimed_until` is a lease:
 * a worker of any process that claims a mail owns it until then, so several processes share the
 * work without sending one mail twice, and a worker that died gives its mail back when the lease
 * ends. The body (text, html, links) carries live tokens, which the database otherwise keeps
 * hashed only: it is cleared once the mail is sent. Times come from the app's clock; ids grow, so
 * mails due at the same moment go out in the order they were written.
 */
export const mailMigrations: Migration[] = [
  {
    id: '300_mail_outbox',
    sql: `
      CREATE TABLE mail_outbox (
        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        cause text NOT NULL UNIQUE,
        recipient text NOT NULL,
        subject text NOT NULL,
        text text,
        html text,
        links jsonb,
        created_at timestamptz NOT NULL,
        attempts integer NOT NULL DEFAULT 0 CHECK (attempts >= 0),
        next_attempt_at timestamptz NOT NULL,
        claimed_until timestamptz,
        sent_at timestamptz,
        last_error text,
        dead_at timestamptz,
        CHECK (sent_at IS NOT NULL OR (text IS NOT NULL AND html IS NOT NULL AND links IS NOT NULL)),
        CHECK (sent_at IS NULL OR dead_at IS NULL)
      );
      -- The worker's claim: the mails still owed, in the order they fall due.
      CREATE INDEX mail_outbox_due ON mail_outbox (next_attempt_at) WHERE sent_at IS NULL AND dead_at IS NULL;
      -- The dead letters, newest first, and the purge of sent mails.
      CREATE INDEX mail_outbox_dead ON mail_outbox (dead_at) WHERE dead_at IS NOT NULL;
      CREATE INDEX mail_outbox_sent ON mail_outbox (sent_at) WHERE sent_at IS NOT NULL;
    `,
  },
];
