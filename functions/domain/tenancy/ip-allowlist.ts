import { BlockList, isIP } from 'node:net';
import { ValidationFailed } from '../errors';

// The per-organization IP allowlist (issue 14 §5): CIDR ranges an organization's members may call
// the API from. Empty means every address. Enforced by the tenant middleware for every call a
// member of the organization makes; checked with Node's BlockList (IPv4 and IPv6 subnets).

export const IP_ALLOWLIST_MAX = 100;

interface Parsed {
  address: string;
  prefix: number;
  family: 'ipv4' | 'ipv6';
}

/** The address a request came from, as the allowlist compares it (IPv4-mapped IPv6 as IPv4). */
export function normalizeIp(ip: string): string {
  const trimmed = ip.trim();
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(trimmed);
  return mapped ? mapped[1]! : trimmed;
}

/** One range: an address, or address/prefix; undefined when it is neither. */
export function parseCidr(text: string): Parsed | undefined {
  const [rawAddress, rawPrefix, ...rest] = text.trim().split('/');
  if (rest.length > 0 || !rawAddress) return undefined;
  const address = normalizeIp(rawAddress);
  const version = isIP(address);
  if (version === 0) return undefined;
  const max = version === 4 ? 32 : 128;
  if (rawPrefix !== undefined && !/^\d{1,3}$/.test(rawPrefix)) return undefined;
  const prefix = rawPrefix === undefined ? max : Number(rawPrefix);
  if (prefix > max) return undefined;
  return { address, prefix, family: version === 4 ? 'ipv4' : 'ipv6' };
}

/** Checks and normalises a list an admin saves: each entry a range, trimmed, without duplicates. */
export function normalizeAllowlist(cidrs: readonly string[]): string[] {
  const problems = cidrs.flatMap((cidr, i) => (parseCidr(cidr) ? [] : [{ field: `cidrs.${i}`, message: `"${cidr.slice(0, 60)}" is not an IP address or CIDR range` }]));
  if (problems.length > 0) throw new ValidationFailed(`Invalid request: ${problems.map((p) => `${p.field} ${p.message}`).join('; ')}`, problems);
  const seen = new Set<string>();
  return cidrs.map((c) => c.trim()).filter((c) => (seen.has(c) ? false : (seen.add(c), true)));
}

const compiled = new Map<string, BlockList>();

function blockListOf(cidrs: readonly string[]): BlockList {
  const cacheKey = cidrs.join(',');
  let list = compiled.get(cacheKey);
  if (!list) {
    list = new BlockList();
    for (const cidr of cidrs) {
      const parsed = parseCidr(cidr);
      if (parsed) list.addSubnet(parsed.address, parsed.prefix, parsed.family);
    }
    if (compiled.size > 500) compiled.clear();
    compiled.set(cacheKey, list);
  }
  return list;
}

/** Whether `ip` may call: always when the list is empty; never for an address that is not one. */
export function ipAllowed(ip: string, cidrs: readonly string[] | undefined): boolean {
  if (!cidrs || cidrs.length === 0) return true;
  const address = normalizeIp(ip);
  const version = isIP(address);
  if (version === 0) return false;
  return blockListOf(cidrs).check(address, version === 4 ? 'ipv4' : 'ipv6');
}

export const ipRefusal = (ip: string) => `Your IP address (${normalizeIp(ip)}) is not in your organization's IP allowlist. Ask an administrator of your organization to add it.`;
