import type { Db } from '../db/types';
import type { MailOutbox } from '../mail/mail-outbox';
import type { OutgoingMail } from '../mail/mailer';
import type { ServerClock } from '../time/server-clock';
import { hashToken, newSecretToken, SECRET_TOKEN_PATTERN } from './secret-token';

export type MailTokenPurpose = 'verify-email' | 'verify-email-anonymous' | 'reset-password';

/** DECISIONS: verification links live 24 h, reset links 30 min. */
export const MAIL_TOKEN_TTL_MS: Record<MailTokenPurpose, number> = {
  'verify-email': 24 * 60 * 60 * 1000,
  'verify-email-anonymous': 24 * 60 * 60 * 1000,
  'reset-password': 30 * 60 * 1000,
};

/** Single-use tokens sent by mail; only their sha256 is stored. */
export class MailTokens {
  constructor(
    private readonly db: Db,
    private readonly clock: ServerClock,
    private readonly outbox: MailOutbox,
  ) {}

  /**
   * Issues a token and writes the mail that carries it into the outbox, in one transaction (D23):
   * no token is issued without its mail, and no mail is sent for a token that was rolled back.
   * The mail's cause names the token by its hash, so each token is mailed once.
   */
  async issueAndMail(
    purpose: MailTokenPurpose,
    target: { userId: string | null; emailKey: string },
    compose: (token: string) => OutgoingMail,
  ): Promise<void> {
    await this.db.transaction(async (tx) => {
      const token = await this.issue(purpose, target, tx);
      await this.outbox.enqueue(tx, compose(token), `${purpose}:${hashToken(token)}`);
    });
  }

  async issue(purpose: MailTokenPurpose, target: { userId: string | null; emailKey: string }, db: Db = this.db): Promise<string> {
    const token = newSecretToken();
    const now = this.clock.now();
    await db.query(
      `INSERT INTO mail_tokens (token_hash, purpose, user_id, email_key, created_at, expires_at)
       VALUES ($1, $2, $3, $4, $5, $6)`,
      [
        hashToken(token),
        purpose,
        target.userId,
        target.emailKey,
        now.toISOString(),
        new Date(now.getTime() + MAIL_TOKEN_TTL_MS[purpose]).toISOString(),
      ],
    );
    return token;
  }

  /** Uses the token up atomically; null when unknown, used, expired or of another purpose. */
  async consume(purpose: MailTokenPurpose, token: string, db: Db = this.db): Promise<{ userId: string | null; emailKey: string } | null> {
    if (!SECRET_TOKEN_PATTERN.test(token)) return null;
    const now = this.clock.now().toISOString();
    const used = await db.query<{ user_id: string | null; email_key: string }>(
      `UPDATE mail_tokens SET used_at = $3
        WHERE token_hash = $1 AND purpose = $2 AND used_at IS NULL AND expires_at > $3
        RETURNING user_id, email_key`,
      [hashToken(token), purpose, now],
    );
    const row = used.rows[0];
    return row ? { userId: row.user_id, emailKey: row.email_key } : null;
  }

  /**
   * Whether the token could be consumed now, without using it up (its user, when it could): lets a
   * caller refuse a bad token, or a password it may not take, before costly work. Only `consume`
   * decides, atomically, who gets to use it.
   */
  async isLive(purpose: MailTokenPurpose, token: string): Promise<{ userId: string | null } | null> {
    if (!SECRET_TOKEN_PATTERN.test(token)) return null;
    const found = await this.db.query<{ user_id: string | null }>(
      'SELECT user_id FROM mail_tokens WHERE token_hash = $1 AND purpose = $2 AND used_at IS NULL AND expires_at > $3',
      [hashToken(token), purpose, this.clock.now().toISOString()],
    );
    const row = found.rows[0];
    return row ? { userId: row.user_id } : null;
  }

  async hasPending(purpose: MailTokenPurpose, emailKey: string): Promise<boolean> {
    const found = await this.db.query(
      'SELECT 1 FROM mail_tokens WHERE purpose = $1 AND email_key = $2 AND used_at IS NULL AND expires_at > $3 LIMIT 1',
      [purpose, emailKey, this.clock.now().toISOString()],
    );
    return found.rows.length > 0;
  }
}
