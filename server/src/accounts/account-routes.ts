import cookie from '@fastify/cookie';
import type { FastifyInstance } from 'fastify';
import { AccountStore } from './account-store';
import { activeSessionRoutes } from './active-session-routes';
import { DeviceMarkers } from './device-marker';
import { loginRoutes } from './login-route';
import { MailTokens } from './mail-tokens';
import { PasswordCheckGate } from './password-check-gate';
import { createPasswordHasher, type PasswordHasher } from './password-hasher';
import { passwordRoutes } from './password-routes';
import { privacyRoutes } from './privacy-routes';
import { profileRoutes } from './profile-routes';
import { sessionRoutes } from './session-routes';
import { Throttle } from '../auth/throttle';
import { verificationRoutes } from './verification-routes';

declare module 'fastify' {
  // Decorated inside the accounts plugin only (encapsulated): the catalogue never sees them.
  interface FastifyInstance {
    store: AccountStore;
    hasher: PasswordHasher;
    mailTokens: MailTokens;
    throttle: Throttle;
    /** The limits on checking an account's password (login, current password). */
    passwordChecks: PasswordCheckGate;
    deviceMarkers: DeviceMarkers;
  }
}

/** Every /api/users/* call of SPEC section 7 (docs/wire-format.md), with the services they share. */
export async function accountRoutes(app: FastifyInstance): Promise<void> {
  const { config, db, clock } = app;
  const throttle = new Throttle(db, clock, config.rateLimits.windowMs);
  app.decorate('store', new AccountStore(db));
  app.decorate('hasher', createPasswordHasher(config.argon2));
  app.decorate('mailTokens', new MailTokens(db, clock, app.mailOutbox));
  app.decorate('throttle', throttle);
  app.decorate('passwordChecks', new PasswordCheckGate(throttle, config.rateLimits));
  app.decorate('deviceMarkers', new DeviceMarkers(config.jwtSecret, config.publicUrl.startsWith('https:'), clock));
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
