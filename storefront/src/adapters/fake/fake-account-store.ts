import type { AccountSession } from '@shop/core/domain/account-session';
import type { Consents } from '@shop/core/domain/consent';
import { emailKey } from '@shop/core/domain/email-address';
import type { User } from '@shop/core/domain/user';
import type { TokenPair } from '@shop/core/ports/account-gateway';
import type { Clock } from '@shop/core/ports/clock';
import { DEMO_USER_PASSWORD, demoUser } from './demo-account';
import { type FakeAnswer, type WireAnswer, type WireRequest, forUser, succeeded } from './fake-server';
import { unsignedJwt } from './unsigned-jwt';

/** D7 lifetimes. */
export const ACCESS_TOKEN_LIFETIME_MS = 15 * 60_000;
export const REFRESH_TOKEN_LIFETIME_MS = 7 * 24 * 60 * 60_000;
/** DECISIONS "Responses": verification links live 24 h, reset links 30 min. */
export const VERIFICATION_TOKEN_LIFETIME_MS = 24 * 60 * 60_000;
export const RESET_TOKEN_LIFETIME_MS = 30 * 60_000;

export type MailKind = 'verify-email' | 'verify-email-anonymous' | 'reset-password';

/** A mail the fake server "sent": the link a shopper would click (D6 paths). */
export interface FakeMail {
  to: string;
  kind: MailKind;
  token: string;
  link: string;
}

export interface FakeAccountStoreOptions {
  clock: Clock;
  /** Default 15 minutes (D7). Short lifetimes let stories show the session warning at once. */
  accessTokenLifetimeMs?: number;
  refreshTokenLifetimeMs?: number;
  /** Seed the demo user (default true). */
  seedDemoUser?: boolean;
}

/** A user as the fake server keeps it: the profile plus the password (never handed out). */
export interface UserRecord {
  user: User;
  password: string;
  /** D24: every consent given or withdrawn, oldest first (fake-privacy-gateway.ts). */
  consents?: { kind: 'privacy-notice' | 'marketing'; granted: boolean; version: string; at: string }[];
}

interface AccessRecord {
  userId: string;
  family: string;
  expiresAt: number;
  revoked: boolean;
}

interface RefreshRecord {
  userId: string;
  family: string;
  rotated: boolean;
}

interface FamilyRecord {
  userId: string;
  /** Absolute (D7): rotation does not extend it. */
  expiresAt: number;
  revoked: boolean;
  /** What the session list shows (ASVS 7.5.2): the device, the sign-in and the last call. */
  device: FakeDevice;
  createdAt: number;
  lastUsedAt: number;
}

/** A session's device as the server describes it; '' parts are unknown. */
export interface FakeDevice {
  browser: string;
  os: string;
}

const UNKNOWN_DEVICE: FakeDevice = { browser: '', os: '' };

interface MailTokenRecord {
  kind: MailKind;
  email: string;
  userId: string | null;
  expiresAt: number;
  used: boolean;
}

const MAIL_PATHS: Record<MailKind, string> = {
  'verify-email': '/verify-email/',
  'verify-email-anonymous': '/verify-email-anonymous/',
  'reset-password': '/reset-password/',
};

/**
 * The in-memory state of the fake API server's accounts: users with their addresses, sessions
 * (access tokens, rotating refresh token families) and mail tokens. The account and address
 * fakes share one store, so a saved address shows up in the profile, as on the real server.
 */
export class FakeAccountStore {
  readonly clock: Clock;
  readonly accessTokenLifetimeMs: number;
  readonly refreshTokenLifetimeMs: number;
  /** Every mail sent, oldest first. */
  readonly outbox: FakeMail[] = [];
  /** Addresses verified without an account (anonymous verification). */
  readonly verifiedGuestEmails = new Set<string>();

  private readonly users = new Map<string, UserRecord>();
  private readonly access = new Map<string, AccessRecord>();
  private readonly refreshTokens = new Map<string, RefreshRecord>();
  private readonly families = new Map<string, FamilyRecord>();
  private readonly mailTokens = new Map<string, MailTokenRecord>();
  private readonly verifiedListeners = new Set<(userId: string) => void>();
  private counter = 0;

  constructor(options: FakeAccountStoreOptions) {
    this.clock = options.clock;
    this.accessTokenLifetimeMs = options.accessTokenLifetimeMs ?? ACCESS_TOKEN_LIFETIME_MS;
    this.refreshTokenLifetimeMs = options.refreshTokenLifetimeMs ?? REFRESH_TOKEN_LIFETIME_MS;
    if (options.seedDemoUser ?? true) this.addUser(demoUser(), DEMO_USER_PASSWORD);
  }

  /** A fresh server-like id: 24 hex characters, deterministic so stories render the same each time. */
  newId(): string {
    this.counter += 1;
    return `f0e1d2c3${this.counter.toString(16).padStart(16, '0')}`;
  }

  addUser(user: User, password: string): UserRecord {
    const record: UserRecord = { user: structuredClone({ ...user, email: emailKey(user.email) }), password };
    this.users.set(record.user._id, record);
    return record;
  }

