import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../http/api-errors';
import { HttpError } from '../http/http-error';
import { bearerToken } from '../auth/authentication';
import { emailTakenAnswer, okMessage, registerAnswer, registerBody, sessionPair } from './account-schemas';
import { passwordProblem } from './password-rules';
import { SECRET_TOKEN_PATTERN } from '../auth/secret-token';
import { RefreshRefused } from '../auth/session-tokens';
import { logSecurityEvent } from '../logging/security-events';
import { clientKey } from '../http/client-key';

const EMAIL_TAKEN = { success: false, message: 'This email address is already registered. Please log in.', error: 'EMAIL_TAKEN' } as const;

/**
 * Sign-up, refresh (D4) and logout (D7); login is in login-route.ts. Refresh and logout are public
 * routes that check their bearer themselves: it may be a refresh token, which the auth hook
 * (auth/authentication.ts) does not accept.
 */
export const sessionRoutes: FastifyPluginAsyncZod = async (app) => {
  const limits = app.config.rateLimits;

  app.post(
    '/api/users/register',
    {
      config: { public: true },
      schema: { body: registerBody, response: { 201: registerAnswer, 409: emailTakenAnswer, ...errorResponses(400, 429) } },
    },
    async (request, reply) => {
      const { body } = request;
      const problem = passwordProblem(body.password, undefined, { userName: body.userName, email: body.email });
      if (problem) throw new HttpError(400, problem);
      await app.throttle.consume('register-client', clientKey(request.ip), limits.registerPerClient);
      if (await app.accounts.findByEmail(body.email)) return reply.code(409).send(EMAIL_TAKEN);
      const passwordHash = await app.hasher.hash(body.password);
      const now = app.clock.now();
      const user = await app.accounts.insert({ email: body.email, userName: body.userName, passwordHash, now });
      if (!user) return reply.code(409).send(EMAIL_TAKEN);
      if (body.consents) {
        // D24: the privacy notice acknowledged, and marketing messages only as opted into, each with its text's version.
        await app.consents.record(user.id, 'privacy-notice', true, now);
        await app.consents.record(user.id, 'marketing', body.consents.marketing, now);
      }
      return reply.code(201).send({ success: true, user: await app.accounts.toWire(user), message: 'User registered successfully.' });
    },
  );

  app.get(
    '/api/users/refresh',
    { config: { public: true }, schema: { response: { 200: sessionPair, ...errorResponses(401) } } },
    async (request) =>
      app.sessions.rotate(bearerToken(request)).catch((error: unknown) => {
        if (error instanceof RefreshRefused) {
          const event = error.why === 'reused' ? 'refresh-token-reused' : 'refresh-token-refused';
          logSecurityEvent(request, event, { outcome: 'refused', userId: error.userId, reason: error.why });
        }
        throw error;
      }),
  );

  // The bearer is the access token, or the refresh token (an opaque secret, never a JWT): a
  // client whose access token expired can still end its session on the server.
  app.get(
    '/api/users/logout',
    { config: { public: true }, schema: { response: { 200: okMessage, ...errorResponses(401) } } },
    async (request) => {
      const token = bearerToken(request);
      if (token !== undefined && SECRET_TOKEN_PATTERN.test(token)) {
        await app.sessions.revokeByRefreshToken(token);
      } else {
        const session = await app.sessions.authenticate(token);
        await app.sessions.revokeFamily(session.familyId);
      }
      return { success: true as const, message: 'Logged out successfully.' };
    },
  );
};
