import type { Db } from '../db/types';
import type { MailOutbox } from '../mail/mail-outbox';
import type { OutgoingMail } from '../mail/mailer';
import type { ServerClock } from '../time/server-clock';
import { hashToken, newSecretToken, SECRET_TOKEN_PATTERN } from '../auth/secret-token';

export type MailTokenPurpose = 'verify-email' | 'verify-email-anonymous' | 'reset-password';

/**
 * Where the mails of an address's live tokens are: none; one sent, or owed and not yet failed
 * (`on-its-way`); or every one owed has failed and waits for its retry (`failing`, their causes).
 */
export type PendingMail = { state: 'none' } | { state: 'on-its-way' } | { state: 'failing'; causes: string[] };

/** DECISIONS "Responses": verification links live 24 h, reset links 30 min. */
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

  /**
   * The mails of the address's live tokens of `purpose`, read from the outbox by their cause (a
   * token without an outbox row was mailed before the outbox: on its way). A dead mail's token
   * counts as none: nothing will bring it.
   */
  async pendingMail(purpose: MailTokenPurpose, emailKey: string): Promise<PendingMail> {
    const found = await this.db.query<{ cause: string; on_its_way: boolean; dead: boolean }>(
      `SELECT o.cause, (o.id IS NULL OR o.sent_at IS NOT NULL OR (o.last_error IS NULL AND o.dead_at IS NULL)) AS on_its_way,
              (o.dead_at IS NOT NULL AND o.sent_at IS NULL) AS dead
         FROM mail_tokens t LEFT JOIN mail_outbox o ON o.cause = t.purpose || ':' || t.token_hash
        WHERE t.purpose = $1 AND t.email_key = $2 AND t.used_at IS NULL AND t.expires_at > $3`,
      [purpose, emailKey, this.clock.now().toISOString()],
    );
    if (found.rows.some((row) => row.on_its_way)) return { state: 'on-its-way' };
    const causes = found.rows.filter((row) => !row.dead).map((row) => row.cause);
    return causes.length > 0 ? { state: 'failing', causes } : { state: 'none' };
  }

  /** Hurries the failed mails `pendingMail` named: one more try now, no new token or mail. */
  async retryNow(pending: { causes: string[] }): Promise<void> {
    await this.outbox.retryNow(pending.causes);
  }
}
