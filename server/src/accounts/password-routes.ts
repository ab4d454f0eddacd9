import type { FastifyInstance } from 'fastify';
import { HttpError } from '../http/http-error';
import { parseInput } from '../http/parse-input';
import { mailTemplates } from '../mail/mail-templates';
import type { AccountContext } from './account-context';
import { forgotPasswordBody, resetPasswordBody, tokenParams, updatePasswordBody } from './account-schemas';
import { emailKey } from './account-store';
import { passwordProblem } from './password-rules';

const UPDATED = 'Password updated successfully!';
const BAD_RESET_LINK = 'The password reset link is invalid or has expired. Please ask for a new one.';
const FORGOT_ANSWER = 'If this email address is registered, a password reset link has been sent to it.';

/** Password change (D5: current password required), reset by mailed token, forgot-password (D6). */
export async function passwordRoutes(app: FastifyInstance, opts: { ctx: AccountContext }): Promise<void> {
  const { ctx } = opts;
  const limits = ctx.config.rateLimits;

  app.put('/api/users/update-password', async (request) => {
    const body = parseInput(updatePasswordBody, request.body);
    const problem = passwordProblem(body.newPassword, body.confirmPassword);
    if (problem) throw new HttpError(400, problem);
    if (body.token !== undefined) {
      await reset(ctx, request.ip, body.token, body.newPassword);
      return { success: true, message: UPDATED };
    }
    const session = await ctx.authenticate(request);
    if (!body.currentPassword) throw new HttpError(400, 'The current password is required.');
    const user = await ctx.store.findById(session.userId);
    if (!user) throw new HttpError(401, 'Unauthorized: invalid or expired access token.');
    // Wrong current passwords count like failed logins of this account from this client, so a
    // stolen session cannot guess it; the per-client login cap is for logins only.
    const ticket = await ctx.passwordChecks.open(user.email_key, request.ip, ctx.deviceMarkers.isPresented(request, user.email_key));
    if (!(await ctx.hasher.verify(user.password_hash, body.currentPassword))) {
      throw new HttpError(400, 'The current password is incorrect.');
    }
    await ticket.succeeded();
    const passwordHash = await ctx.hasher.hash(body.newPassword);
    await ctx.db.transaction(async (tx) => {
      await ctx.store.setPasswordHash(user.id, passwordHash, tx);
      await ctx.sessions.revokeAllOf(user.id, tx, session.familyId);
    });
    return { success: true, message: UPDATED };
  });

  app.put('/api/users/reset-password/:token', async (request) => {
    const { token } = parseInput(tokenParams, request.params);
    const body = parseInput(resetPasswordBody, request.body);
    const problem = passwordProblem(body.newpass);
    if (problem) throw new HttpError(400, problem);
    await reset(ctx, request.ip, token, body.newpass);
    return { success: true, message: UPDATED };
  });

  app.post('/api/users/forgot-password', async (request) => {
    const body = parseInput(forgotPasswordBody, request.body);
    await ctx.throttle.consume('forgot-client', request.ip, limits.forgotPerClient);
    await ctx.throttle.consume('forgot-address', emailKey(body.to), limits.forgotPerAddress);
    const user = await ctx.store.findByEmail(body.to);
    if (user) {
      // Not awaited: registered and unknown addresses answer alike and in about the same time.
      void (async () => {
        const token = await ctx.mailTokens.issue('reset-password', { userId: user.id, emailKey: user.email_key });
        await ctx.mailer.send(mailTemplates.resetPassword(ctx.config.publicUrl, user.email, token));
      })().catch((error: unknown) => request.log.error({ err: error }, 'reset mail failed'));
    }
    return { success: true, message: FORGOT_ANSWER };
  });
}

/**
 * Both reset routes: throttled per client, and the token is looked up before the argon2 hash, so
 * a made-up token costs no hashing. The consume in the transaction stays the single-use guard.
 */
async function reset(ctx: AccountContext, client: string, token: string, newPassword: string): Promise<void> {
  await ctx.throttle.consume('reset-client', client, ctx.config.rateLimits.resetPerClient);
  if (!(await ctx.mailTokens.isLive('reset-password', token))) throw new HttpError(400, BAD_RESET_LINK);
  const passwordHash = await ctx.hasher.hash(newPassword);
  const ok = await ctx.db.transaction(async (tx) => {
    const used = await ctx.mailTokens.consume('reset-password', token, tx);
    if (!used?.userId) return false;
    await ctx.store.setPasswordHash(used.userId, passwordHash, tx);
    await ctx.sessions.revokeAllOf(used.userId, tx);
    return true;
  });
  if (!ok) throw new HttpError(400, BAD_RESET_LINK);
}
