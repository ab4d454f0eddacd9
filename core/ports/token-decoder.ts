/** Reads a JWT's expiry without verifying it (the server verifies). */
export interface TokenDecoder {
  /** Expiry in milliseconds since the epoch, or null when the token cannot be decoded. */
  expiresAt(token: string): number | null;
}
