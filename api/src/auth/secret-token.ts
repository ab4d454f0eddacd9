import { createHash, randomBytes } from 'node:crypto';

/** An opaque secret for refresh and mail tokens: 32 random bytes, base64url. */
export function newSecretToken(): string {
  return randomBytes(32).toString('base64url');
}

/** What the database keeps of a secret token. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** A 32-byte base64url token is 43 characters; anything else is rejected before any lookup. */
export const SECRET_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;
