import type { FastifyInstance } from 'fastify';
import { HttpError } from '../http/http-error';
import { parseInput } from '../http/parse-input';
import { mailTemplates } from '../mail/mail-templates';
import type { AccountContext } from './account-context';
import { tokenParams, verifyEmailAnonymousBody, verifyEmailBody } from './account-schemas';
import { emailKey } from './account-store';

const SENT = 'An email has been sent to your email address. Please click the verification link in the mail.';
const VERIFIED = 'Your email address is verified successfully.';
const BAD_LINK = 'The verification link is invalid, already used or expired.';

/** Verification mails (D6) and the links they carry (single use, 24 h). */
export async function verificationRoutes(app: FastifyInstance, opts: { ctx: AccountContext }): Promise<void> {
  const { ctx } = opts;
  const limits = ctx.config.rateLimits;

  app.post('/api/users/verify-email', async (request) => {
    const session = await ctx.authenticate(request);
    // No body reads as `{}`; a JSON body that is not an object (e.g. `null`) is bad input.
    parseInput(verifyEmailBody, request.body === undefined ? {} : request.body);
    const user = await ctx.store.findById(session.userId);
    if (!user) throw new HttpError(401, 'Unauthorized: invalid or expired access token.');
    if (user.is_email_verified) throw new HttpError(400, 'Your email address is already verified.');
    await ctx.throttle.consume('verify-client', request.ip, limits.verifyMailPerClient);
    await ctx.throttle.consume('verify-address', user.email_key, limits.verifyMailPerAddress);
    const token = await ctx.mailTokens.issue('verify-email', { userId: user.id, emailKey: user.email_key });
    // Only ever to the account's own address: the body's `to` is ignored.
    await ctx.mailer.send(mailTemplates.verifyEmail(ctx.config.publicUrl, user.email, token));
    return { success: true, message: SENT };
  });

  app.post('/api/users/verify-email-anonymous', async (request) => {
    const body = parseInput(verifyEmailAnonymousBody, request.body);
    const key = emailKey(body.to);
    await ctx.throttle.consume('verify-client', request.ip, limits.verifyMailPerClient);
    if (await ctx.store.findByEmail(body.to)) throw new HttpError(400, 'Email address is already registered please log in');
    if (await ctx.mailTokens.hasPending('verify-email-anonymous', key)) {
      throw new HttpError(409, 'A verification email has already been sent. Please check your email.');
    }
    await ctx.throttle.consume('verify-address', key, limits.verifyMailPerAddress);
    const token = await ctx.mailTokens.issue('verify-email-anonymous', { userId: null, emailKey: key });
    await ctx.mailer.send(mailTemplates.verifyEmailAnonymous(ctx.config.publicUrl, body.to, token));
    return { success: true, message: SENT };
  });

  app.post('/api/users/email-verification/:token', async (request) => {
    const { token } = parseInput(tokenParams, request.params);
    const userId = await ctx.db.transaction(async (tx) => {
      const used = await ctx.mailTokens.consume('verify-email', token, tx);
      if (!used?.userId) return null;
      // The link proves the address it was sent to; it is void if the account's address differs.
      return (await ctx.store.markEmailVerified(used.userId, used.emailKey, tx)) ? used.userId : null;
    });
    if (!userId) throw new HttpError(400, BAD_LINK);
    ctx.events.emailVerified(userId);
    return { success: true, message: VERIFIED };
  });

  app.post('/api/users/email-verification-anonymous/:token', async (request) => {
    const { token } = parseInput(tokenParams, request.params);
    const ok = await ctx.db.transaction(async (tx) => {
      const used = await ctx.mailTokens.consume('verify-email-anonymous', token, tx);
      if (!used) return false;
      await tx.query(
        `INSERT INTO verified_addresses (email_key, verified_at) VALUES ($1, $2)
         ON CONFLICT (email_key) DO UPDATE SET verified_at = EXCLUDED.verified_at`,
        [used.emailKey, ctx.clock.now().toISOString()],
      );
      return true;
    });
    if (!ok) throw new HttpError(400, BAD_LINK);
    return { success: true, message: VERIFIED };
  });
}
