/**
 * Why a domain operation refused, in domain words. Persistence and services throw it; the HTTP
 * edge (http/api-errors.ts) alone turns a reason into a status code.
 */
export type DomainErrorReason =
  /** No live session for the presented access token. */
  | 'unauthenticated'
  /** The refresh token is unknown, rotated, idle or of an ended family. */
  | 'refresh-refused'
  /** A rate limit's window is full. */
  | 'throttled'
  /** The thing asked for is not there (or not the caller's). */
  | 'not-found'
  /** A per-user ceiling (e.g. saved addresses) is reached. */
  | 'limit-reached'
  /** The request names something that cannot be used (e.g. a product not in the catalogue). */
  | 'invalid'
  /** The thing is not in a state that allows the change (e.g. cancelling a cancelled order). */
  | 'conflict'
  /** An Idempotency-Key already answered another request. */
  | 'key-reused';

export class DomainError extends Error {
  constructor(
    readonly reason: DomainErrorReason,
    message: string,
    /** For `throttled`: the seconds until the limit lets the caller in again (the answer's `Retry-After`). */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = 'DomainError';
  }
}
