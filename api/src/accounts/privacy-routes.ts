import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../http/api-errors';
import { HttpError } from '../http/http-error';
import { wireConsents } from '../legal/consents';
import { accountDeletedMail } from '../legal/privacy-mails';
import { logSecurityEvent } from '../logging/security-events';
import { wireOrder } from '../orders/order-schemas';
import { okMessage, wireAddress, wireUser } from './account-schemas';
import { passwordConfirmed } from './password-confirmation';

const GONE = 'Unauthorized: invalid or expired access token.';
export const CONSENTS_SAVED = 'Your communication preferences have been saved.';
export const ACCOUNT_DELETED = 'Your account has been deleted.';
export const WRONG_PASSWORD = 'The password is incorrect.';

export const consentsBody = z.object({ marketing: z.boolean() });
const consentsAnswer = okMessage.extend({ consents: wireConsents });
export const deleteAccountBody = z.object({ password: z.string().min(1, 'Please enter your password.').max(1024) });

/** GET /api/users/data-export: everything the shop keeps about the caller (KVKK article 11). */
const dataExportAnswer = z.object({
  success: z.literal(true),
  exportedAt: z.string(),
  profile: wireUser.omit({ address: true }),
  addresses: z.array(wireAddress),
  orders: z.array(wireOrder),
  consents: z.array(z.object({ kind: z.string(), version: z.string(), granted: z.boolean(), at: z.string() })),
});

/**
 * The shopper's own data (D24): marketing consent changed at will, a download of all their data,
 * and the deletion of their account. Signed in only, each scoped to the caller; the download and
 * the deletion are throttled per user, and the deletion asks for the password again.
 */
export const privacyRoutes: FastifyPluginAsyncZod = async (app) => {
  const { config, db, clock, consents, orders } = app;
  const limits = config.rateLimits;

  app.put(
    '/api/users/consents',
    {
      schema: {
        summary: 'Give or withdraw consent to marketing messages (D24)',
        description: 'Records the choice with the version of the consent text and the time; answers every current consent.',
        body: consentsBody,
        response: { 200: consentsAnswer, ...errorResponses(400, 401) },
      },
    },
    async (request) => {
      const { userId } = request.session;
      await consents.record(userId, 'marketing', request.body.marketing, clock.now());
      return { success: true as const, message: CONSENTS_SAVED, consents: await consents.current(userId) };
    },
  );

  app.get(
    '/api/users/data-export',
    {
      schema: {
        summary: "Download the caller's data: profile, addresses, orders with their contracts, consents (D24)",
        description: 'A JSON file (Content-Disposition: attachment). Throttled per user (RATE_LIMIT_DATA_EXPORT_PER_USER).',
        response: { 200: dataExportAnswer, ...errorResponses(401, 429) },
      },
    },
    async (request, reply) => {
      const { userId } = request.session;
      await app.throttle.consume('data-export-user', userId, limits.dataExportPerUser);
      const user = await app.accounts.findById(userId);
      if (!user) throw new HttpError(401, GONE);
      const { address, ...profile } = await app.accounts.toWire(user);
      const now = clock.now();
      reply.header('content-disposition', `attachment; filename="storefront-data-${now.toISOString().slice(0, 10)}.json"`);
      return {
        success: true as const,
        exportedAt: now.toISOString(),
        profile,
        addresses: address,
        orders: await orders.allOf(userId),
        consents: await consents.history(userId),
      };
    },
  );

  app.post(
    '/api/users/delete-account',
    {
      schema: {
        summary: "Delete the caller's account, after the password is given again (D24)",
        description:
          'Removes the account, its addresses, consents, tokens and sessions; the orders are kept for the tax records without the name, addresses or contract text (their SHA-256 stays). A confirmation is mailed. Throttled per user (RATE_LIMIT_DELETE_ACCOUNT_PER_USER).',
        body: deleteAccountBody,
        response: { 200: okMessage, ...errorResponses(400, 401, 429) },
      },
    },
    async (request) => {
      const { userId } = request.session;
      await app.throttle.consume('delete-account-user', userId, limits.deleteAccountPerUser);
      const user = await app.accounts.findById(userId);
      if (!user) throw new HttpError(401, GONE);
      // A wrong password counts like a failed login of this account from this client.
      if (!(await passwordConfirmed(app, request, user, request.body.password, 'delete-account'))) throw new HttpError(400, WRONG_PASSWORD);
      const revoked = await db.transaction(async (tx) => {
        const families = await app.sessions.revokeAllOf(user.id, tx);
        await orders.anonymiseAllOf(user.id, tx);
        // The confirmation goes out with the deletion, and only if it commits (D23).
        await app.mailOutbox.enqueue(tx, accountDeletedMail(user.email, config.seller), `account-deleted:${user.id}`);
        // Addresses, consents, sessions, refresh and mail tokens go with the user (ON DELETE CASCADE).
        await tx.query('DELETE FROM users WHERE id = $1', [user.id]);
        return families;
      });
      app.sessions.announceRevoked(revoked);
      logSecurityEvent(request, 'account-deleted', { outcome: 'success', userId: user.id });
      return { success: true as const, message: ACCOUNT_DELETED };
    },
  );
};
