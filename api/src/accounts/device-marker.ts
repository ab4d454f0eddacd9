import { createHmac, hkdfSync, randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ServerClock } from '../time/server-clock';

export const DEVICE_MARKER_MAX_AGE_MS = 30 * 24 * 60 * 60 * 1000;
const COOKIE_PREFIX = 'sf_device_';
/**
 * Over https the name starts with `__Secure-`: browsers then accept the cookie only with Secure
 * from an https page, so a plain-http page or a sibling subdomain on http cannot plant or replace
 * it. (`__Host-` would need Path=/, sending it with every request.) Plain http (development)
 * keeps the bare name, which is all a browser accepts there.
 */
const SECURE_PREFIX = '__Secure-';
/** Sent with every account call (login and the current-password check), nowhere else. */
const COOKIE_PATH = '/api/users';

/**
 * "This browser signed in to this account before": a signed cookie set on a successful login. A
 * login presenting it is not held by the per-account ceiling, so attackers failing from many
 * clients cannot lock the owner out of a device they used before. It proves nothing else (it is
 * no credential: the password is still checked, and the per-(account, client) limit still applies).
 * One cookie per account, so a shared browser keeps a marker for each of its accounts.
 */
export class DeviceMarkers {
  /** The cookie signing key (@fastify/cookie), derived from the JWT secret for this use only. */
  readonly signingKey: Buffer;
  private readonly tagKey: Buffer;

  constructor(
    jwtSecret: string,
    private readonly secure: boolean,
    private readonly clock: ServerClock,
  ) {
    this.signingKey = Buffer.from(hkdfSync('sha256', jwtSecret, 'storefront', 'device-marker-signing', 32));
    this.tagKey = Buffer.from(hkdfSync('sha256', jwtSecret, 'storefront', 'device-marker-account', 32));
  }

  set(reply: FastifyReply, emailKey: string): void {
    const tag = this.tag(emailKey);
    const value = `${tag}.${this.clock.now().getTime().toString(36)}.${randomBytes(12).toString('base64url')}`;
    // A marker under the name before the prefix is replaced by the prefixed one.
    if (this.secure && reply.request.cookies[COOKIE_PREFIX + tag] !== undefined) {
      reply.clearCookie(COOKIE_PREFIX + tag, { httpOnly: true, sameSite: 'strict', secure: true, path: COOKIE_PATH });
    }
    reply.setCookie(this.cookieName(tag), value, {
      signed: true,
      httpOnly: true,
      sameSite: 'strict',
      secure: this.secure,
      path: COOKIE_PATH,
      maxAge: DEVICE_MARKER_MAX_AGE_MS / 1000,
    });
  }

  /** True when the request carries an intact, unexpired marker issued for this account. */
  isPresented(request: FastifyRequest, emailKey: string): boolean {
    const tag = this.tag(emailKey);
    // Markers set before the prefix (at most 30 days old) are still read, until their next login
    // replaces them: this fallback can go 30 days after the prefix shipped.
    const raw = request.cookies[this.cookieName(tag)] ?? request.cookies[COOKIE_PREFIX + tag];
    if (!raw) return false;
    const { valid, value } = request.unsignCookie(raw);
    if (!valid || value === null) return false;
    const [markerTag, issued] = value.split('.');
    const issuedAt = Number.parseInt(issued ?? '', 36);
    const age = this.clock.now().getTime() - issuedAt;
    // The cookie's own expiry is the browser's business; the server enforces the age itself.
    return markerTag === tag && Number.isFinite(issuedAt) && age >= 0 && age < DEVICE_MARKER_MAX_AGE_MS;
  }

  private cookieName(tag: string): string {
    return (this.secure ? SECURE_PREFIX : '') + COOKIE_PREFIX + tag;
  }

  /** Names the account without revealing its address (keyed, so not guessable from an email list). */
  private tag(emailKey: string): string {
    return createHmac('sha256', this.tagKey).update(emailKey).digest('base64url').slice(0, 22);
  }
}
