import { jwtVerify, SignJWT } from 'jose';
import { newId } from '../db/new-id';
import type { Db } from '../db/types';
import { DomainError } from '../domain-error';
import type { ServerClock } from '../time/server-clock';
import { hashToken, newSecretToken, SECRET_TOKEN_PATTERN } from './secret-token';
import { type SessionDevice, UNKNOWN_DEVICE } from './session-device';

export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
export const REFRESH_FAMILY_TTL_MS = 7 * 24 * 60 * 60 * 1000;

export interface SessionPair {
  accessToken: string;
  refreshToken: string;
}

export interface Session {
  userId: string;
  familyId: string;
}

export interface SessionOptions {
  /** A refresh token older than this (since its login or rotation) ends its family. */
  refreshIdleMs: number;
  /** Told the families just revoked, so their sockets can be disconnected (D12). */
  onRevoked?: (familyIds: string[]) => void;
  /** The access token's `iss` and `aud` (tokenClaims): signed into every token, required on every check. */
  issuer: string;
  audience: string;
}

/**
 * Who issues the access tokens (the shop's public origin) and whom they are for (its API): a
 * token signed with the same secret for anything else (another deployment, a future service) is
 * refused.
 */
export function tokenClaims(publicUrl: string): { issuer: string; audience: string } {
  const origin = new URL(publicUrl).origin;
  return { issuer: origin, audience: `${origin}/api` };
}

/** A session's last use is written at most this often (an authenticated call touches it). */
export const LAST_USE_GRANULARITY_MS = 60_000;

/** One of a user's live sessions, as the session list shows it (ASVS 7.5.2). */
export interface ActiveSession {
  familyId: string;
  device: SessionDevice;
  createdAt: string;
  lastUsedAt: string;
}

export const UNAUTHORIZED = 'Unauthorized: invalid or expired access token.';
const BAD_REFRESH = 'Invalid or expired refresh token. Please log in again.';

/**
 * A refresh token refused, and why (for the security log; the client sees one 401 for all):
 * `reused` a rotated token shown again (a stolen copy: the family ends), `idle` unused too long,
 * `ended` its session was logged out, revoked or is past its 7 days, `unknown` never issued.
 */
export class RefreshRefused extends DomainError {
  constructor(
    readonly why: 'reused' | 'idle' | 'ended' | 'unknown',
    readonly userId: string | null,
  ) {
    super('refresh-refused', BAD_REFRESH);
  }
}

/**
 * D7 sessions. A login opens a family; its refresh tokens are opaque, stored hashed and rotated
 * on every refresh; reuse of a rotated one revokes the family (D4). The access JWT names its
 * family (`sid`), and every authenticated call checks the family is live, so logout is immediate.
 * A refresh token also dies when unused for `refreshIdleMs`, inside the family's 7 days.
 */
export class SessionTokens {
  private readonly key: Uint8Array;

  constructor(
    private readonly db: Db,
    secret: string,
    private readonly clock: ServerClock,
    private readonly options: SessionOptions,
  ) {
    this.key = new TextEncoder().encode(secret);
  }

  async open(userId: string, db: Db = this.db, device: SessionDevice = UNKNOWN_DEVICE): Promise<SessionPair> {
    const now = this.clock.now();
    const familyId = newId();
    await db.query(
      `INSERT INTO session_families (id, user_id, created_at, expires_at, last_used_at, device_browser, device_os)
       VALUES ($1, $2, $3, $4, $3, $5, $6)`,
      [familyId, userId, now.toISOString(), new Date(now.getTime() + REFRESH_FAMILY_TTL_MS).toISOString(), device.browser, device.os],
    );
    const refreshToken = await this.storeRefreshToken(db, familyId, now);
    return { accessToken: await this.signAccess(userId, familyId, now), refreshToken };
  }

