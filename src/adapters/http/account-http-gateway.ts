import type { Result } from '../../domain/result';
import type { ProfileUpdate, User } from '../../domain/user';
import type { AccountGateway, LoginData, PasswordChange, TokenPair } from '../../ports/account-gateway';
import { type HttpClient, type HttpResponse, serverMessage } from './http-client';
import { toResult } from './to-result';
import {
  wireAcknowledgementSchema,
  wireLoginSchema,
  wireProfileSchema,
  wireRegisterSchema,
  wireTokenPairSchema,
} from './wire/account-wire';

/**
 * Mail fields the API still takes (SPEC 7) but ignores: the server writes every mail itself
 * (D6). Fixed values, never user content.
 */
export const MAIL_FIELDS = {
  resetSubject: 'Reset password',
  verifySubject: 'Verify your email address',
} as const;

const toVoid = (): void => undefined;

export class AccountHttpGateway implements AccountGateway {
  constructor(private readonly http: HttpClient) {}

  async login(email: string, password: string): Promise<Result<LoginData>> {
    const response = await this.http.request('POST', '/api/users/login', { body: { email, password } });
    // SPEC 8: an answer without an access token fails with the server's message.
    if (response.ok && !hasAccessToken(response)) {
      return { ok: false, status: response.status, message: serverMessage(response.body) };
    }
    return toResult(response, wireLoginSchema, ({ accessToken, refreshToken, user }) => ({ accessToken, refreshToken, user }));
  }

  async register(userName: string, email: string, password: string): Promise<Result<{ user: User }>> {
    const response = await this.http.request('POST', '/api/users/register', { body: { userName, email, password } });
    return toResult(response, wireRegisterSchema, ({ user }) => ({ user }));
  }

  /** The bearer is the access token, or the refresh token once the access token expired. */
  async logout(token: string): Promise<Result<void>> {
    return this.acknowledged(await this.http.request('GET', '/api/users/logout', { bearer: token }));
  }

  /** D4: the refresh token is the bearer; the answer is a rotated pair. */
  async refresh(refreshToken: string): Promise<Result<TokenPair>> {
    const response = await this.http.request('GET', '/api/users/refresh', { bearer: refreshToken });
    return toResult(response, wireTokenPairSchema, ({ accessToken, refreshToken: rotated }) => ({ accessToken, refreshToken: rotated }));
  }

  /** D5: the signed-in change carries the current password. */
  async updatePassword(accessToken: string, change: PasswordChange): Promise<Result<void>> {
    const { _id, currentPassword, newPassword, confirmPassword } = change;
    const response = await this.http.request('PUT', '/api/users/update-password', {
      bearer: accessToken,
      body: { _id, currentPassword, newPassword, confirmPassword },
    });
    return this.acknowledged(response);
  }

  async resetPassword(token: string, newPassword: string): Promise<Result<void>> {
    const response = await this.http.request('PUT', `/api/users/reset-password/${encodeURIComponent(token)}`, {
      body: { newpass: newPassword },
    });
    return this.acknowledged(response);
  }

  async forgotPassword(email: string): Promise<Result<void>> {
    const response = await this.http.request('POST', '/api/users/forgot-password', {
      body: { to: email, cc: '', bcc: '', subject: MAIL_FIELDS.resetSubject },
    });
    return this.acknowledged(response);
  }

  async getProfile(accessToken: string): Promise<Result<User>> {
    const response = await this.http.request('GET', '/api/users/profile', { bearer: accessToken });
    return toResult(response, wireProfileSchema, ({ user }) => user);
  }

  /** Only the profile fields of SPEC 7 are sent, whatever else the object carries. */
  async updateProfile(accessToken: string, profile: ProfileUpdate): Promise<Result<void>> {
    const { email, userName, phone, phoneCCode, phoneACode, phoneMain, name, surname } = profile;
    const response = await this.http.request('PUT', '/api/users/profile', {
      bearer: accessToken,
      body: { email, userName, phone, phoneCCode, phoneACode, phoneMain, name, surname },
    });
    return this.acknowledged(response);
  }

  async sendVerificationEmail(accessToken: string, email: string): Promise<Result<void>> {
    const response = await this.http.request('POST', '/api/users/verify-email', {
      bearer: accessToken,
      body: { to: email, cc: '', bcc: '', subject: MAIL_FIELDS.verifySubject, html: '' },
    });
    return this.acknowledged(response);
  }

  async sendAnonymousVerificationEmail(email: string): Promise<Result<void>> {
    const response = await this.http.request('POST', '/api/users/verify-email-anonymous', {
      body: { to: email, bcc: '', subject: MAIL_FIELDS.verifySubject, html: '' },
    });
    return this.acknowledged(response);
  }

  async verifyEmail(token: string): Promise<Result<void>> {
    const response = await this.http.request('POST', `/api/users/email-verification/${encodeURIComponent(token)}`, { body: {} });
    return this.acknowledged(response);
  }

  async verifyEmailAnonymous(token: string): Promise<Result<void>> {
    const response = await this.http.request('POST', `/api/users/email-verification-anonymous/${encodeURIComponent(token)}`, {
      body: {},
    });
    return this.acknowledged(response);
  }

  private acknowledged(response: HttpResponse): Result<void> {
    return toResult(response, wireAcknowledgementSchema, toVoid);
  }
}

function hasAccessToken(response: HttpResponse): boolean {
  const { body } = response;
  return body !== null && typeof body === 'object' && typeof (body as { accessToken?: unknown }).accessToken === 'string';
}
