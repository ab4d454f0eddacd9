import { jwtDecode } from 'jwt-decode';
import type { TokenDecoder } from '@shop/core/ports/token-decoder';

/** Reads `exp` (seconds) from a JWT; anything undecodable or without a numeric `exp` is null. */
export class JwtTokenDecoder implements TokenDecoder {
  expiresAt(token: string): number | null {
    try {
      const { exp } = jwtDecode<{ exp?: unknown }>(token);
      return typeof exp === 'number' && Number.isFinite(exp) ? exp * 1000 : null;
    } catch {
      return null;
    }
  }
}