  async authenticate(accessToken: string | undefined): Promise<Session> {
    if (!accessToken) throw new DomainError('unauthenticated', UNAUTHORIZED);
    let claims: { sub?: string; sid?: unknown; typ?: unknown };
    try {
      const verified = await jwtVerify(accessToken, this.key, {
        algorithms: ['HS256'],
        currentDate: this.clock.now(),
        issuer: this.options.issuer,
        audience: this.options.audience,
        requiredClaims: ['sub', 'exp', 'iss', 'aud'],
      });
      claims = verified.payload;
    } catch {
      throw new DomainError('unauthenticated', UNAUTHORIZED);
    }
    if (claims.typ !== 'access' || typeof claims.sid !== 'string' || !claims.sub) {
      throw new DomainError('unauthenticated', UNAUTHORIZED);
    }
    // One statement: is the family live, and (at most once a minute) its last use is now.
    const now = this.clock.now();
    const live = await this.db.query(
      `WITH live AS (
         SELECT id, last_used_at FROM session_families
          WHERE id = $1 AND user_id = $2 AND revoked_at IS NULL AND expires_at > $3
       ), touched AS (
         UPDATE session_families f SET last_used_at = $3 FROM live WHERE f.id = live.id AND live.last_used_at <= $4
       )
       SELECT 1 FROM live`,
      [claims.sid, claims.sub, now.toISOString(), new Date(now.getTime() - LAST_USE_GRANULARITY_MS).toISOString()],
    );
    if (live.rows.length === 0) throw new DomainError('unauthenticated', UNAUTHORIZED);
    return { userId: claims.sub, familyId: claims.sid };
  }

  /** D4: a refresh token buys a new pair once; showing it again revokes its whole family. */
  async rotate(refreshToken: string | undefined): Promise<SessionPair> {
    if (!refreshToken || !SECRET_TOKEN_PATTERN.test(refreshToken)) throw new RefreshRefused('unknown', null);
    const now = this.clock.now();
    const idleSince = new Date(now.getTime() - this.options.refreshIdleMs);
    let revoked: string | null = null;
    let refused = new RefreshRefused('unknown', null);
    const outcome = await this.db.transaction(async (tx) => {
      const found = await tx.query<{ family_id: string; rotated: boolean; idle: boolean; user_id: string; live: boolean }>(
        `SELECT t.family_id, t.rotated_at IS NOT NULL AS rotated, t.created_at <= $3 AS idle, f.user_id,
                (f.revoked_at IS NULL AND f.expires_at > $2) AS live
           FROM refresh_tokens t JOIN session_families f ON f.id = t.family_id
          WHERE t.token_hash = $1
          FOR UPDATE`,
        [hashToken(refreshToken), now.toISOString(), idleSince.toISOString()],
      );
      const row = found.rows[0];
      if (!row) return null;
      if (!row.live) {
        refused = new RefreshRefused('ended', row.user_id);
        return null;
      }
      if (row.rotated || row.idle) {
        refused = new RefreshRefused(row.rotated ? 'reused' : 'idle', row.user_id);
        // Reuse (someone holds a stolen copy) or an idle session: the family ends. The revocation
        // must commit, so no throw here.
        await tx.query('UPDATE session_families SET revoked_at = $2 WHERE id = $1 AND revoked_at IS NULL', [
          row.family_id,
          now.toISOString(),
        ]);
        revoked = row.family_id;
        return null;
      }
      await tx.query('UPDATE refresh_tokens SET rotated_at = $2 WHERE token_hash = $1', [hashToken(refreshToken), now.toISOString()]);
      const next = await this.storeRefreshToken(tx, row.family_id, now);
      return { userId: row.user_id, familyId: row.family_id, refreshToken: next };
    });
    if (revoked) this.options.onRevoked?.([revoked]);
    if (!outcome) throw refused;
    return {
      accessToken: await this.signAccess(outcome.userId, outcome.familyId, now),
      refreshToken: outcome.refreshToken,
    };
  }

  async revokeFamily(familyId: string): Promise<void> {
    const revoked = await this.db.query<{ id: string }>(
      'UPDATE session_families SET revoked_at = $2 WHERE id = $1 AND revoked_at IS NULL RETURNING id',
      [familyId, this.clock.now().toISOString()],
    );
    this.announce(revoked.rows);
  }

