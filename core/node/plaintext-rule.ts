import { isIP } from 'node:net';

/**
 * Production's rule for connections (issue 34), shared by the API's and the storefront's
 * configuration: nothing travels in clear text to another machine unless the operator says so.
 */

/** localhost, 127.0.0.0/8, ::1 (and its IPv4-mapped forms): traffic that never leaves the machine. */
export function isLoopbackHost(host: string): boolean {
  const bare = host.replace(/^\[|\]$/g, '').toLowerCase();
  if (bare === 'localhost' || bare.endsWith('.localhost')) return true;
  if (isIP(bare) === 4) return bare.startsWith('127.');
  if (isIP(bare) === 6) return bare === '::1' || /^::ffff:127\./.test(bare) || /^(?:0{1,4}:){7}0{0,3}1$/.test(bare);
  return false;
}

/** A URL's query flag read as nodemailer and pg read them: true, 1, yes; false, 0, no. */
function flag(url: URL, key: string): boolean | undefined {
  const value = url.searchParams.get(key)?.toLowerCase();
  if (value === undefined) return undefined;
  if (['true', '1', 'yes'].includes(value)) return true;
  if (['false', '0', 'no'].includes(value)) return false;
  return undefined;
}

/** sslmode values with which pg encrypts (pg-connection-string); `disable` and unset do not. */
const PG_TLS_MODES = new Set(['prefer', 'require', 'verify-ca', 'verify-full', 'no-verify']);

/**
 * Why a connection to another machine would travel unencrypted, or undefined when it is TLS or
 * stays on this machine (loopback, a Unix socket). `kind`: which setting's rules apply.
 */
export function plaintextReason(kind: 'postgres' | 'redis' | 'smtp' | 'http', raw: string): { reason: string; fix: string } | undefined {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return undefined; // the URL check reports it
  }
  if (kind === 'postgres') {
    // libpq's `host` parameter overrides the URL's host; a path there is a Unix socket.
    const host = url.searchParams.get('host') ?? url.hostname;
    if (host === '' || host.startsWith('/') || isLoopbackHost(host)) return undefined;
    const mode = url.searchParams.get('sslmode');
    if ((mode !== null && PG_TLS_MODES.has(mode)) || flag(url, 'ssl') === true || url.searchParams.has('sslrootcert')) return undefined;
    return mode === 'disable'
      ? { reason: 'sslmode=disable', fix: 'use sslmode=verify-full' }
      : { reason: 'postgres:// without sslmode', fix: 'add ?sslmode=verify-full' };
  }
  if (isLoopbackHost(url.hostname)) return undefined;
  if (kind === 'redis') return url.protocol === 'redis:' ? { reason: 'redis://', fix: 'use rediss://' } : undefined;
  if (kind === 'http') return url.protocol === 'http:' ? { reason: 'http://', fix: 'use https://' } : undefined;
  if (url.protocol !== 'smtp:') return undefined;
  // smtp:// upgrades with STARTTLS and requires it (mail/smtp-mailer.ts) unless its query says otherwise.
  if (flag(url, 'ignoreTLS') === true) return { reason: 'smtp:// with ignoreTLS=true', fix: 'drop it, or use smtps://' };
  if (flag(url, 'requireTLS') === false) return { reason: 'smtp:// with requireTLS=false', fix: 'drop it, or use smtps://' };
  return undefined;
}

/** The explicit opt-out of the plaintext rule (a private network the operator vouches for). */
export const PLAINTEXT_OPT_OUT = 'ALLOW_PLAINTEXT_INTERNAL';

/**
 * Production's plaintext rule for the connections named in `urls`: each one that would travel
 * unencrypted to another machine is a problem, or, with ALLOW_PLAINTEXT_INTERNAL=1, a warning
 * the start log repeats.
 */
export function plaintextRule(
  env: NodeJS.ProcessEnv,
  urls: { name: string; kind: Parameters<typeof plaintextReason>[0]; value: string | undefined }[],
  problems: string[],
  warnings: string[],
): void {
  const optedOut = env[PLAINTEXT_OPT_OUT]?.trim() === '1';
  for (const { name, kind, value } of urls) {
    const found = value?.trim() ? plaintextReason(kind, value.trim()) : undefined;
    if (found === undefined) continue;
    if (optedOut) {
      warnings.push(`${name} travels unencrypted (${found.reason}): allowed by ${PLAINTEXT_OPT_OUT}=1`);
    } else {
      problems.push(
        `${name}: unencrypted to another machine in production (${found.reason}): ${found.fix}, or set ${PLAINTEXT_OPT_OUT}=1 if this network is private and trusted`,
      );
    }
  }
}

/** A URL with its password replaced by `***`, for messages and logs. */
export function withoutPassword(raw: string): string {
  try {
    const url = new URL(raw);
    if (url.password) url.password = '***';
    return url.toString();
  } catch {
    return '(not a URL)';
  }
}
