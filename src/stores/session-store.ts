import { makeAutoObservable, observableRef } from 'mobx';
import { messages } from '../domain/messages';
import { isTokenValid, SessionTimer } from '../domain/session-timer';
import type { User } from '../domain/user';
import type { AccountGateway } from '../ports/account-gateway';
import type { Clock } from '../ports/clock';
import type { Realtime, RealtimeConnection } from '../ports/realtime';
import type { SessionStorage } from '../ports/session-storage';
import type { TokenDecoder } from '../ports/token-decoder';

/** What login and sign-up answer; views turn `message` into SPEC texts ('Error during login: ' ...). */
export type AuthOutcome = { ok: true } | { ok: false; message: string };

interface Tokens {
  accessToken: string;
  refreshToken: string | null;
}

/**
 * The signed-in customer and the lifetime of their session (SPEC section 4 "Authentication"):
 * restore on start, login/sign-up, the warning 120 s before expiry, Extend Session with rotated
 * tokens (D4), automatic logout at expiry, and the real-time email-verified event (D12).
 *
 * Every logout that ends a session (by the user, at expiry, after a failed refresh or a 401)
 * increments `logoutCount`; the layout reacts to it by navigating to '/'.
 */
export class SessionStore {
  user: User | null = null;
  accessToken: string | null = null;
  refreshToken: string | null = null;
  /** On from 120 s before expiry until a refresh or logout: the session popup shows. */
  warning = false;
  /** Sessions ended so far; changes exactly when a session ends, whatever the cause. */
  logoutCount = 0;

  private readonly timer: SessionTimer;
  private connection: RealtimeConnection | null = null;
  private extending: Promise<boolean> | null = null;

  constructor(
    private readonly account: AccountGateway,
    private readonly storage: SessionStorage,
    private readonly decoder: TokenDecoder,
    private readonly clock: Clock,
    private readonly realtime: Realtime,
  ) {
    this.timer = new SessionTimer(clock, {
      onWarning: () => this.setWarning(true),
      onExpired: () => void this.logout(),
    });
    makeAutoObservable<this, 'account' | 'storage' | 'decoder' | 'clock' | 'realtime' | 'timer' | 'connection' | 'extending'>(
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
      },
      { autoBind: true },
    );
  }

  get isLoggedIn(): boolean {
    return this.user !== null && this.accessToken !== null;
  }

  /** Restores a stored session whose access token is still valid; otherwise forgets it. */
  start(): void {
    if (this.isLoggedIn) return;
    const stored = this.storage.load();
    if (!stored || !this.isValid(stored.accessToken)) {
      this.storage.clear();
      // It expired while the shop was closed: its refresh token still ends it on the server.
      if (stored?.refreshToken) void this.tellServerLogout(stored.refreshToken);
      return;
    }
    this.begin(stored, stored.user);
  }

  async login(email: string, password: string): Promise<AuthOutcome> {
    const result = await this.account.login(email, password);
    if (!result.ok || !result.data.accessToken) {
      return { ok: false, message: result.message || messages.session.loginFailed };
    }
    // An access token we cannot read has no expiry: SPEC treats it as an expired session.
    if (!this.isValid(result.data.accessToken)) return { ok: false, message: messages.session.loginFailed };
    this.switchTo(result.data, result.data.user);
    return { ok: true };
  }

  /** Extend Session: rotates both tokens (D4). Any failure ends the session. Concurrent calls share one request. */
  extendSession(): Promise<boolean> {
    this.extending ??= this.refreshTokens().finally(() => this.clearExtending());
    return this.extending;
  }

  /**
   * Ends the session locally at once; tells the server best effort (its failure changes nothing),
   * with the access token while it lives, else the refresh token, so an expired session ends too.
   */
  async logout(): Promise<void> {
    const token = this.hasValidAccessToken() ? this.accessToken : this.refreshToken;
    const hadSession = this.isLoggedIn;
    this.endQuietly();
    this.storage.clear();
    if (hadSession) this.logoutCount += 1;
    if (token !== null) await this.tellServerLogout(token);
  }

  /** For the /profile guard (SPEC section 6): the access token decodes and has not expired. */
  hasValidAccessToken(): boolean {
    return this.accessToken !== null && this.isValid(this.accessToken);
  }

  /** Re-reads the profile (after the email-verified event, for example); a 401 ends the session. */
  async refreshUser(): Promise<void> {
    const accessToken = this.accessToken;
    if (accessToken === null) return;
    let result;
    try {
      result = await this.account.getProfile(accessToken);
    } catch {
      return;
    }
    // The session changed while the call ran: its answer belongs to another session.
    if (this.accessToken !== accessToken) return;
    if (result.ok) this.setUser(result.data);
    else if (result.status === 401) await this.logout();
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
      await this.logout();
      return false;
    }
    let result;
    try {
      result = await this.account.refresh(refreshToken);
    } catch {
      result = null;
    }
    // Logged out (or in again) meanwhile: nothing of this refresh applies any more.
    if (this.refreshToken !== refreshToken) return false;
    if (!result?.ok || !result.data.accessToken || !this.isValid(result.data.accessToken)) {
      await this.logout();
      return false;
    }
    this.applyRefresh(result.data);
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

  /** Drops the in-memory session, the timer and the socket, without counting a logout. */
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

  private async tellServerLogout(token: string): Promise<void> {
    try {
      await this.account.logout(token);
    } catch {
      // Best effort: the local session is already gone.
    }
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
