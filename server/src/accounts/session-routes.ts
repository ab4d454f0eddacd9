import type { FastifyInstance } from 'fastify';
import { HttpError } from '../http/http-error';
import { parseInput } from '../http/parse-input';
import type { AccountContext } from './account-context';
import { loginBody, registerBody } from './account-schemas';
import { bearerToken } from './account-context';
import { passwordProblem } from './password-rules';
import { SECRET_TOKEN_PATTERN } from './secret-token';

const BAD_CREDENTIALS = 'Invalid email or password.';

/** Sign-up, login, refresh (D4) and logout (D7). */
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

  // Only failures count towards the login limits, per account and per client; a success clears
  // the account's count. Unknown email and wrong password cost the same argon2 work.
  app.post('/api/users/login', async (request) => {
    const body = parseInput(loginBody, request.body);
    const account = body.email.trim().toLowerCase();
    await ctx.throttle.ensureBelow('login-client', request.ip, limits.loginPerClient);
    await ctx.throttle.ensureBelow('login-account', account, limits.loginPerAccount);
    const user = await ctx.store.findByEmail(body.email);
    const ok = user ? await ctx.hasher.verify(user.password_hash, body.password) : await ctx.hasher.verifyDummy(body.password);
    if (!user || !ok) {
      await ctx.throttle.hit('login-client', request.ip);
      await ctx.throttle.hit('login-account', account);
      throw new HttpError(401, BAD_CREDENTIALS);
    }
    await ctx.throttle.reset('login-account', account);
    const tokens = await ctx.sessions.open(user.id);
    return { ...tokens, user: await ctx.store.toWire(user), message: 'Login successful.' };
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