  /**
   * Logout by refresh token: ends its family even when the access token has expired. Any known
   * token of a live family will do (an already rotated one is a reuse, which ends it anyway).
   */
  async revokeByRefreshToken(refreshToken: string): Promise<void> {
    if (!SECRET_TOKEN_PATTERN.test(refreshToken)) throw new DomainError('refresh-refused', BAD_REFRESH);
    const now = this.clock.now().toISOString();
    const revoked = await this.db.query<{ id: string }>(
      `UPDATE session_families f SET revoked_at = $2
         FROM refresh_tokens t
        WHERE t.token_hash = $1 AND f.id = t.family_id AND f.revoked_at IS NULL AND f.expires_at > $2
        RETURNING f.id`,
      [hashToken(refreshToken), now],
    );
    if (revoked.rows.length === 0) throw new DomainError('refresh-refused', BAD_REFRESH);
    this.announce(revoked.rows);
  }

  /**
   * After a password change or reset: every session of the user ends, except `keepFamilyId`.
   * Answers the ended families; the caller announces them (`announceRevoked`) once its
   * transaction has committed, so a rollback never drops live sockets.
   */
  async revokeAllOf(userId: string, db: Db = this.db, keepFamilyId: string | null = null): Promise<string[]> {
    const revoked = await db.query<{ id: string }>(
      `UPDATE session_families SET revoked_at = $2
        WHERE user_id = $1 AND revoked_at IS NULL AND ($3::text IS NULL OR id <> $3::text)
        RETURNING id`,
      [userId, this.clock.now().toISOString(), keepFamilyId],
    );
    return revoked.rows.map((row) => row.id);
  }

  /**
   * The user's sessions that can still be used: live, and with an access token not yet expired
   * or a refresh token not yet idle (the last issued pair decides). Most recently used first; of two
   * used in the same minute, the newer sign-in first.
   */
  async activeOf(userId: string): Promise<ActiveSession[]> {
    const now = this.clock.now();
    const usableSince = new Date(now.getTime() - Math.max(this.options.refreshIdleMs, ACCESS_TOKEN_TTL_SECONDS * 1000));
    const found = await this.db.query<{ id: string; device_browser: string; device_os: string; created_at: string; last_used_at: string }>(
      `SELECT f.id, f.device_browser, f.device_os,
              to_char(f.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS created_at,
              to_char(f.last_used_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS last_used_at
         FROM session_families f
        WHERE f.user_id = $1 AND f.revoked_at IS NULL AND f.expires_at > $2
          AND (SELECT max(t.created_at) FROM refresh_tokens t WHERE t.family_id = f.id) > $3
        ORDER BY f.last_used_at DESC, f.created_at DESC, f.id`,
      [userId, now.toISOString(), usableSince.toISOString()],
    );
    return found.rows.map((row) => ({
      familyId: row.id,
      device: { browser: row.device_browser, os: row.device_os },
      createdAt: row.created_at,
      lastUsedAt: row.last_used_at,
    }));
  }

  /** Ends one of the user's own live sessions; false (nothing ends) when it is not theirs or already over. */
  async revokeOwn(userId: string, familyId: string): Promise<boolean> {
    const revoked = await this.db.query<{ id: string }>(
      `UPDATE session_families SET revoked_at = $3
        WHERE id = $1 AND user_id = $2 AND revoked_at IS NULL AND expires_at > $3
        RETURNING id`,
      [familyId, userId, this.clock.now().toISOString()],
    );
    this.announce(revoked.rows);
    return revoked.rows.length > 0;
  }

  /** Tells the socket layer which families ended (their sockets are disconnected). */
  announceRevoked(familyIds: string[]): void {
    if (familyIds.length > 0) this.options.onRevoked?.(familyIds);
  }

  private announce(rows: Array<{ id: string }>): void {
    this.announceRevoked(rows.map((row) => row.id));
  }

  private async storeRefreshToken(db: Db, familyId: string, now: Date): Promise<string> {
    const token = newSecretToken();
    await db.query('INSERT INTO refresh_tokens (token_hash, family_id, created_at) VALUES ($1, $2, $3)', [
      hashToken(token),
      familyId,
      now.toISOString(),
    ]);
    return token;
  }

  private signAccess(userId: string, familyId: string, now: Date): Promise<string> {
    const issuedAt = Math.floor(now.getTime() / 1000);
    return new SignJWT({ typ: 'access', sid: familyId })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(userId)
      .setIssuer(this.options.issuer)
      .setAudience(this.options.audience)
      .setIssuedAt(issuedAt)
      .setExpirationTime(issuedAt + ACCESS_TOKEN_TTL_SECONDS)
      .sign(this.key);
  }
}
