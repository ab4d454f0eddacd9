/** A JWT segment: base64url of the UTF-8 text, without padding. */
function base64url(text: string): string {
  let binary = '';
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
}

/**
 * An unsigned JWT (`alg: none`) carrying `claims`: the real JwtTokenDecoder reads it, no server would
 * accept it. The fake account server mints these; tests build them with it too.
 */
export function unsignedJwt(claims: Record<string, unknown>, signature = 'unsigned'): string {
  return `${base64url(JSON.stringify({ alg: 'none', typ: 'JWT' }))}.${base64url(JSON.stringify(claims))}.${base64url(signature)}`;
}

/** An access token for `sub` that expires at `expiresAtMs` (`exp` in seconds, like the server's). */
export function unsignedAccessToken(expiresAtMs: number, sub = 'user-1'): string {
  return unsignedJwt({ sub, typ: 'access', exp: Math.floor(expiresAtMs / 1000) });
}
