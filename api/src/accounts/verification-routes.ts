import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../http/api-errors';
import { HttpError } from '../http/http-error';
import { missingBodyAsEmpty } from '../http/missing-body-as-empty';
import { mailTemplates } from '../mail/mail-templates';
import { okMessage, tokenParams, verifyEmailAnonymousBody, verifyEmailBody } from './account-schemas';
import { emailKey } from '@shop/core/domain/email-address';
import { clientKey } from '../http/client-key';

const SENT = 'An email has been sent to your email address. Please click the verification link in the mail.';
const VERIFIED = 'Your email address is verified successfully.';
const BAD_LINK = 'The verification link is invalid, already used or expired.';

/** Verification mails (D6) and the links they carry (single use, 24 h). */
export const verificationRoutes: FastifyPluginAsyncZod = async (app) => {
  const limits = app.config.rateLimits;

  // Signed in (not public). No body reads as `{}`; a JSON body that is not an object (e.g. `null`) is bad input.
  app.post(
    '/api/users/verify-email',
    {
      preValidation: missingBodyAsEmpty,
      schema: { body: verifyEmailBody, response: { 200: okMessage, ...errorResponses(400, 401, 429) } },
    },
    async (request) => {
      const user = await app.accounts.findById(request.session.userId);
      if (!user) throw new HttpError(401, 'Unauthorized: invalid or expired access token.');
      if (user.is_email_verified) throw new HttpError(400, 'Your email address is already verified.');
      await app.throttle.consume('verify-client', clientKey(request.ip), limits.verifyMailPerClient);
      await app.throttle.consume('verify-address', user.email_key, limits.verifyMailPerAddress);
      // Only ever to the account's own address: the body's `to` is ignored. The mail goes out
      // through the outbox (D23): the answer waits for no mail server.
      await app.mailTokens.issueAndMail('verify-email', { userId: user.id, emailKey: user.email_key }, (token) =>
        mailTemplates.verifyEmail(app.config.publicUrl, user.email, token),
      );
      return { success: true as const, message: SENT };
    },
  );

  app.post(
    '/api/users/verify-email-anonymous',
    {
      config: { public: true },
      schema: { body: verifyEmailAnonymousBody, response: { 200: okMessage, ...errorResponses(400, 409, 429) } },
    },
    async (request) => {
      const { body } = request;
      const key = emailKey(body.to);
      await app.throttle.consume('verify-client', clientKey(request.ip), limits.verifyMailPerClient);
      if (await app.accounts.findByEmail(body.to)) throw new HttpError(400, 'Email address is already registered please log in');
      // 409 only while the earlier mail is sent or on its way: after a failed send (a mail server
      // down), asking again tries that mail again at once.
      const pending = await app.mailTokens.pendingMail('verify-email-anonymous', key);
      if (pending.state === 'on-its-way') {
        throw new HttpError(409, 'A verification email has already been sent. Please check your email.');
      }
      await app.throttle.consume('verify-address', key, limits.verifyMailPerAddress);
      if (pending.state === 'failing') await app.mailTokens.retryNow(pending);
      else {
        await app.mailTokens.issueAndMail('verify-email-anonymous', { userId: null, emailKey: key }, (token) =>
          mailTemplates.verifyEmailAnonymous(app.config.publicUrl, body.to, token),
        );
      }
      return { success: true as const, message: SENT };
    },
  );

  app.post(
    '/api/users/email-verification/:token',
    { config: { public: true }, schema: { params: tokenParams, response: { 200: okMessage, ...errorResponses(400) } } },
    async (request) => {
      const { token } = request.params;
      const userId = await app.db.transaction(async (tx) => {
        const used = await app.mailTokens.consume('verify-email', token, tx);
        if (!used?.userId) return null;
        // The link proves the address it was sent to; it is void if the account's address differs.
        return (await app.accounts.markEmailVerified(used.userId, used.emailKey, tx)) ? used.userId : null;
      });
      if (!userId) throw new HttpError(400, BAD_LINK);
      app.events.emailVerified(userId);
      return { success: true as const, message: VERIFIED };
    },
  );

  app.post(
    '/api/users/email-verification-anonymous/:token',
    { config: { public: true }, schema: { params: tokenParams, response: { 200: okMessage, ...errorResponses(400) } } },
    async (request) => {
      const { token } = request.params;
      const ok = await app.db.transaction(async (tx) => {
        const used = await app.mailTokens.consume('verify-email-anonymous', token, tx);
        if (!used) return false;
        await tx.query(
          `INSERT INTO verified_addresses (email_key, verified_at) VALUES ($1, $2)
           ON CONFLICT (email_key) DO UPDATE SET verified_at = EXCLUDED.verified_at`,
          [used.emailKey, app.clock.now().toISOString()],
        );
        return true;
      });
      if (!ok) throw new HttpError(400, BAD_LINK);
      return { success: true as const, message: VERIFIED };
    },
  );
};
