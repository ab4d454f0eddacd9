import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../http/api-errors';
import { HttpError } from '../http/http-error';
import { mailTemplates } from '../mail/mail-templates';
import { bearerToken } from '../auth/authentication';
import { forgotPasswordBody, okMessage, resetPasswordBody, tokenParams, updatePasswordBody } from './account-schemas';
import { emailKey } from '@shop/core/domain/email-address';
import { passwordContextOf, passwordProblem } from './password-rules';
import { logSecurityEvent } from '../logging/security-events';
import { passwordConfirmed } from './password-confirmation';
import { clientKey } from '../http/client-key';

const UPDATED = 'Password updated successfully!';
const BAD_RESET_LINK = 'The password reset link is invalid or has expired. Please ask for a new one.';
const FORGOT_ANSWER = 'If this email address is registered, a password reset link has been sent to it.';

/** Password change (D5: current password required), reset by mailed token, forgot-password (D6). */
export const passwordRoutes: FastifyPluginAsyncZod = async (app) => {
  const limits = app.config.rateLimits;

  // Public: with `token` it is a reset by mailed link (no session). Without, it is the signed-in
  // change, which authenticates the bearer itself, after the body's own checks (as before).
  app.put(
    '/api/users/update-password',
    {
      config: { public: true },
      schema: { body: updatePasswordBody, response: { 200: okMessage, ...errorResponses(400, 401, 429) } },
    },
    async (request) => {
      const { body } = request;
      const problem = passwordProblem(body.newPassword, body.confirmPassword);
      if (problem) throw new HttpError(400, problem);
      if (body.token !== undefined) {
        await reset(app, clientKey(request.ip), body.token, body.newPassword, request);
        return { success: true as const, message: UPDATED };
      }
      const session = await app.sessions.authenticate(bearerToken(request));
      if (!body.currentPassword) throw new HttpError(400, 'The current password is required.');
      const user = await app.accounts.findById(session.userId);
      if (!user) throw new HttpError(401, 'Unauthorized: invalid or expired access token.');
      const personal = passwordProblem(body.newPassword, body.confirmPassword, passwordContextOf(user));
      if (personal) throw new HttpError(400, personal);
      // Wrong current passwords count like failed logins of this account from this client, so a
      // stolen session cannot guess it; the per-client login cap is for logins only.
      if (!(await passwordConfirmed(app, request, user, body.currentPassword, 'password-change'))) {
        throw new HttpError(400, 'The current password is incorrect.');
      }
      const passwordHash = await app.hasher.hash(body.newPassword);
      const revoked = await app.db.transaction(async (tx) => {
        await app.accounts.setPasswordHash(user.id, passwordHash, tx);
        return app.sessions.revokeAllOf(user.id, tx, session.familyId);
      });
      app.sessions.announceRevoked(revoked);
      logSecurityEvent(request, 'password-changed', { outcome: 'success', userId: user.id });
      return { success: true as const, message: UPDATED };
    },
  );

  app.put(
    '/api/users/reset-password/:token',
    {
      config: { public: true },
      schema: { params: tokenParams, body: resetPasswordBody, response: { 200: okMessage, ...errorResponses(400, 429) } },
    },
    async (request) => {
      const problem = passwordProblem(request.body.newpass);
      if (problem) throw new HttpError(400, problem);
      await reset(app, clientKey(request.ip), request.params.token, request.body.newpass, request);
      return { success: true as const, message: UPDATED };
    },
  );

  app.post(
    '/api/users/forgot-password',
    {
      config: { public: true },
      schema: { body: forgotPasswordBody, response: { 200: okMessage, ...errorResponses(400, 429) } },
    },
    async (request) => {
      const { body } = request;
      await app.throttle.consume('forgot-client', clientKey(request.ip), limits.forgotPerClient);
      await app.throttle.consume('forgot-address', emailKey(body.to), limits.forgotPerAddress);
      const user = await app.accounts.findByEmail(body.to);
      logSecurityEvent(request, 'password-reset-requested', {
        outcome: user ? 'success' : 'failure',
        userId: user?.id ?? null,
        ...(user ? {} : { reason: 'unknown-address' }),
      });
      if (user) {
        // Not awaited: registered and unknown addresses answer alike and in about the same time.
        // The token and its mail are written together (the outbox sends it, D23).
        app.mailTokens
          .issueAndMail('reset-password', { userId: user.id, emailKey: user.email_key }, (token) =>
            mailTemplates.resetPassword(app.config.publicUrl, user.email, token),
          )
          .catch((error: unknown) => request.log.error({ err: error }, 'reset mail could not be queued'));
      }
      return { success: true as const, message: FORGOT_ANSWER };
    },
  );
};

/**
 * Both reset routes: throttled per client, and the token is looked up before the argon2 hash, so
 * a made-up token costs no hashing. The consume in the transaction stays the single-use guard.
 */
async function reset(app: FastifyInstance, client: string, token: string, newPassword: string, request: FastifyRequest): Promise<void> {
  await app.throttle.consume('reset-client', client, app.config.rateLimits.resetPerClient);
  const live = await app.mailTokens.isLive('reset-password', token);
  const badLink = () => {
    logSecurityEvent(request, 'password-reset-refused', { outcome: 'refused', reason: 'invalid-link' });
    return new HttpError(400, BAD_RESET_LINK);
  };
  if (!live) throw badLink();
  const user = live.userId === null ? null : await app.accounts.findById(live.userId);
  const personal = user && passwordProblem(newPassword, undefined, passwordContextOf(user));
  if (personal) throw new HttpError(400, personal);
  const passwordHash = await app.hasher.hash(newPassword);
  const revoked = await app.db.transaction(async (tx) => {
    const used = await app.mailTokens.consume('reset-password', token, tx);
    if (!used?.userId) return null;
    await app.accounts.setPasswordHash(used.userId, passwordHash, tx);
    return app.sessions.revokeAllOf(used.userId, tx);
  });
  if (!revoked) throw badLink();
  app.sessions.announceRevoked(revoked);
  logSecurityEvent(request, 'password-reset-completed', { outcome: 'success', userId: live.userId });
}
