import { describe, expect, it } from 'vitest';
import { ipAllowed, normalizeAllowlist, parseCidr } from './ip-allowlist';

describe('IP allowlist', () => {
  it('lets every address through while the list is empty', () => {
    expect(ipAllowed('203.0.113.9', [])).toBe(true);
    expect(ipAllowed('203.0.113.9', undefined)).toBe(true);
  });

  it('matches IPv4 ranges, single addresses and IPv4-mapped IPv6 sources', () => {
    const list = ['10.0.0.0/8', '203.0.113.7'];
    expect(ipAllowed('10.200.3.4', list)).toBe(true);
    expect(ipAllowed('11.0.0.1', list)).toBe(false);
    expect(ipAllowed('203.0.113.7', list)).toBe(true);
    expect(ipAllowed('203.0.113.8', list)).toBe(false);
    expect(ipAllowed('::ffff:10.1.2.3', list)).toBe(true);
    expect(ipAllowed('::ffff:192.168.1.1', list)).toBe(false);
  });

  it('matches IPv6 ranges', () => {
    expect(ipAllowed('2001:db8::1', ['2001:db8::/32'])).toBe(true);
    expect(ipAllowed('2001:db9::1', ['2001:db8::/32'])).toBe(false);
  });

  it('refuses what is not an address', () => {
    expect(ipAllowed('unknown', ['0.0.0.0/0'])).toBe(false);
    expect(ipAllowed('0.0.0.1', ['0.0.0.0/0'])).toBe(true);
  });

  it('parses ranges strictly', () => {
    expect(parseCidr('192.168.0.0/16')).toEqual({ address: '192.168.0.0', prefix: 16, family: 'ipv4' });
    expect(parseCidr('192.168.0.1')).toEqual({ address: '192.168.0.1', prefix: 32, family: 'ipv4' });
    for (const bad of ['192.168.0.0/33', '192.168.0/16', 'example.com', '10.0.0.0/8/1', '10.0.0.0/x', '::1/129', '']) expect(parseCidr(bad), bad).toBeUndefined();
  });

  it('names every bad entry by its position and drops duplicates', () => {
    expect(normalizeAllowlist([' 10.0.0.0/8 ', '10.0.0.0/8', '2001:db8::/32'])).toEqual(['10.0.0.0/8', '2001:db8::/32']);
    try {
      normalizeAllowlist(['10.0.0.0/8', 'nope', '1.2.3.4/40']);
      expect.unreachable();
    } catch (error) {
      expect((error as { details: unknown }).details).toEqual([
        { field: 'cidrs.1', message: '"nope" is not an IP address or CIDR range' },
        { field: 'cidrs.2', message: '"1.2.3.4/40" is not an IP address or CIDR range' },
      ]);
    }
  });
});
