import { accountMessages } from '../../texts/account-messages';
import { isEmailAddress } from '@shop/core/domain/email-address';
import { type PasswordContext, passwordProblem } from '@shop/core/domain/password-policy';
import { newUser } from '@shop/core/domain/user';
import { AccountHttpGateway } from '../http/account-http-gateway';
import type { FakeAccountStore } from './fake-account-store';
import { fakeCommonPasswords } from './fake-common-passwords';
import { recordSignUpConsents } from './fake-privacy-gateway';
import { type FakeGatewayOptions, FakeServer, NO_SESSION, isServerId, refused, routes, succeeded, text } from './fake-server';

/** The reference server's 400 message for a new password: the shop's one rule (D16), with what it knows of the user. */
const problemWith = (password: string, confirmation?: string, context?: PasswordContext): string | null =>
  passwordProblem(password, confirmation, fakeCommonPasswords(), context);

const INVALID_LINK = 'Invalid or expired link';
const WRONG_CURRENT_PASSWORD = 'The current password is incorrect.';
const PROFILE_FIELDS = ['userName', 'phone', 'phoneCCode', 'phoneACode', 'phoneMain', 'name', 'surname'] as const;

/**
 * The account calls of the reference server, answered from memory with its rules (DECISIONS
 * "Responses"): 409 duplicate registration, 401 bad credentials, rotating refresh tokens whose
 * reuse revokes the family, single-use mail tokens, the password rule enforced on sign-up,
 * change and reset. Messages the shop shows come from its texts; the rest are the server's words.
 */
