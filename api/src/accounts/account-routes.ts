import cookie from '@fastify/cookie';
import type { FastifyInstance } from 'fastify';
import { activeSessionRoutes } from './active-session-routes';
import { loginRoutes } from './login-route';
import { passwordRoutes } from './password-routes';
import { privacyRoutes } from './privacy-routes';
import { profileRoutes } from './profile-routes';
import { sessionRoutes } from './session-routes';
import { verificationRoutes } from './verification-routes';

/**
 * Every /api/users/* call of SPEC section 7 (docs/wire-format.md), in a scope of their own for
 * their cookie and their no-store answers; their services come from account-services.ts.
 */
export async function accountRoutes(app: FastifyInstance): Promise<void> {
  // Account answers (tokens, profile data, errors) must not be kept by any cache. A hook of this
  // scope only: the catalogue's answers are cached on purpose, and skip it.
  app.addHook('onSend', (_request, reply, payload, done) => {
    reply.header('cache-control', 'no-store');
    done(null, payload);
  });
  // Cookies only for the account routes: the device marker (device-marker.ts) is the only one.
  await app.register(cookie, { secret: app.deviceMarkers.signingKey });
  await app.register(loginRoutes);
  await app.register(sessionRoutes);
  await app.register(passwordRoutes);
  await app.register(profileRoutes);
  await app.register(privacyRoutes);
  await app.register(verificationRoutes);
  await app.register(activeSessionRoutes);
}
