import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../http/api-errors';
import { HttpError } from '../http/http-error';
import { loginAnswer, loginBody } from './account-schemas';
import { emailKey } from '@shop/core/domain/email-address';
import { logSecurityEvent, whenThrottled } from '../logging/security-events';
import { describeDevice } from '../auth/session-device';
import { clientKey } from '../http/client-key';

const BAD_CREDENTIALS = 'Invalid email or password.';

/**
 * Login. Every attempt counts per client (argon2 work is the cost an attacker makes us pay);
 * failures count per (account, client) and per account (password-check-gate.ts), reserved before
 * the verify. Unknown email and wrong password cost the same argon2 work and count alike.
 */
export const loginRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/users/login',
    {
      config: { public: true },
      schema: { body: loginBody, response: { 200: loginAnswer, ...errorResponses(400, 401, 429) } },
    },
    async (request, reply) => {
      const { body } = request;
      const account = emailKey(body.email);
      await app.throttle.consume('login-client', clientKey(request.ip), app.config.rateLimits.loginPerClient);
      // Looked up first so that a lockout's log names the account (security-events.ts).
      const user = await app.accounts.findByEmail(body.email);
      const ticket = await app.passwordChecks
        .open(account, clientKey(request.ip), app.deviceMarkers.isPresented(request, account))
        .catch(whenThrottled(request, 'account-locked', { outcome: 'refused', userId: user?.id ?? null, reason: 'login' }));
      const ok = user ? await app.hasher.verify(user.password_hash, body.password) : await app.hasher.verifyDummy(body.password);
      if (!user || !ok) {
        const reason = user ? 'wrong-password' : 'unknown-email';
        logSecurityEvent(request, 'login-failed', { outcome: 'failure', userId: user?.id ?? null, reason });
        throw new HttpError(401, BAD_CREDENTIALS);
      }
      await ticket.succeeded();
      logSecurityEvent(request, 'login-succeeded', { outcome: 'success', userId: user.id });
      const tokens = await app.sessions.open(user.id, undefined, describeDevice(request.headers['user-agent']));
      app.deviceMarkers.set(reply, user.email_key);
      return { ...tokens, user: await app.accounts.toWire(user), message: 'Login successful.' };
    },
  );
};