  /** D24: the account is deleted: the user is gone and every session of theirs ends. */
  removeUser(userId: string): void {
    this.endAllSessions(userId);
    this.users.delete(userId);
  }

  findByEmail(email: string): UserRecord | undefined {
    const key = emailKey(email);
    for (const record of this.users.values()) if (record.user.email === key) return record;
    return undefined;
  }

  findById(userId: string): UserRecord | undefined {
    return this.users.get(userId);
  }

  /** An authenticated route on these users: the server's 401 unless the bearer is a live access token. */
  forUser(answer: (user: UserRecord, request: WireRequest, params: string[]) => WireAnswer): FakeAnswer {
    return forUser((bearer) => this.authenticate(bearer), answer);
  }

  /** D24: the user's current consents, the newest record of each kind. */
  consentsOf(user: UserRecord): Consents {
    const latest = (kind: 'privacy-notice' | 'marketing') => {
      const entry = (user.consents ?? []).filter((consent) => consent.kind === kind).at(-1);
      return entry ? { granted: entry.granted, version: entry.version, at: entry.at } : null;
    };
    return { privacyNotice: latest('privacy-notice'), marketing: latest('marketing') };
  }

  /** GET /api/users/profile: the user as the API hands it out, with their consents (D24). */
  profileAnswer(user: UserRecord): WireAnswer {
    return succeeded({ user: this.snapshot(user.user._id), consents: this.consentsOf(user) });
  }

  /** A copy of the user as the API hands it out. */
  snapshot(userId: string): User {
    const record = this.users.get(userId);
    if (!record) throw new Error('Unknown user');
    return structuredClone(record.user);
  }

  // ---- sessions (D4, D7) ----

  /**
   * Starts a new session family (login) and answers its first token pair. `accessLifetimeMs`
   * overrides the first access token's lifetime (a story showing the expiry warning).
   */
  startSession(userId: string, accessLifetimeMs = this.accessTokenLifetimeMs, device: FakeDevice = UNKNOWN_DEVICE): TokenPair {
    const family = this.newId();
    const now = this.clock.now();
    this.families.set(family, {
      userId,
      expiresAt: now + this.refreshTokenLifetimeMs,
      revoked: false,
      device,
      createdAt: now,
      lastUsedAt: now,
    });
    return this.issuePair(userId, family, accessLifetimeMs);
  }

  /** Whose access token this is, valid or not (a socket stays in its user's room, D12). */
  subjectOf(accessToken: string): string | undefined {
    return this.access.get(accessToken)?.userId;
  }

  /** The user of a valid access token: known, not revoked, not expired. */
  authenticate(accessToken: string): UserRecord | undefined {
    const record = this.access.get(accessToken);
    if (!record || record.revoked || record.expiresAt <= this.clock.now()) return undefined;
    const family = this.families.get(record.family);
    if (!family || family.revoked) return undefined;
    family.lastUsedAt = this.clock.now();
    return this.users.get(record.userId);
  }

  /**
   * Rotates a refresh token (D4). Reusing an already rotated token revokes the whole family.
   * Undefined when the token is unknown, reused, revoked or expired.
   */
  rotate(refreshToken: string): TokenPair | undefined {
    const record = this.refreshTokens.get(refreshToken);
    if (!record) return undefined;
    const family = this.families.get(record.family);
    if (!family || family.revoked || family.expiresAt <= this.clock.now()) return undefined;
    if (record.rotated) {
      family.revoked = true;
      return undefined;
    }
    record.rotated = true;
    return this.issuePair(record.userId, record.family);
  }

  /** Logout: the access token and its whole refresh family stop working at once (D7). */
  endSession(accessToken: string): void {
    const record = this.access.get(accessToken);
    if (!record) return;
    record.revoked = true;
    const family = this.families.get(record.family);
    if (family) family.revoked = true;
  }

  /** Logout by refresh token: its family ends; false when unknown or already ended. */
  endSessionOfRefreshToken(refreshToken: string): boolean {
    const record = this.refreshTokens.get(refreshToken);
    const family = record && this.families.get(record.family);
    if (!family || family.revoked || family.expiresAt <= this.clock.now()) return false;
    family.revoked = true;
    return true;
  }

  /** Every session of a user ends (after a password reset). */
  endAllSessions(userId: string): void {
    for (const family of this.families.values()) if (family.userId === userId) family.revoked = true;
  }

  /** The live sessions of the access token's user, most recently used first; undefined when the token is not valid. */
  sessionsOf(accessToken: string): AccountSession[] | undefined {
    if (!this.authenticate(accessToken)) return undefined;
    const { userId, family: current } = this.access.get(accessToken) ?? {};
    const now = this.clock.now();
    // As the server orders them: most recently used first; of two used at once, the newer sign-in.
    return [...this.families.entries()]
      .map((entry, signedIn) => ({ entry, signedIn }))
      .filter(({ entry: [, family] }) => family.userId === userId && !family.revoked && family.expiresAt > now)
      .sort((a, b) => b.entry[1].lastUsedAt - a.entry[1].lastUsedAt || b.signedIn - a.signedIn)
      .map(({ entry: [id, family] }) => ({
        id,
        ...family.device,
        createdAt: new Date(family.createdAt).toISOString(),
        lastUsedAt: new Date(family.lastUsedAt).toISOString(),
        current: id === current,
      }));
  }

