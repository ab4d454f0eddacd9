import { makeAutoObservable, observableRef } from 'mobx';
import { messages } from '../texts/messages';
import { isTokenValid, SessionTimer } from '@shop/core/domain/session-timer';
import type { User } from '@shop/core/domain/user';
import type { AccountGateway } from '@shop/core/ports/account-gateway';
import type { Clock } from '@shop/core/ports/clock';
import type { Realtime, RealtimeConnection } from '@shop/core/ports/realtime';
import type { SessionCredentials } from '@shop/core/ports/session-credentials';
import type { SessionStorage } from '@shop/core/ports/session-storage';
import type { TokenDecoder } from '@shop/core/ports/token-decoder';
import type { AuthOutcome, SignIn, UserRecord, UserRefresh } from './session-roles';

interface Tokens {
  accessToken: string;
  refreshToken: string | null;
}

/**
 * How a session ended: the shopper logged out, it ran out (expiry, or a refresh that failed), or
 * the server refused its access token (a 401 on any authenticated call).
 */
export type SessionEnd = 'logout' | 'expired' | 'rejected';

/**
 * The signed-in customer and the lifetime of their session (SPEC section 4 "Authentication"):
 * restore on start, login, the warning 120 s before expiry, Extend Session with rotated tokens
 * (D4), automatic logout at expiry, and the real-time email-verified event (D12). It is also the
 * session the HTTP edge reads (SessionCredentials): the bearer for authenticated calls, and the
 * one place a refused token ends the session.
 *
 * Every end of a session is told once to `onSessionEnded` listeners (the view side navigates).
 */
export class SessionStore implements SessionCredentials, SignIn, UserRecord, UserRefresh {
  user: User | null = null;
  accessToken: string | null = null;
  refreshToken: string | null = null;
  /** On from 120 s before expiry until a refresh or logout: the session popup shows. */
  warning = false;

  private readonly timer: SessionTimer;
  private connection: RealtimeConnection | null = null;
  private extending: Promise<boolean> | null = null;
  private readonly endListeners = new Set<(end: SessionEnd) => void>();

  constructor(
    private readonly account: AccountGateway,
    private readonly storage: SessionStorage,
    private readonly decoder: TokenDecoder,
    private readonly clock: Clock,
    private readonly realtime: Realtime,
  ) {
    this.timer = new SessionTimer(clock, {
      onWarning: () => this.setWarning(true),
      onExpired: () => this.endBy('expired'),
    });
    makeAutoObservable<
      this,
      'account' | 'storage' | 'decoder' | 'clock' | 'realtime' | 'timer' | 'connection' | 'extending' | 'endListeners'
    >(
      this,
      {
        // Replaced whole, never mutated: stays a plain object (storage gets it as is).
        user: observableRef,
        account: false,
        storage: false,
        decoder: false,
        clock: false,
        realtime: false,
        timer: false,
        connection: false,
        extending: false,
        endListeners: false,
      },
      { autoBind: true },
    );
  }

  get isLoggedIn(): boolean {
    return this.user !== null && this.accessToken !== null;
  }

  get userId(): string | null {
    return this.user?._id ?? null;
  }

  /** Hears every end of a session, once each, with its cause; answers the unsubscribe function. */
  onSessionEnded(listener: (end: SessionEnd) => void): () => void {
    this.endListeners.add(listener);
    return () => this.endListeners.delete(listener);
  }

  /** Restores a stored session whose access token is still valid; otherwise forgets it. */
  start(): void {
    if (this.isLoggedIn) return;
    const stored = this.storage.load();
    if (!stored || !this.isValid(stored.accessToken)) {
      this.storage.clear();
      // It expired while the shop was closed: its refresh token still ends it on the server.
      if (stored?.refreshToken) void this.account.logout(stored.refreshToken);
      return;
    }
    this.begin(stored, stored.user);
  }

  async login(email: string, password: string): Promise<AuthOutcome> {
    const outcome = await this.account.login(email, password);
    if (!outcome.ok) return { ok: false, message: outcome.message ?? messages.session.loginFailed };
    // An access token we cannot read has no expiry: SPEC treats it as an expired session.
    if (!this.isValid(outcome.data.accessToken)) return { ok: false, message: messages.session.loginFailed };
    this.switchTo(outcome.data, outcome.data.user);
    return { ok: true };
  }

  /** Extend Session: rotates both tokens (D4). Any failure ends the session. Concurrent calls share one request. */
  extendSession(): Promise<boolean> {
    this.extending ??= this.refreshTokens().finally(() => this.clearExtending());
    return this.extending;
  }