function accountRoutes(store: FakeAccountStore) {
  return routes({
    'POST /api/users/login': ({ body }) => {
      const record = store.findByEmail(text(body.email));
      if (!record || record.password !== text(body.password)) return refused(401, 'Invalid email or password');
      return succeeded({ ...store.startSession(record.user._id), user: store.snapshot(record.user._id) }, 'Login successful');
    },
    'POST /api/users/register': ({ body }) => {
      const [userName, email, password] = [text(body.userName).trim(), text(body.email).trim(), text(body.password)];
      if (userName === '' || !isEmailAddress(email) || password === '') return refused(400, 'Invalid input');
      const problem = problemWith(password, undefined, { userName, email });
      if (problem) return refused(400, problem);
      if (store.findByEmail(email)) return refused(409, 'Email already registered');
      const consents = body.consents as { privacyNotice?: unknown; marketing?: unknown } | undefined;
      if (consents !== undefined && consents.privacyNotice !== true) {
        return refused(400, 'Invalid request. consents.privacyNotice: You must accept the privacy notice (Aydınlatma Metni) to sign up.');
      }
      const _id = store.newId();
      store.addUser(newUser({ _id, userId: _id, userName, email, isEmailVerified: false }), password);
      // D24: the sign-up's consents, each with its text's version and the time.
      if (consents) recordSignUpConsents(store, _id, consents.marketing === true);
      return succeeded({ user: store.snapshot(_id) }, 'User registered successfully', 201);
    },
    // Like the server: a live access token, or a refresh token of a live family.
    'GET /api/users/logout': ({ bearer }) => {
      if (store.authenticate(bearer)) store.endSession(bearer);
      else if (!store.endSessionOfRefreshToken(bearer)) return refused(401, 'Unauthorized');
      return succeeded({}, 'Logged out');
    },
    // The rotated pair alone (docs/wire-format.md).
    'GET /api/users/refresh': ({ bearer }) => {
      const pair = store.rotate(bearer);
      return pair ? { status: 200, body: pair } : refused(401, 'Invalid refresh token');
    },
    // The bearer decides whose password changes; `_id` is only echoed by the client.
    'PUT /api/users/update-password': store.forUser((record, { body }) => {
      if (record.password !== text(body.currentPassword)) return refused(400, 'Current password is incorrect');
      const { userName, name, surname, email } = record.user;
      const problem = problemWith(text(body.newPassword), text(body.confirmPassword), { userName, name, surname, email });
      if (problem) return refused(400, problem);
      record.password = text(body.newPassword);
      return succeeded({}, accountMessages.profile.passwordUpdated);
    }),
    'PUT /api/users/reset-password/:token': ({ body }, [token = '']) => {
      const newPassword = text(body.newpass);
      // Checked before the token is used, so a rejected password leaves the link usable.
      const problem = problemWith(newPassword);
      if (problem) return refused(400, problem);
      const used = store.consumeMailToken('reset-password', token);
      const record = used?.userId ? store.findById(used.userId) : undefined;
      if (!record) return refused(400, INVALID_LINK);
      record.password = newPassword;
      store.endAllSessions(record.user._id);
      return succeeded({}, accountMessages.profile.passwordUpdated);
    },
    // D6: the same answer whether or not the address is registered; mail only to a registered one.
    'POST /api/users/forgot-password': ({ body }) => {
      const record = store.findByEmail(text(body.to));
      if (record) store.sendMail('reset-password', record.user.email, record.user._id);
      return succeeded({}, 'If the address is registered, a reset link has been sent');
    },
    'GET /api/users/profile': store.forUser((record) => store.profileAnswer(record)),
    'PUT /api/users/profile': store.forUser((record, { body }) => {
      // The server's rule: a user name is never blank.
      if (text(body.userName).trim() === '') return refused(400, 'Invalid request. userName: A user name is required.');
      // Email (and userId) are read-only: ignored, as the server does.
      for (const field of PROFILE_FIELDS) record.user[field] = text(body[field]);
      return succeeded({}, accountMessages.profile.updateSuccess);
    }),
    // D6: the mail goes to the account's own address, never to the one the client names.
    'POST /api/users/verify-email': store.forUser((record) => {
      store.sendMail('verify-email', record.user.email, record.user._id);
      return succeeded({}, 'Verification email sent');
    }),
    'POST /api/users/verify-email-anonymous': ({ body }) => {
      const email = text(body.to);
      if (store.findByEmail(email)) return refused(400, accountMessages.verification.anonymousRegistered);
      if (store.hasPendingMail('verify-email-anonymous', email)) return refused(409, accountMessages.verification.anonymousAlreadySent);
      store.sendMail('verify-email-anonymous', email, null);
      return succeeded({}, 'Verification email sent');
    },
    'POST /api/users/email-verification/:token': (_request, [token = '']) => {
      const used = store.consumeMailToken('verify-email', token);
      const record = used?.userId ? store.findById(used.userId) : undefined;
      if (!record) return refused(400, INVALID_LINK);
      store.markEmailVerified(record.user.email);
      return succeeded({}, accountMessages.verification.verified);
    },
    'POST /api/users/email-verification-anonymous/:token': (_request, [token = '']) => {
      const used = store.consumeMailToken('verify-email-anonymous', token);
      if (!used) return refused(400, INVALID_LINK);
      store.verifiedGuestEmails.add(used.email);
      return succeeded({}, accountMessages.verification.verified);
    },
    // ASVS 7.5.2: the user's own sessions, as the server answers them; ending one asks for the password again.
    'GET /api/users/sessions': store.forUser((_record, { bearer }) =>
      succeeded({ sessions: (store.sessionsOf(bearer) ?? []).map(({ id, ...session }) => ({ _id: id, ...session })) }),
    ),
    'POST /api/users/sessions/end-others': store.forUser((record, { bearer, body }) => {
      if (record.password !== text(body.currentPassword)) return refused(400, WRONG_CURRENT_PASSWORD);
      return succeeded({ ended: store.endOtherSessions(bearer) }, 'Other sessions ended.');
    }),
    'POST /api/users/sessions/:id/end': store.forUser((record, { body }, [id = '']) => {
      if (!isServerId(id)) return refused(400, 'Invalid request. id: Session id must be 24 hex digits.');
      if (record.password !== text(body.currentPassword)) return refused(400, WRONG_CURRENT_PASSWORD);
      return store.endSessionOf(record.user._id, id) ? succeeded({}, 'Session ended.') : refused(404, 'Session not found.');
    }),
  });
}

/** The shop's AccountHttpGateway over the fake account server (users, sessions, mail in `store`). */
export class FakeAccountGateway extends AccountHttpGateway {
  /** The fake API server answering this gateway; `server.failWith` switches it into a failure mode. */
  readonly server: FakeServer;

  constructor(
    readonly store: FakeAccountStore,
    options: FakeGatewayOptions = {},
  ) {
    const server = new FakeServer(accountRoutes(store), options);
    super(server.http, options.session ?? NO_SESSION);
    this.server = server;
  }
}
