import { isIP } from 'node:net';

/** proxy-addr's named ranges, accepted as Fastify's `trustProxy` accepts them. */
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/**
 * TRUST_PROXY: the proxies whose X-Forwarded-For names the client. `true` (any sender) is refused:
 * every per-client limit could then be dodged by a forged header.
 */
export function trustedProxies(raw: string, problems: string[]): string[] {
  const value = raw.trim();
  if (value === '' || value === 'false') return [];
  if (value === 'true') {
    problems.push(
      'TRUST_PROXY: "true" would believe any X-Forwarded-For; list the addresses or CIDR ranges of your proxies instead (comma-separated)',
    );
    return [];
  }
  const entries = value
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
  for (const entry of entries) {
    if (!isProxyAddress(entry))
      problems.push(`TRUST_PROXY: "${entry}" is no IP address, CIDR range or one of ${[...PROXY_RANGE_NAMES].join(', ')}`);
  }
  return entries;
}

function isProxyAddress(entry: string): boolean {
  if (PROXY_RANGE_NAMES.has(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128);
}
