import { BlockList, isIP } from 'node:net';

// Outbound calls to a customer's agent are server-side requests to an address a tenant chose:
// they must never reach our own network (SSRF). Every address the endpoint's host resolves to is
// checked, and the connection goes to the checked address (no second lookup to rebind). Loopback
// is allowed only in the local stack when it is configured for the reference agent; link-local
// (cloud metadata), private, shared, multicast and reserved ranges are refused everywhere.

const loopback = new BlockList();
loopback.addSubnet('127.0.0.0', 8, 'ipv4');
loopback.addAddress('::1', 'ipv6');

const refused = new BlockList();
for (const [net, bits] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) refused.addSubnet(net, bits, 'ipv4');
for (const [net, bits] of [
  ['::', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
  ['2001:db8::', 32],
  ['64:ff9b::', 96],
] as const) refused.addSubnet(net, bits, 'ipv6');

export type AddressVerdict = { allowed: true } | { allowed: false; reason: string };

/** An IPv4-mapped IPv6 address (::ffff:10.0.0.1) is judged as the IPv4 address it maps. */
function unmapped(address: string): { address: string; family: 'ipv4' | 'ipv6' } {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return { address: mapped[1]!, family: 'ipv4' };
  return { address, family: isIP(address) === 6 ? 'ipv6' : 'ipv4' };
}

export function judgeAddress(raw: string, options: { allowLoopback: boolean }): AddressVerdict {
  if (!isIP(raw)) return { allowed: false, reason: `"${raw}" is not an IP address` };
  const { address, family } = unmapped(raw);
  if (loopback.check(address, family)) {
    return options.allowLoopback ? { allowed: true } : { allowed: false, reason: `${raw} is a loopback address` };
  }
  if (refused.check(address, family)) return { allowed: false, reason: `${raw} is a private, link-local or reserved address` };
  return { allowed: true };
}
