import type { AccountSession } from '@shop/core/domain/account-session';
import type { Outcome } from '@shop/core/domain/outcome';
import type { ProfileUpdate, User } from '@shop/core/domain/user';
import type { SignUpConsents } from '@shop/core/domain/consent';
import type { AccountGateway, GuestMailRefusal, LoginData, PasswordChange, TokenPair } from '@shop/core/ports/account-gateway';
import type { SessionCredentials } from '@shop/core/ports/session-credentials';
import { AuthenticatedHttp } from './authenticated-http';
import { type HttpClient, type HttpResponse, serverMessage } from './http-client';
import { toOutcome } from './to-outcome';
import {
  wireAcknowledgementSchema,
  wireLoginSchema,
  wireProfileSchema,
  wireRegisterSchema,
  wireSessionListSchema,
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

/** SPEC 8 words these refusals of the guest verification mail itself. */
const GUEST_MAIL_REFUSALS = { 400: 'registered', 409: 'already-sent' } as const;

const toVoid = (): void => undefined;

export class AccountHttpGateway implements AccountGateway {
  private readonly authenticated: AuthenticatedHttp;

  constructor(
    private readonly http: HttpClient,
    private readonly session: SessionCredentials,
  ) {
    this.authenticated = new AuthenticatedHttp(http, session);
  }

  async login(email: string, password: string): Promise<Outcome<LoginData>> {
    const response = await this.http.request('POST', '/api/users/login', { body: { email, password } });
    // SPEC 8: an answer without an access token fails with the server's message.
    if (response.ok && !hasAccessToken(response)) return { ok: false, kind: 'rejected', message: serverMessage(response.body) };
    return toOutcome(response, wireLoginSchema, ({ accessToken, refreshToken, user }) => ({ accessToken, refreshToken, user }));
  }

  async register(userName: string, email: string, password: string, consents?: SignUpConsents): Promise<Outcome<{ user: User }>> {
    const body = { userName, email, password, ...(consents ? { consents } : {}) };
    const response = await this.http.request('POST', '/api/users/register', { body });
    return toOutcome(response, wireRegisterSchema, ({ user }) => ({ user }));
  }

  /** The bearer is the access token, or the refresh token once the access token expired. */
  async logout(token: string): Promise<Outcome<void>> {
    return acknowledged(await this.http.request('GET', '/api/users/logout', { bearer: token }));
  }

  /** D4: the refresh token is the bearer; the answer is a rotated pair. */
  async refresh(refreshToken: string): Promise<Outcome<TokenPair>> {
    const response = await this.http.request('GET', '/api/users/refresh', { bearer: refreshToken });
    return toOutcome(response, wireTokenPairSchema, ({ accessToken, refreshToken: rotated }) => ({ accessToken, refreshToken: rotated }));
  }

  /** D5: the signed-in change carries the current password, and names the signed-in user. */
  async updatePassword(change: PasswordChange): Promise<Outcome<void>> {
    const { currentPassword, newPassword, confirmPassword } = change;
    const response = await this.authenticated.request('PUT', '/api/users/update-password', {
      body: { _id: this.session.userId, currentPassword, newPassword, confirmPassword },
    });
    return acknowledged(response);
  }

  async resetPassword(token: string, newPassword: string): Promise<Outcome<void>> {
    const response = await this.http.request('PUT', `/api/users/reset-password/${encodeURIComponent(token)}`, {
      body: { newpass: newPassword },
    });
    return acknowledged(response);
  }

  async forgotPassword(email: string): Promise<Outcome<void>> {
    const response = await this.http.request('POST', '/api/users/forgot-password', {
      body: { to: email, cc: '', bcc: '', subject: MAIL_FIELDS.resetSubject },
    });
    return acknowledged(response);
  }

  async getProfile(): Promise<Outcome<User>> {
    const response = await this.authenticated.request('GET', '/api/users/profile');
    return toOutcome(response, wireProfileSchema, ({ user }) => user);
  }

  /** Only the profile fields of SPEC 7 are sent, whatever else the object carries. */
  async updateProfile(profile: ProfileUpdate): Promise<Outcome<void>> {
    const { email, userName, phone, phoneCCode, phoneACode, phoneMain, name, surname } = profile;
    const response = await this.authenticated.request('PUT', '/api/users/profile', {
      body: { email, userName, phone, phoneCCode, phoneACode, phoneMain, name, surname },
    });
    return acknowledged(response);
  }

  async sendVerificationEmail(email: string): Promise<Outcome<void>> {
    const response = await this.authenticated.request('POST', '/api/users/verify-email', {
      body: { to: email, cc: '', bcc: '', subject: MAIL_FIELDS.verifySubject, html: '' },
    });
    return acknowledged(response);
  }

  async sendAnonymousVerificationEmail(email: string): Promise<Outcome<void, GuestMailRefusal>> {
    const response = await this.http.request('POST', '/api/users/verify-email-anonymous', {
      body: { to: email, bcc: '', subject: MAIL_FIELDS.verifySubject, html: '' },
    });
    return toOutcome(response, wireAcknowledgementSchema, toVoid, GUEST_MAIL_REFUSALS);
  }

  async verifyEmail(token: string): Promise<Outcome<void>> {
    const response = await this.http.request('POST', `/api/users/email-verification/${encodeURIComponent(token)}`, { body: {} });
    return acknowledged(response);
  }

  async verifyEmailAnonymous(token: string): Promise<Outcome<void>> {
    const response = await this.http.request('POST', `/api/users/email-verification-anonymous/${encodeURIComponent(token)}`, {
      body: {},
    });
    return acknowledged(response);
  }

  async listSessions(): Promise<Outcome<AccountSession[]>> {
    const response = await this.authenticated.request('GET', '/api/users/sessions');
    return toOutcome(response, wireSessionListSchema, ({ sessions }) => sessions);
  }

  async endSession(id: string, currentPassword: string): Promise<Outcome<void>> {
    const path = `/api/users/sessions/${encodeURIComponent(id)}/end`;
    return acknowledged(await this.authenticated.request('POST', path, { body: { currentPassword } }));
  }

  async endOtherSessions(currentPassword: string): Promise<Outcome<void>> {
    return acknowledged(await this.authenticated.request('POST', '/api/users/sessions/end-others', { body: { currentPassword } }));
  }
}

function acknowledged(response: HttpResponse): Outcome<void> {
  return toOutcome(response, wireAcknowledgementSchema, toVoid);
}

function hasAccessToken(response: HttpResponse): boolean {
  const { body } = response;
  return body !== null && typeof body === 'object' && typeof (body as { accessToken?: unknown }).accessToken === 'string';
}
