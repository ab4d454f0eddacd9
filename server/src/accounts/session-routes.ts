import type { FastifyInstance } from 'fastify';
import { HttpError } from '../http/http-error';
import { parseInput } from '../http/parse-input';
import type { AccountContext } from './account-context';
import { registerBody } from './account-schemas';
import { bearerToken } from './account-context';
import { passwordProblem } from './password-rules';
import { SECRET_TOKEN_PATTERN } from './secret-token';

/** Sign-up, refresh (D4) and logout (D7); login is in login-route.ts. */
export async function sessionRoutes(app: FastifyInstance, opts: { ctx: AccountContext }): Promise<void> {
  const { ctx } = opts;
  const limits = ctx.config.rateLimits;

  app.post('/api/users/register', async (request, reply) => {
    const body = parseInput(registerBody, request.body);
    const problem = passwordProblem(body.password);
    if (problem) throw new HttpError(400, problem);
    await ctx.throttle.consume('register-client', request.ip, limits.registerPerClient);
    if (await ctx.store.findByEmail(body.email)) return duplicate(reply);
    const passwordHash = await ctx.hasher.hash(body.password);
    const user = await ctx.store.insert({ email: body.email, userName: body.userName, passwordHash, now: ctx.clock.now() });
    if (!user) return duplicate(reply);
    return reply.code(201).send({ success: true, user: await ctx.store.toWire(user), message: 'User registered successfully.' });
  });

  app.get('/api/users/refresh', async (request) => ctx.sessions.rotate(bearerToken(request)));

  // The bearer is the access token, or the refresh token (an opaque secret, never a JWT): a
  // client whose access token expired can still end its session on the server.
  app.get('/api/users/logout', async (request) => {
    const token = bearerToken(request);
    if (token !== undefined && SECRET_TOKEN_PATTERN.test(token)) {
      await ctx.sessions.revokeByRefreshToken(token);
    } else {
      const session = await ctx.authenticate(request);
      await ctx.sessions.revokeFamily(session.familyId);
    }
    return { success: true, message: 'Logged out successfully.' };
  });
}

function duplicate(reply: import('fastify').FastifyReply) {
  return reply.code(409).send({
    success: false,
    message: 'This email address is already registered. Please log in.',
    error: 'EMAIL_TAKEN',
  });
}
