import { judgeAddress } from './address-policy';

describe('agent address policy (SSRF)', () => {
  it.each([
    '127.0.0.1',
    '127.8.9.10',
    '::1',
    '10.1.2.3',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    'fd00::1',
    'fe80::1',
    '::ffff:10.0.0.1',
    '::ffff:169.254.169.254',
    '224.0.0.1',
  ])('refuses %s in a deployed stage', (address) => {
    expect(judgeAddress(address, { allowLoopback: false })).toMatchObject({ allowed: false });
  });

  it.each(['93.184.216.34', '8.8.8.8', '172.32.0.1', '2606:4700::1111'])('allows the public address %s', (address) => {
    expect(judgeAddress(address, { allowLoopback: false })).toEqual({ allowed: true });
  });

  it('allows loopback only when configured for the reference agent, and never the metadata address', () => {
    expect(judgeAddress('127.0.0.1', { allowLoopback: true })).toEqual({ allowed: true });
    expect(judgeAddress('::1', { allowLoopback: true })).toEqual({ allowed: true });
    expect(judgeAddress('169.254.169.254', { allowLoopback: true })).toMatchObject({ allowed: false });
    expect(judgeAddress('10.0.0.5', { allowLoopback: true })).toMatchObject({ allowed: false });
  });

  it('refuses what is not an address', () => {
    expect(judgeAddress('localhost', { allowLoopback: true })).toMatchObject({ allowed: false });
  });
});
