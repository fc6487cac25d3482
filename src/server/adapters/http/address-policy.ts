// Which IP addresses an outbound fetch of a user-given URL may reach
// (docs/security.md rule 11): public unicast only. Everything ipaddr.js classifies as
// anything else is refused: private, loopback, link-local, unique-local, CGNAT,
// unspecified, multicast, broadcast, reserved, documentation/benchmarking, and
// the IPv6 ranges that embed or translate an IPv4 address (6to4, Teredo, NAT64).
// IPv4-mapped IPv6 (::ffff:a.b.c.d) is judged as the IPv4 address it carries.
import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';

export function isPublicAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, '');
  if (isIP(bare) === 0) return false;
  let parsed = ipaddr.parse(bare);
  if (parsed instanceof ipaddr.IPv6 && parsed.isIPv4MappedAddress()) {
    parsed = parsed.toIPv4Address();
  }
  return parsed.range() === 'unicast';
}