  /** The shopper logs out (SPEC 4): the session ends at once, the server is told, then listeners hear it. */
  async logout(): Promise<void> {
    const { hadSession, told } = this.end();
    await told;
    if (hadSession) this.announce('logout');
  }

  /** The HTTP edge got a 401 for this session's access token: the session ends, once. */
  sessionRejected(): void {
    this.endBy('rejected');
  }

  /** For the /profile guard (SPEC section 6): the access token decodes and has not expired. */
  hasValidAccessToken(): boolean {
    return this.accessToken !== null && this.isValid(this.accessToken);
  }

  /** Re-reads the profile (after the email-verified event, for example). */
  async refreshUser(): Promise<void> {
    const accessToken = this.accessToken;
    if (accessToken === null) return;
    const outcome = await this.account.getProfile();
    // The session changed while the call ran: its answer belongs to another session.
    if (this.accessToken !== accessToken) return;
    if (outcome.ok) this.setUser(outcome.data);
  }

  /** Replaces the user locally and in storage (after profile or address edits). */
  setUser(user: User): void {
    if (this.accessToken === null) return;
    this.user = user;
    this.storage.save({ accessToken: this.accessToken, refreshToken: this.refreshToken, user });
  }

  private async refreshTokens(): Promise<boolean> {
    const refreshToken = this.refreshToken;
    if (refreshToken === null) {
      this.endBy('expired');
      return false;
    }
    const outcome = await this.account.refresh(refreshToken);
    // Logged out (or in again) meanwhile: nothing of this refresh applies any more.
    if (this.refreshToken !== refreshToken) return false;
    if (!outcome.ok || !this.isValid(outcome.data.accessToken)) {
      this.endBy('expired');
      return false;
    }
    this.applyRefresh(outcome.data);
    return true;
  }

  private applyRefresh(tokens: { accessToken: string; refreshToken: string }): void {
    this.accessToken = tokens.accessToken;
    this.refreshToken = tokens.refreshToken;
    this.warning = false;
    if (this.user) this.storage.save({ ...tokens, user: this.user });
    this.timer.reschedule(this.expiryOf(tokens.accessToken));
    this.connect(tokens.accessToken);
  }

  /** One action, so no observer sees the logged-out moment between two sessions. */
  private switchTo(tokens: Tokens, user: User): void {
    this.endQuietly();
    this.begin(tokens, user);
  }

  private begin(tokens: Tokens, user: User): void {
    this.accessToken = tokens.accessToken;
    this.refreshToken = tokens.refreshToken;
    this.user = user;
    this.warning = false;
    this.storage.save({ accessToken: tokens.accessToken, refreshToken: tokens.refreshToken, user });
    this.timer.start(this.expiryOf(tokens.accessToken));
    this.connect(tokens.accessToken);
  }

  /** A session ending by itself: listeners hear it at once, the server is told best effort. */
  private endBy(cause: Exclude<SessionEnd, 'logout'>): void {
    const { hadSession } = this.end();
    if (hadSession) this.announce(cause);
  }

  /**
   * Ends the session locally at once and tells the server best effort (its failure changes
   * nothing), with the access token while it lives, else the refresh token, so an expired
   * session ends there too.
   */
  private end(): { hadSession: boolean; told: Promise<unknown> } {
    const token = this.hasValidAccessToken() ? this.accessToken : this.refreshToken;
    const hadSession = this.isLoggedIn;
    this.endQuietly();
    this.storage.clear();
    return { hadSession, told: token === null ? Promise.resolve() : this.account.logout(token) };
  }

  private announce(end: SessionEnd): void {
    for (const listener of [...this.endListeners]) listener(end);
  }

  /** Drops the in-memory session, the timer and the socket, without telling anyone. */
  private endQuietly(): void {
    this.timer.stop();
    this.connection?.disconnect();
    this.connection = null;
    this.user = null;
    this.accessToken = null;
    this.refreshToken = null;
    this.warning = false;
  }

  private connect(accessToken: string): void {
    this.connection?.disconnect();
    this.connection = this.realtime.connect(accessToken, { onEmailVerified: () => void this.refreshUser() });
  }

  private setWarning(on: boolean): void {
    this.warning = on;
  }

  private clearExtending(): void {
    this.extending = null;
  }

  private isValid(token: string): boolean {
    return isTokenValid(this.decoder.expiresAt(token), this.clock.now());
  }

  /** Callers checked validity first; an unreadable expiry would mean "expired now". */
  private expiryOf(token: string): number {
    return this.decoder.expiresAt(token) ?? this.clock.now();
  }
}
