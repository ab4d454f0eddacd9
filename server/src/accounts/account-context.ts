import type { FastifyRequest } from 'fastify';
import type { Config } from '../config';
import type { Db } from '../db/types';
import type { Mailer } from '../mail/mailer';
import type { UserEvents } from '../realtime/user-events';
import type { ServerClock } from '../time/server-clock';
import { AccountStore } from './account-store';
import { DeviceMarkers } from './device-marker';
import { MailTokens } from './mail-tokens';
import { PasswordCheckGate } from './password-check-gate';
import { createPasswordHasher, type PasswordHasher } from './password-hasher';
import { type Session, SessionTokens } from './session-tokens';
import { Throttle } from './throttle';

/** Everything the account routes share, built once per app. */
export interface AccountContext {
  config: Config;
  db: Db;
  clock: ServerClock;
  store: AccountStore;
  hasher: PasswordHasher;
  sessions: SessionTokens;
  mailTokens: MailTokens;
  throttle: Throttle;
  /** The limits on checking an account's password (login, current password). */
  passwordChecks: PasswordCheckGate;
  deviceMarkers: DeviceMarkers;
  mailer: Mailer;
  events: UserEvents;
  /** The caller's live session from `Authorization: Bearer <access token>`, or a 401. */
  authenticate(request: FastifyRequest): Promise<Session>;
}

export function createAccountContext(deps: {
  config: Config;
  db: Db;
  clock: ServerClock;
  mailer: Mailer;
  events: UserEvents;
}): AccountContext {
  const sessions = new SessionTokens(deps.db, deps.config.jwtSecret, deps.clock, {
    refreshIdleMs: deps.config.refreshIdleMs,
    onRevoked: (familyIds) => deps.events.sessionsRevoked(familyIds),
  });
  const throttle = new Throttle(deps.db, deps.clock, deps.config.rateLimits.windowMs);
  return {
    config: deps.config,
    db: deps.db,
    clock: deps.clock,
    store: new AccountStore(deps.db),
    hasher: createPasswordHasher(deps.config.argon2),
    sessions,
    mailTokens: new MailTokens(deps.db, deps.clock),
    throttle,
    passwordChecks: new PasswordCheckGate(throttle, deps.config.rateLimits),
    deviceMarkers: new DeviceMarkers(deps.config.jwtSecret, deps.config.publicUrl.startsWith('https:'), deps.clock),
    mailer: deps.mailer,
    events: deps.events,
    authenticate: (request) => sessions.authenticate(bearerToken(request)),
  };
}

/** The token of an `Authorization: Bearer <token>` header, if well-formed. */
export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (typeof header !== 'string') return undefined;
  const match = /^Bearer +([A-Za-z0-9._~+/=-]{1,4096})$/i.exec(header.trim());
  return match?.[1];
}
