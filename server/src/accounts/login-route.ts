import type { FastifyInstance } from 'fastify';
import { HttpError } from '../http/http-error';
import { parseInput } from '../http/parse-input';
import type { AccountContext } from './account-context';
import { loginBody } from './account-schemas';
import { emailKey } from './account-store';

const BAD_CREDENTIALS = 'Invalid email or password.';

/**
 * Login. Every attempt counts per client (argon2 work is the cost an attacker makes us pay);
 * failures count per (account, client) and per account (password-check-gate.ts), reserved before
 * the verify. Unknown email and wrong password cost the same argon2 work and count alike.
 */
export async function loginRoutes(app: FastifyInstance, opts: { ctx: AccountContext }): Promise<void> {
  const { ctx } = opts;

  app.post('/api/users/login', async (request, reply) => {
    const body = parseInput(loginBody, request.body);
    const account = emailKey(body.email);
    await ctx.throttle.consume('login-client', request.ip, ctx.config.rateLimits.loginPerClient);
    const ticket = await ctx.passwordChecks.open(account, request.ip, ctx.deviceMarkers.isPresented(request, account));
    const user = await ctx.store.findByEmail(body.email);
    const ok = user ? await ctx.hasher.verify(user.password_hash, body.password) : await ctx.hasher.verifyDummy(body.password);
    if (!user || !ok) throw new HttpError(401, BAD_CREDENTIALS);
    await ticket.succeeded();
    const tokens = await ctx.sessions.open(user.id);
    ctx.deviceMarkers.set(reply, user.email_key);
    return { ...tokens, user: await ctx.store.toWire(user), message: 'Login successful.' };
  });
}
