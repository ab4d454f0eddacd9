import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../http/api-errors';
import { HttpError } from '../http/http-error';
import { logSecurityEvent } from '../logging/security-events';
import { passwordConfirmed } from './password-confirmation';

const activeSession = z.object({
  _id: z.string(),
  /** Browser name and major version from the sign-in's User-Agent; '' when unknown. */
  browser: z.string(),
  /** Operating system from the sign-in's User-Agent; '' when unknown. */
  os: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string(),
  /** The session of the access token that asks. */
  current: z.boolean(),
});

const sessionListAnswer = z.object({ success: z.literal(true), sessions: z.array(activeSession) });
const sessionParams = z.object({ id: z.string().regex(/^[0-9a-f]{24}$/, 'Session id must be 24 hex digits.') });
/** ASVS 7.5.2: ending sessions asks for the account's password again. */
const endBody = z.object({ currentPassword: z.string().min(1, 'The current password is required.').max(1024) });
const sessionEndedAnswer = z.object({ success: z.literal(true), message: z.string() });
const othersEndedAnswer = sessionEndedAnswer.extend({ ended: z.number().int() });

const NOT_FOUND = 'Session not found.';
const WRONG_PASSWORD = 'The current password is incorrect.';
const GONE = 'Unauthorized: invalid or expired access token.';

/**
 * The signed-in user's sessions (ASVS 7.5.2): list them, end one, end all but the caller's; ending
 * asks for the account's password again (password-confirmation.ts).
 * Authenticated (none is public) and scoped to the caller: another user's session id is a 404,
 * like an unknown one. An ended session's refresh token is refused at once, and so is its access
 * token (every authenticated call checks its family); its sockets are disconnected.
 */
export const activeSessionRoutes: FastifyPluginAsyncZod = async (app) => {
  const perUser = (userId: string) => app.throttle.consume('sessions-user', userId, app.config.rateLimits.sessionsPerUser);
  /** Counts the call, then checks the password given again (400 when wrong). */
  const confirmed = async (request: FastifyRequest, currentPassword: string): Promise<void> => {
    const { userId } = request.session;
    await perUser(userId);
    const user = await app.accounts.findById(userId);
    if (!user) throw new HttpError(401, GONE);
    if (!(await passwordConfirmed(app, request, user, currentPassword, 'end-sessions'))) throw new HttpError(400, WRONG_PASSWORD);
  };

  app.get(
    '/api/users/sessions',
    {
      schema: {
        summary: "The signed-in user's active sessions, most recently used first",
        response: { 200: sessionListAnswer, ...errorResponses(401, 429) },
      },
    },
    async (request) => {
      const { userId, familyId } = request.session;
      await perUser(userId);
      const sessions = await app.sessions.activeOf(userId);
      return {
        success: true as const,
        sessions: sessions.map((session) => ({
          _id: session.familyId,
          browser: session.device.browser,
          os: session.device.os,
          createdAt: session.createdAt,
          lastUsedAt: session.lastUsedAt,
          current: session.familyId === familyId,
        })),
      };
    },
  );

  app.post(
    '/api/users/sessions/:id/end',
    {
      schema: {
        summary: "Ends one of the signed-in user's sessions, the account's password given again",
        params: sessionParams,
        body: endBody,
        response: { 200: sessionEndedAnswer, ...errorResponses(400, 401, 404, 429) },
      },
    },
    async (request) => {
      await confirmed(request, request.body.currentPassword);
      if (!(await app.sessions.revokeOwn(request.session.userId, request.params.id))) throw new HttpError(404, NOT_FOUND);
      logSecurityEvent(request, 'sessions-ended', { outcome: 'success', reason: 'one' });
      return { success: true as const, message: 'Session ended.' };
    },
  );

  app.post(
    '/api/users/sessions/end-others',
    {
      schema: {
        summary: "Ends every session of the signed-in user but the caller's own, the account's password given again",
        body: endBody,
        response: { 200: othersEndedAnswer, ...errorResponses(400, 401, 429) },
      },
    },
    async (request) => {
      await confirmed(request, request.body.currentPassword);
      const { userId, familyId } = request.session;
      const ended = await app.sessions.revokeAllOf(userId, undefined, familyId);
      app.sessions.announceRevoked(ended);
      logSecurityEvent(request, 'sessions-ended', { outcome: 'success', reason: 'all-others' });
      return { success: true as const, message: 'Other sessions ended.', ended: ended.length };
    },
  );
};
