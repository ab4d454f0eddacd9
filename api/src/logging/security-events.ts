import type { FastifyRequest } from 'fastify';
import { DomainError } from '../domain-error';

/**
 * The security events the server logs (docs/security.md, "Security events"), each a pino line with
 * `event`, `userId` (when known), `client` (the client address), `outcome` and the request's
 * `reqId`. Never a password, token, cookie or email address.
 */
export type SecurityEvent =
  | 'login-succeeded'
  /** A sign-in with a wrong password or an unknown email. */
  | 'login-failed'
  /** A password check refused by the limits of an account (per account and client, or the account's ceiling). */
  | 'account-locked'
  /** A rotated refresh token shown again: its session family ends (D4). */
  | 'refresh-token-reused'
  /** A refresh token refused for another reason: unknown, idle, or of an ended or expired session. */
  | 'refresh-token-refused'
  | 'password-changed'
  /** A signed-in change with a wrong current password. */
  | 'password-change-failed'
  /** A wrong password given again to end sessions or delete the account (`reason` says which). */
  | 'password-confirmation-failed'
  /** The caller ended one of their other sessions (`reason` `one`) or all of them (`all-others`). */
  | 'sessions-ended'
  /** The caller deleted their account (its orders kept without personal details). */
  | 'account-deleted'
  | 'password-reset-requested'
  | 'password-reset-completed'
  /** A reset with an unknown, used or expired link. */
  | 'password-reset-refused'
  /** A signed-in request for an address or order that is not the caller's (or not there): its route answered 404. */
  | 'access-denied'
  /** Any answer 429: a rate limit refused the request. */
  | 'request-throttled';

export type SecurityOutcome = 'success' | 'failure' | 'refused';

export interface SecurityEventFields {
  outcome: SecurityOutcome;
  /** The user concerned, when known; by default the request's session's. */
  userId?: string | null;
  /** Why, in a word (e.g. `idle`, `wrong-current-password`). */
  reason?: string;
  /** The route refused (its pattern, e.g. `/api/orders/:id`): never the URL, which may carry a token. */
  route?: string | undefined;
}

/** Logs `event` through the request's logger: successes at info, the rest at warn. */
export function logSecurityEvent(request: FastifyRequest, event: SecurityEvent, fields: SecurityEventFields): void {
  const { outcome, userId = request.checkedSession?.userId ?? null, reason, route } = fields;
  const line = { event, userId, client: request.ip, outcome, ...(reason ? { reason } : {}), ...(route ? { route } : {}) };
  if (outcome === 'success') request.log.info(line, `security event: ${event}`);
  else request.log.warn(line, `security event: ${event}`);
}

/** A promise's `catch`: logs `event` when the refusal is a rate limit's (throttled), then rethrows. */
export function whenThrottled(request: FastifyRequest, event: SecurityEvent, fields: SecurityEventFields): (error: unknown) => never {
  return (error) => {
    if (error instanceof DomainError && error.reason === 'throttled') logSecurityEvent(request, event, fields);
    throw error;
  };
}

/**
 * The events an answer's status tells by itself, whatever the route: a 429, and a 404 from a
 * signed-in route (its resource is another user's or gone: the server does not say which).
 */
export function logAnswerEvents(request: FastifyRequest, statusCode: number): void {
  if (statusCode === 429) logSecurityEvent(request, 'request-throttled', { outcome: 'refused', route: request.routeOptions.url });
  else if (statusCode === 404 && request.checkedSession && !request.is404) {
    logSecurityEvent(request, 'access-denied', { outcome: 'refused', route: request.routeOptions.url });
  }
}
