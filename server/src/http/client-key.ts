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
