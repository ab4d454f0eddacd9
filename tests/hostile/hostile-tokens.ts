import { decodeJwt, SignJWT, UnsecuredJWT, type JWTPayload } from 'jose';
import type { HostileTarget } from './hostile-target';

/** The kinds of credential a generated request carries; the tokens themselves are never printed. */
export const authKinds = [
  'none',
  'valid',
  'other-kind',
  'expired',
  'not-yet-valid',
  'wrong-typ',
  'no-typ',
  'wrong-signature',
  'tampered',
  'alg-none',
  'hs512',
  'no-sid',
  'sid-not-string',
  'unknown-user',
  'revoked',
  'garbage',
  'too-long',
  'bearer-only',
  'basic-scheme',
  'no-scheme',
] as const;
export type AuthKind = (typeof authKinds)[number];

export type TokenSet = Record<Exclude<AuthKind, 'none' | 'garbage' | 'bearer-only' | 'basic-scheme' | 'no-scheme'>, string>;

const REFRESH_URL = '/api/users/refresh';

/**
 * Bad credentials for the signed-in user of `target`, built the way the server signs (HS256,
 * `sub`, `sid`, `typ: 'access'`, `exp`, on the server's fake clock), each wrong in one way.
 */
export async function buildTokenSet(target: HostileTarget): Promise<TokenSet> {
  const { accessToken, refreshToken, userId } = target.session;
  const { sid: sidClaim, iss, aud } = decodeJwt(accessToken);
  const sid = String(sidClaim);
  const key = new TextEncoder().encode(target.config.jwtSecret);
  const now = Math.floor(target.clock.now().getTime() / 1000);
  const sign = (claims: JWTPayload, options: { alg?: string; secret?: Uint8Array; iat?: number; exp?: number } = {}) =>
    // The server's iss and aud, so each token is wrong only in the way its kind says.
    new SignJWT({ iss, aud, ...claims })
      .setProtectedHeader({ alg: options.alg ?? 'HS256', typ: 'JWT' })
      .setSubject(String(claims.sub ?? userId))
      .setIssuedAt(options.iat ?? now)
      .setExpirationTime(options.exp ?? now + 900)
      .sign(options.secret ?? key);
  const [header, , signature] = accessToken.split('.');
  const otherPayload = Buffer.from(JSON.stringify({ typ: 'access', sid, sub: 'someone-else', exp: now + 900 })).toString('base64url');

  // A session of the same user that has been logged out.
  const login = await target.app.inject({
    method: 'POST',
    url: '/api/users/login',
    payload: { email: target.email, password: 'Str0ng!Pass' },
  });
  const revoked = String(login.json().accessToken);
  await target.app.inject({ method: 'GET', url: '/api/users/logout', headers: { authorization: `Bearer ${revoked}` } });

  return {
    valid: accessToken,
    // On the refresh route the wrong kind is an access token; elsewhere, the refresh token. The
    // live refresh token is never sent to the refresh route: rotating it and then showing it again
    // would revoke the family on a 401, which D4 wants (reuse detection), not a bug.
    'other-kind': refreshToken,
    expired: await sign({ typ: 'access', sid }, { iat: now - 7200, exp: now - 3600 }),
    'not-yet-valid': await new SignJWT({ typ: 'access', sid })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(userId)
      .setNotBefore(now + 3600)
      .setExpirationTime(now + 7200)
      .sign(key),
    'wrong-typ': await sign({ typ: 'refresh', sid }),
    'no-typ': await sign({ sid }),
    'wrong-signature': await sign({ typ: 'access', sid }, { secret: new TextEncoder().encode('not-the-server-secret-0123456789abcdef') }),
    tampered: `${header}.${otherPayload}.${signature}`,
    'alg-none': new UnsecuredJWT({ typ: 'access', sid })
      .setSubject(userId)
      .setExpirationTime(now + 900)
      .encode(),
    hs512: await sign({ typ: 'access', sid }, { alg: 'HS512' }),
    'no-sid': await sign({ typ: 'access' }),
    'sid-not-string': await sign({ typ: 'access', sid: 12345 }),
    'unknown-user': await sign({ typ: 'access', sid: '0123456789abcdef01234567', sub: 'fedcba9876543210fedcba98' }),
    revoked,
    'too-long': 'a'.repeat(5000),
  };
}

/** The Authorization header for `kind` on `routeUrl` (`garbage` carries its own generated text). */
export function authHeader(kind: AuthKind, garbage: string, tokens: TokenSet, routeUrl: string): Record<string, string> {
  switch (kind) {
    case 'none':
      return {};
    case 'garbage':
      return { authorization: `Bearer ${garbage}` };
    case 'bearer-only':
      return { authorization: 'Bearer' };
    case 'basic-scheme':
      return { authorization: 'Basic dXNlcjpwYXNzd29yZA==' };
    case 'no-scheme':
      return { authorization: tokens.valid };
    case 'other-kind':
      return { authorization: `Bearer ${routeUrl === REFRESH_URL ? tokens.valid : tokens['other-kind']}` };
    default:
      return { authorization: `Bearer ${tokens[kind]}` };
  }
}
