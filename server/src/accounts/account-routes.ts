import cookie from '@fastify/cookie';
import type { FastifyInstance } from 'fastify';
import type { AccountContext } from './account-context';
import { loginRoutes } from './login-route';
import { passwordRoutes } from './password-routes';
import { profileRoutes } from './profile-routes';
import { sessionRoutes } from './session-routes';
import { verificationRoutes } from './verification-routes';

/** Every /api/users/* call of SPEC section 7 (docs/wire-format.md). */
export async function accountRoutes(app: FastifyInstance, opts: { ctx: AccountContext }): Promise<void> {
  // Cookies only for the account routes: the device marker (device-marker.ts) is the only one.
  await app.register(cookie, { secret: opts.ctx.deviceMarkers.signingKey });
  await app.register(loginRoutes, opts);
  await app.register(sessionRoutes, opts);
  await app.register(passwordRoutes, opts);
  await app.register(profileRoutes, opts);
  await app.register(verificationRoutes, opts);
}
