import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';

/**
 * Decides whether the scrapers may open a connection to an IP address.
 *
 * The rule is an allow-list, not a deny-list: an IPv4 address must be plain global unicast and an IPv6
 * address must sit in 2000::/3 (the only block IANA hands out for global unicast). Anything ipaddr.js
 * classifies as special (private, loopback, link-local, CGNAT, multicast, broadcast, reserved,
 * documentation, benchmarking...) is refused. IPv6 forms that carry an IPv4 address (mapped, NAT64,
 * 6to4) are judged by the IPv4 address they carry, because that is where the packets end up.
 */
export function isForbiddenAddress(address: string): boolean {
  return forbiddenAddressReason(address) !== null;
}

/** Why an address is refused (ipaddr.js range name or our own label), or null when it is public. */
export function forbiddenAddressReason(address: string): string | null {
  const bare = stripBrackets(address);
  if (isIP(bare) === 0 || !ipaddr.isValid(bare)) return 'invalid';
  const parsed = ipaddr.parse(bare);
  return parsed.kind() === 'ipv4' ? ipv4Reason(parsed as ipaddr.IPv4) : ipv6Reason(parsed as ipaddr.IPv6);
}

function ipv4Reason(address: ipaddr.IPv4): string | null {
  const range = address.range();
  return range === 'unicast' ? null : range;
}

const GLOBAL_UNICAST_V6 = ipaddr.parseCIDR('2000::/3') as [ipaddr.IPv6, number];

function ipv6Reason(address: ipaddr.IPv6): string | null {
  const words = address.parts;
  const range = address.range();

  if (range === 'ipv4Mapped' || range === 'rfc6145') {
    return embeddedReason(words[6], words[7], range);
  }
  // ::a.b.c.d ("IPv4-compatible", deprecated by RFC 4291) has no legitimate public use; some stacks
  // still route it to the embedded IPv4 address, so it is refused outright. :: and ::1 land here too.
  if (words.slice(0, 6).every((word) => word === 0)) {
    return range === 'unicast' ? 'ipv4Compatible' : range;
  }
  if (range === 'rfc6052') return embeddedReason(words[6], words[7], range);
  if (range === '6to4') return embeddedReason(words[1], words[2], range);
  // Teredo obfuscates the client address and tunnels over UDP: nothing a review site needs.
  if (range !== 'unicast') return range;
  if (!address.match(GLOBAL_UNICAST_V6)) return 'notGlobalUnicast';
  return null;
}

function embeddedReason(high: number, low: number, via: string): string | null {
  const embedded = new ipaddr.IPv4([high >> 8, high & 0xff, low >> 8, low & 0xff]);
  const reason = ipv4Reason(embedded);
  return reason === null ? null : `${via}:${reason}`;
}

function stripBrackets(host: string): string {
  return host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : host;
}
