import type { Result } from '../domain/result';
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

export interface PasswordChange {
  _id: string;
  currentPassword: string;
  newPassword: string;
  confirmPassword: string;
}

/** Every call of SPEC section 7 about the customer account. Authenticated calls take the token. */
export interface AccountGateway {
  login(email: string, password: string): Promise<Result<LoginData>>;
  register(userName: string, email: string, password: string): Promise<Result<{ user: User }>>;
  /**
   * GET /api/users/logout with a live access token, or with the refresh token (an expired
   * session): either ends that session's refresh family on the server (D7).
   */
  logout(token: string): Promise<Result<void>>;
  /** GET /api/users/refresh with the refresh token as bearer (D4). */
  refresh(refreshToken: string): Promise<Result<TokenPair>>;
  updatePassword(accessToken: string, change: PasswordChange): Promise<Result<void>>;
  /** PUT /api/users/reset-password/{token} with { newpass } (D5). */
  resetPassword(token: string, newPassword: string): Promise<Result<void>>;
  forgotPassword(email: string): Promise<Result<void>>;
  getProfile(accessToken: string): Promise<Result<User>>;
  updateProfile(accessToken: string, profile: ProfileUpdate): Promise<Result<void>>;
  /** POST /api/users/verify-email: the server mails the account's own address (D6). */
  sendVerificationEmail(accessToken: string, email: string): Promise<Result<void>>;
  sendAnonymousVerificationEmail(email: string): Promise<Result<void>>;
  verifyEmail(token: string): Promise<Result<void>>;
  verifyEmailAnonymous(token: string): Promise<Result<void>>;
}
