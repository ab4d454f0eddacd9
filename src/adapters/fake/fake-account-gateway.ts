import { messages } from '../../domain/messages';
import { passwordProblem } from '../../domain/password-policy';
import type { Result } from '../../domain/result';
import type { ProfileUpdate, User } from '../../domain/user';
import type { AccountGateway, LoginData, PasswordChange, TokenPair } from '../../ports/account-gateway';
import { emailKey, type FakeAccountStore } from './fake-account-store';
import { fakeCommonPasswords } from './fake-common-passwords';
import { type FakeGatewayOptions, SwitchableFake } from './fake-failure';

/** The reference server's 400 message for a new password: the shop's one rule (D16). */
const problemWith = (password: string, confirmation?: string): string | null =>
  passwordProblem(password, confirmation, fakeCommonPasswords());

const ok = <T>(data: T, message?: string, status = 200): Result<T> =>
  message === undefined ? { ok: true, status, data } : { ok: true, status, data, message };
const fail = (status: number, message: string): Result<never> => ({ ok: false, status, message });
const UNAUTHORIZED = 'Unauthorized';
const INVALID_LINK = 'Invalid or expired link';

/**
 * The account calls answered from memory, with the reference server's rules (DECISIONS,
 * reference API): 409 duplicate registration, 401 bad credentials, rotating refresh tokens whose
 * reuse revokes the family, single-use mail tokens, the password rule enforced on sign-up,
 * change and reset.
 */
export class FakeAccountGateway extends SwitchableFake implements AccountGateway {
  constructor(
    readonly store: FakeAccountStore,
    options: FakeGatewayOptions = {},
  ) {
    super(options);
  }

  login(email: string, password: string): Promise<Result<LoginData>> {
    return this.answer(() => {
      const record = this.store.findByEmail(email);
      if (!record || record.password !== password) return fail(401, 'Invalid email or password');
      const pair = this.store.startSession(record.user._id);
      return ok({ ...pair, user: this.store.snapshot(record.user._id) }, 'Login successful');
    });
  }

  register(userName: string, email: string, password: string): Promise<Result<{ user: User }>> {
    return this.answer(() => {
      if (userName.trim() === '' || !/^[^@\s]+@[^@\s]+$/.test(email.trim()) || password === '') {
        return fail(400, 'Invalid input');
      }
      const problem = problemWith(password);
      if (problem) return fail(400, problem);
      if (this.store.findByEmail(email)) return fail(409, 'Email already registered');
      const _id = this.store.newId();
      this.store.addUser(
        {
          _id,
          userId: _id,
          userName: userName.trim(),
          email: emailKey(email),
          isEmailVerified: false,
          phone: '',
          phoneCCode: '',
          phoneACode: '',
          phoneMain: '',
          name: '',
          surname: '',
          address: [],
        },
        password,
      );
      return ok({ user: this.store.snapshot(_id) }, 'User registered successfully', 201);
    });
  }

  /** Like the server: a live access token, or a refresh token of a live family. */
  logout(token: string): Promise<Result<void>> {
    return this.answer(() => {
      if (this.store.authenticate(token)) this.store.endSession(token);
      else if (!this.store.endSessionOfRefreshToken(token)) return fail(401, UNAUTHORIZED);
      return ok(undefined, 'Logged out');
    });
  }

  refresh(refreshToken: string): Promise<Result<TokenPair>> {
    return this.answer(() => {
      const pair = this.store.rotate(refreshToken);
      return pair ? ok(pair) : fail(401, 'Invalid refresh token');
    });
  }

  updatePassword(accessToken: string, change: PasswordChange): Promise<Result<void>> {
    return this.answer(() => {
      // The bearer decides whose password changes; `_id` is only echoed by the client.
      const record = this.store.authenticate(accessToken);
      if (!record) return fail(401, UNAUTHORIZED);
      if (record.password !== change.currentPassword) return fail(400, 'Current password is incorrect');
      const problem = problemWith(change.newPassword, change.confirmPassword);
      if (problem) return fail(400, problem);
      record.password = change.newPassword;
      return ok(undefined, messages.profile.passwordUpdated);
    });
  }

  resetPassword(token: string, newPassword: string): Promise<Result<void>> {
    return this.answer(() => {
      const problem = problemWith(newPassword);
      // Checked before the token is used, so a rejected password leaves the link usable.
      if (problem) return fail(400, problem);
      const used = this.store.consumeMailToken('reset-password', token);
      const record = used?.userId ? this.store.findById(used.userId) : undefined;
      if (!record) return fail(400, INVALID_LINK);
      record.password = newPassword;
      this.store.endAllSessions(record.user._id);
      return ok(undefined, messages.profile.passwordUpdated);
    });
  }

  forgotPassword(email: string): Promise<Result<void>> {
    return this.answer(() => {
      // D6: the same answer whether or not the address is registered; mail only to a registered one.
      const record = this.store.findByEmail(email);
      if (record) this.store.sendMail('reset-password', record.user.email, record.user._id);
      return ok(undefined, 'If the address is registered, a reset link has been sent');
    });
  }

  getProfile(accessToken: string): Promise<Result<User>> {
    return this.answer(() => {
      const record = this.store.authenticate(accessToken);
      return record ? ok(this.store.snapshot(record.user._id)) : fail(401, UNAUTHORIZED);
    });
  }

  updateProfile(accessToken: string, profile: ProfileUpdate): Promise<Result<void>> {
    return this.answer(() => {
      const record = this.store.authenticate(accessToken);
      if (!record) return fail(401, UNAUTHORIZED);
      // The server's rule: a user name is never blank.
      if (profile.userName.trim() === '') return fail(400, 'Invalid request. userName: A user name is required.');
      // Email (and userId) are read-only: ignored, as the server does.
      const { userName, phone, phoneCCode, phoneACode, phoneMain, name, surname } = profile;
      Object.assign(record.user, { userName, phone, phoneCCode, phoneACode, phoneMain, name, surname });
      return ok(undefined, messages.profile.updateSuccess);
    });
  }

  sendVerificationEmail(accessToken: string, _email: string): Promise<Result<void>> {
    return this.answer(() => {
      const record = this.store.authenticate(accessToken);
      if (!record) return fail(401, UNAUTHORIZED);
      // D6: the mail goes to the account's own address, never to the one the client names.
      this.store.sendMail('verify-email', record.user.email, record.user._id);
      return ok(undefined, 'Verification email sent');
    });
  }

  sendAnonymousVerificationEmail(email: string): Promise<Result<void>> {
    return this.answer(() => {
      if (this.store.findByEmail(email)) return fail(400, messages.verification.anonymousRegistered);
      if (this.store.hasPendingMail('verify-email-anonymous', email)) {
        return fail(409, messages.verification.anonymousAlreadySent);
      }
      this.store.sendMail('verify-email-anonymous', email, null);
      return ok(undefined, 'Verification email sent');
    });
  }

  verifyEmail(token: string): Promise<Result<void>> {
    return this.answer(() => {
      const used = this.store.consumeMailToken('verify-email', token);
      const record = used?.userId ? this.store.findById(used.userId) : undefined;
      if (!record) return fail(400, INVALID_LINK);
      this.store.markEmailVerified(record.user.email);
      return ok(undefined, messages.verification.verified);
    });
  }

  verifyEmailAnonymous(token: string): Promise<Result<void>> {
    return this.answer(() => {
      const used = this.store.consumeMailToken('verify-email-anonymous', token);
      if (!used) return fail(400, INVALID_LINK);
      this.store.verifiedGuestEmails.add(used.email);
      return ok(undefined, messages.verification.verified);
    });
  }
}
