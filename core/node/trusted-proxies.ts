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
  for (const [family, covering] of wholeInternet(entries.filter(isProxyAddress))) {
    problems.push(
      `TRUST_PROXY: ${covering.map((entry) => `"${entry}"`).join(', ')} ${covering.length === 1 ? 'covers' : 'together cover'} every ${family} address, ` +
        'so any client could name itself in X-Forwarded-For (the same as the refused "true"); list only the addresses or ranges of your proxies',
    );
  }
  return entries;
}

interface Range {
  entry: string;
  first: bigint;
  last: bigint;
}

/**
 * The address families (IPv4, IPv6) whose whole space the ranges cover between them, with the
 * ranges that do it. An IPv4-mapped IPv6 range (::ffff:0:0/96) counts as the IPv4 range it maps.
 */
function wholeInternet(entries: string[]): [string, string[]][] {
  const byFamily = new Map<4 | 6, Range[]>([
    [4, []],
    [6, []],
  ]);
  for (const entry of entries) {
    if (PROXY_RANGE_NAMES.has(entry)) continue;
    const [address = '', prefixText] = entry.split('/');
    let family: 4 | 6 = isIP(address) === 4 ? 4 : 6;
    let value = family === 4 ? ipv4Value(address) : ipv6Value(address);
    let prefix = prefixText === undefined ? (family === 4 ? 32 : 128) : Number(prefixText);
    if (family === 6 && value >> 32n === 0xffffn && prefix >= 96) {
      family = 4;
      value &= 0xffffffffn;
      prefix -= 96;
    }
    const hostBits = BigInt((family === 4 ? 32 : 128) - prefix);
    const first = (value >> hostBits) << hostBits;
    byFamily.get(family)?.push({ entry, first, last: first + (1n << hostBits) - 1n });
  }
  const covered: [string, string[]][] = [];
  for (const [family, ranges] of byFamily) {
    const end = (1n << (family === 4 ? 32n : 128n)) - 1n;
    ranges.sort((a, b) => (a.first < b.first ? -1 : a.first > b.first ? 1 : 0));
    let next = 0n;
    const used: string[] = [];
    for (const range of ranges) {
      if (range.first > next) break;
      if (range.last >= next) {
        used.push(range.entry);
        next = range.last + 1n;
      }
    }
    if (next > end) covered.push([family === 4 ? 'IPv4' : 'IPv6', used]);
  }
  return covered;
}

function ipv4Value(address: string): bigint {
  return address.split('.').reduce((value, part) => (value << 8n) | BigInt(Number(part)), 0n);
}

function ipv6Value(address: string): bigint {
  let text = address.replace(/%.*$/, '');
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text)?.[1];
  if (dotted) {
    const v4 = ipv4Value(dotted);
    text = `${text.slice(0, -dotted.length)}${(v4 >> 16n).toString(16)}:${(v4 & 0xffffn).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const headGroups = head === '' ? [] : head.split(':');
  const tailGroups = tail === undefined || tail === '' ? [] : tail.split(':');
  const groups =
    tail === undefined ? headGroups : [...headGroups, ...Array<string>(8 - headGroups.length - tailGroups.length).fill('0'), ...tailGroups];
  return groups.reduce((value, group) => (value << 16n) | BigInt(parseInt(group, 16)), 0n);
}

function isProxyAddress(entry: string): boolean {
  if (PROXY_RANGE_NAMES.has(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128);
}
