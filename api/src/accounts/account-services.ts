import fp from 'fastify-plugin';
import { ConsentLog } from '../legal/consents';
import { AccountRepository } from './account-repository';
import { DeviceMarkers } from './device-marker';
import { MailTokens } from './mail-tokens';
import { PasswordCheckGate } from './password-check-gate';
import { createPasswordHasher, type PasswordHasher } from './password-hasher';

declare module 'fastify' {
  interface FastifyInstance {
    /** Users and their addresses (account-repository.ts). */
    accounts: AccountRepository;
    hasher: PasswordHasher;
    mailTokens: MailTokens;
    /** The limits on checking an account's password (login, current password). */
    passwordChecks: PasswordCheckGate;
    deviceMarkers: DeviceMarkers;
    /** The consent log (D24): sign-up, the profile and the privacy routes read and write it. */
    consents: ConsentLog;
  }
}

/** The account services, as decorators of the root instance: the account routes and the orders read them. */
export const accountServices = fp(
  async (app) => {
    const { config, db, clock } = app;
    app.decorate('accounts', new AccountRepository(db));
    app.decorate('hasher', createPasswordHasher(config.argon2));
    app.decorate('mailTokens', new MailTokens(db, clock, app.mailOutbox));
    app.decorate('passwordChecks', new PasswordCheckGate(app.throttle, config.rateLimits));
    app.decorate('deviceMarkers', new DeviceMarkers(config.jwtSecret, config.publicUrl.startsWith('https:'), clock));
    app.decorate('consents', new ConsentLog(db));
  },
  { name: 'account-services', dependencies: ['core-services'], fastify: '5.x' },
);
