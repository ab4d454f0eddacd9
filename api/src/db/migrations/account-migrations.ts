import type { Migration } from '../types';

/**
 * The accounts schema. Secrets are never stored: passwords as argon2id hashes, refresh and mail
 * tokens as sha256 hex digests. Timestamps come from the app's clock as parameters.
 */
export const accountMigrations: Migration[] = [
  {
    id: '001_accounts',
    sql: `
      CREATE TABLE users (
        id text PRIMARY KEY,
        email text NOT NULL,
        email_key text NOT NULL UNIQUE,
        user_name text NOT NULL,
        password_hash text NOT NULL,
        is_email_verified boolean NOT NULL DEFAULT false,
        phone text NOT NULL DEFAULT '',
        phone_c_code text NOT NULL DEFAULT '',
        phone_a_code text NOT NULL DEFAULT '',
        phone_main text NOT NULL DEFAULT '',
        name text NOT NULL DEFAULT '',
        surname text NOT NULL DEFAULT '',
        last_address_id integer NOT NULL DEFAULT 0,
        created_at timestamptz NOT NULL
      );

      CREATE TABLE session_families (
        id text PRIMARY KEY,
        user_id text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        created_at timestamptz NOT NULL,
        expires_at timestamptz NOT NULL,
        revoked_at timestamptz
      );
      CREATE INDEX session_families_user ON session_families(user_id);

      CREATE TABLE refresh_tokens (
        token_hash text PRIMARY KEY,
        family_id text NOT NULL REFERENCES session_families(id) ON DELETE CASCADE,
        created_at timestamptz NOT NULL,
        rotated_at timestamptz
      );
      CREATE INDEX refresh_tokens_family ON refresh_tokens(family_id);

      CREATE TABLE mail_tokens (
        token_hash text PRIMARY KEY,
        purpose text NOT NULL CHECK (purpose IN ('verify-email', 'verify-email-anonymous', 'reset-password')),
        user_id text REFERENCES users(id) ON DELETE CASCADE,
        email_key text NOT NULL,
        created_at timestamptz NOT NULL,
        expires_at timestamptz NOT NULL,
        used_at timestamptz
      );
      CREATE INDEX mail_tokens_email ON mail_tokens(purpose, email_key);

      CREATE TABLE verified_addresses (
        email_key text PRIMARY KEY,
        verified_at timestamptz NOT NULL
      );

      CREATE TABLE addresses (
        id text PRIMARY KEY,
        user_id text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        address_id integer NOT NULL,
        is_default boolean NOT NULL DEFAULT false,
        data jsonb NOT NULL,
        created_at timestamptz NOT NULL,
        updated_at timestamptz NOT NULL,
        UNIQUE (user_id, address_id)
      );

      CREATE TABLE throttle_windows (
        key text PRIMARY KEY,
        window_start timestamptz NOT NULL,
        hits integer NOT NULL
      );
    `,
  },
  {
    // ASVS 7.5.2: a shopper sees their sessions. The device is a summary of the sign-in's
    // User-Agent (never the header itself); last use is kept to the minute (session-tokens.ts).
    id: '002_session_devices',
    sql: `
      ALTER TABLE session_families ADD COLUMN device_browser text NOT NULL DEFAULT '';
      ALTER TABLE session_families ADD COLUMN device_os text NOT NULL DEFAULT '';
      ALTER TABLE session_families ADD COLUMN last_used_at timestamptz;
      UPDATE session_families SET last_used_at = created_at;
      ALTER TABLE session_families ALTER COLUMN last_used_at SET NOT NULL;
    `,
  },
];
