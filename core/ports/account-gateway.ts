import type { AccountSession } from '../domain/account-session';
import type { SignUpConsents } from '../domain/consent';
import type { Outcome } from '../domain/outcome';
import type { ProfileUpdate, User } from '../domain/user';

export interface LoginData {
  accessToken: string;
  refreshToken: string;
  user: User;
}

export interface TokenPair {
  accessToken: string;
  /** D4: the server rotates the refresh token on every refresh. */
  refreshToken: string;
}

/** D5: the signed-in change carries the current password (the gateway adds the user's `_id`). */
export interface PasswordChange {
  currentPassword: string;
  newPassword: string;
  confirmPassword: string;
}

/** Why the server refuses a guest verification mail (SPEC 8 words each one itself). */
export type GuestMailRefusal = 'registered' | 'already-sent';

/**
 * Every call of SPEC section 7 about the customer account. Authenticated calls carry the signed-in
 * session's token on their own (SessionCredentials); only the session's own calls (logout,
 * refresh) name the token they end or rotate.
 */
export interface AccountGateway {
  login(email: string, password: string): Promise<Outcome<LoginData>>;
  /** POST /api/users/register; `consents` (D24) records the privacy notice and the marketing choice. */
  register(userName: string, email: string, password: string, consents?: SignUpConsents): Promise<Outcome<{ user: User }>>;
  /**
   * GET /api/users/logout with a live access token, or with the refresh token (an expired
   * session): either ends that session's refresh family on the server (D7).
   */
  logout(token: string): Promise<Outcome<void>>;
  /** GET /api/users/refresh with the refresh token as bearer (D4). */
  refresh(refreshToken: string): Promise<Outcome<TokenPair>>;
  updatePassword(change: PasswordChange): Promise<Outcome<void>>;
  /** PUT /api/users/reset-password/{token} with { newpass } (D5). */
  resetPassword(token: string, newPassword: string): Promise<Outcome<void>>;
  forgotPassword(email: string): Promise<Outcome<void>>;
  getProfile(): Promise<Outcome<User>>;
  updateProfile(profile: ProfileUpdate): Promise<Outcome<void>>;
  /** POST /api/users/verify-email: the server mails the account's own address (D6). */
  sendVerificationEmail(email: string): Promise<Outcome<void>>;
  sendAnonymousVerificationEmail(email: string): Promise<Outcome<void, GuestMailRefusal>>;
  verifyEmail(token: string): Promise<Outcome<void>>;
  verifyEmailAnonymous(token: string): Promise<Outcome<void>>;
  /** GET /api/users/sessions: where the signed-in account is signed in (ASVS 7.5.2). */
  listSessions(): Promise<Outcome<AccountSession[]>>;
  /**
   * POST /api/users/sessions/{id}/end: ends one of them (its tokens stop working at once). Ending
   * asks for the account's password again (ASVS 7.5.2).
   */
  endSession(id: string, currentPassword: string): Promise<Outcome<void>>;
  /** POST /api/users/sessions/end-others: ends every session but this browser's, the password given again. */
  endOtherSessions(currentPassword: string): Promise<Outcome<void>>;
}