  /** Ends one live session of the user; false when it is another user's, unknown or over. */
  endSessionOf(userId: string, familyId: string): boolean {
    const family = this.families.get(familyId);
    if (!family || family.userId !== userId || family.revoked || family.expiresAt <= this.clock.now()) return false;
    family.revoked = true;
    return true;
  }

  /** Ends every session of the access token's user but its own; answers how many ended. */
  endOtherSessions(accessToken: string): number {
    const record = this.access.get(accessToken);
    let ended = 0;
    for (const [id, family] of this.families) {
      if (record && family.userId === record.userId && id !== record.family && !family.revoked) {
        family.revoked = true;
        ended += 1;
      }
    }
    return ended;
  }

  private issuePair(userId: string, family: string, accessLifetimeMs = this.accessTokenLifetimeMs): TokenPair {
    const now = this.clock.now();
    const expiresAt = now + accessLifetimeMs;
    const accessToken = this.jwt(userId, 'access', now, expiresAt);
    this.access.set(accessToken, { userId, family, expiresAt, revoked: false });
    const familyRecord = this.families.get(family);
    const refreshToken = this.jwt(userId, 'refresh', now, familyRecord?.expiresAt ?? now + this.refreshTokenLifetimeMs);
    this.refreshTokens.set(refreshToken, { userId, family, rotated: false });
    return { accessToken, refreshToken };
  }

  /** An unsigned JWT the real JwtTokenDecoder can read (`exp` in seconds, like the server's). */
  private jwt(sub: string, typ: 'access' | 'refresh', now: number, expiresAt: number): string {
    this.counter += 1;
    const claims = { sub, typ, iat: Math.floor(now / 1000), exp: Math.floor(expiresAt / 1000), jti: this.newId() };
    return unsignedJwt(claims, `unsigned-${this.counter}`);
  }

  // ---- mail tokens (D6) ----

  /** Issues a single-use mail token and "sends" the mail (recorded in the outbox). */
  sendMail(kind: MailKind, email: string, userId: string | null): string {
    const token = this.newId() + this.newId();
    const lifetime = kind === 'reset-password' ? RESET_TOKEN_LIFETIME_MS : VERIFICATION_TOKEN_LIFETIME_MS;
    const to = emailKey(email);
    this.mailTokens.set(token, { kind, email: to, userId, expiresAt: this.clock.now() + lifetime, used: false });
    this.outbox.push({ to, kind, token, link: MAIL_PATHS[kind] + token });
    return token;
  }

  /** True when an unused, unexpired token of this kind is out for this address. */
  hasPendingMail(kind: MailKind, email: string): boolean {
    const key = emailKey(email);
    const now = this.clock.now();
    for (const record of this.mailTokens.values()) {
      if (record.kind === kind && record.email === key && !record.used && record.expiresAt > now) return true;
    }
    return false;
  }

  /** Uses a mail token once; undefined when unknown, of another kind, used or expired. */
  consumeMailToken(kind: MailKind, token: string): { email: string; userId: string | null } | undefined {
    const record = this.mailTokens.get(token);
    if (!record || record.kind !== kind || record.used || record.expiresAt <= this.clock.now()) return undefined;
    record.used = true;
    return { email: record.email, userId: record.userId };
  }

  /** A verification link for a registered user, as if they had asked for it (tests, stories). */
  issueVerificationToken(email: string): string {
    const record = this.findByEmail(email);
    if (!record) throw new Error('Unknown user');
    return this.sendMail('verify-email', record.user.email, record.user._id);
  }

  /** A guest verification link for any address (tests, stories). */
  issueAnonymousVerificationToken(email: string): string {
    return this.sendMail('verify-email-anonymous', email, null);
  }

  /** A password reset link for a registered user (tests, stories). */
  issueResetToken(email: string): string {
    const record = this.findByEmail(email);
    if (!record) throw new Error('Unknown user');
    return this.sendMail('reset-password', record.user.email, record.user._id);
  }

  /** The newest mail to an address, if any. */
  lastMailTo(email: string, kind?: MailKind): FakeMail | undefined {
    const key = emailKey(email);
    return [...this.outbox].reverse().find((mail) => mail.to === key && (kind === undefined || mail.kind === kind));
  }

  // ---- email verification ----

  /** Sets the user's verified flag and tells the realtime fake, as the server's socket would (D12). */
  markEmailVerified(email: string): void {
    const record = this.findByEmail(email);
    if (!record) throw new Error('Unknown user');
    record.user.isEmailVerified = true;
    for (const listener of this.verifiedListeners) listener(record.user._id);
  }

  /** Listens for verified emails; answers the unsubscribe function. */
  onEmailVerified(listener: (userId: string) => void): () => void {
    this.verifiedListeners.add(listener);
    return () => this.verifiedListeners.delete(listener);
  }
}
