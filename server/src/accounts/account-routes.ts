import type { FastifyInstance } from 'fastify';
import type { AccountContext } from './account-context';
import { passwordRoutes } from './password-routes';
import { profileRoutes } from './profile-routes';
import { sessionRoutes } from './session-routes';
import { verificationRoutes } from './verification-routes';

/** Every /api/users/* call of SPEC section 7 (docs/wire-format.md). */
export async function accountRoutes(app: FastifyInstance, opts: { ctx: AccountContext }): Promise<void> {
  await app.register(sessionRoutes, opts);
  await app.register(passwordRoutes, opts);
  await app.register(profileRoutes, opts);
  await app.register(verificationRoutes, opts);
}
