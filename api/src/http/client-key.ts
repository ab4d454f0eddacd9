import ipaddr from 'ipaddr.js';

/**
 * The client a per-client limit counts (the throttles, the catalogue's budget): the exact address
 * for IPv4 (an IPv4-mapped IPv6 address, `::ffff:192.0.2.1`, is that IPv4 address), and the /64
 * prefix for IPv6, since one subscriber is routinely handed a whole /64 and could otherwise take a
 * fresh address for every request. Anything that is not an address stays as it is.
 */
export function clientKey(address: string): string {
  if (!ipaddr.isValid(address)) return address;
  const parsed = ipaddr.process(address);
  if (parsed.kind() === 'ipv4') return parsed.toString();
  const [a, b, c, d] = (parsed as ipaddr.IPv6).parts.map((part) => part.toString(16));
  return `${a}:${b}:${c}:${d}::/64`;
}

/** proxy-addr's named ranges (TRUST_PROXY accepts them, http/trusted-proxies.ts). */
const NAMED_RANGES: Record<string, string[]> = {
  loopback: ['127.0.0.1/8', '::1/128'],
  linklocal: ['169.254.0.0/16', 'fe80::/10'],
  uniquelocal: ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', 'fc00::/7'],
};

/**
 * Whether an address is one of `entries` (TRUST_PROXY's addresses, CIDR ranges and names), an
 * IPv4-mapped IPv6 address read as IPv4, as proxy-addr reads them.
 */
export function addressMatcher(entries: readonly string[]): (address: string) => boolean {
  const ranges = entries
    .flatMap(
      (entry) => NAMED_RANGES[entry] ?? [entry.includes('/') ? entry : `${entry}/${ipaddr.parse(entry).kind() === 'ipv4' ? 32 : 128}`],
    )
    .map((range) => ipaddr.parseCIDR(range));
  if (ranges.length === 0) return () => false;
  return (address) => {
    if (!ipaddr.isValid(address)) return false;
    const parsed = ipaddr.process(address);
    return ranges.some(([network, bits]) => network.kind() === parsed.kind() && parsed.match(network, bits));
  };
}
