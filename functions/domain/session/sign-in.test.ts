import { describe, expect, it } from 'vitest';
import { LOGIN_MAX_FAILURES } from '../../../shared/constants';
import { MemoryTenancyStore } from '../../test-support/memory-tenancy-store';
import { Forbidden, Locked, Unauthorized } from '../errors';
import { INVALID_CREDENTIALS, signIn, type SignInPorts } from './sign-in';

class WrongPassword extends Error {}

function ports(overrides: Partial<SignInPorts> = {}) {
  const guards = new Map<string, { failures: number; lockedUntil?: number }>();
  let now = 1_000_000;
  const p: SignInPorts & { advance(ms: number): void } = {
    store: MemoryTenancyStore.withDemoTenants(),
    identity: {
      async signIn(email, password) {
        if (password !== 'right') throw new WrongPassword();
        return { idToken: `id-${email}`, expiresIn: 3600, refreshToken: 'r', username: `sub-${email}` };
      },
    },
    identityOf: async (idToken) => MemoryTenancyStore.identityOf(idToken.slice('id-'.length)),
    isInvalidCredentials: (e) => e instanceof WrongPassword,
    guard: {
      read: async (email) => guards.get(email) ?? { failures: 0 },
      addFailure: async (email) => {
        const g = guards.get(email) ?? { failures: 0 };
        g.failures++;
        guards.set(email, g);
        return g.failures;
      },
      lock: async (email, until) => void (guards.get(email)!.lockedUntil = until),
      clear: async (email) => void guards.delete(email),
    },
    now: () => now,
    lockSeconds: 900,
    advance: (ms) => (now += ms),
    ...overrides,
  };
  return p;
}

describe('signIn', () => {
  it('answers the tokens and the user of a member', async () => {
    const result = await signIn(ports(), 'user@a', 'right');
    expect(result.tokens.idToken).toBe('id-user@a');
    expect(result.user).toMatchObject({ email: 'user@a', organization_id: 'org_a', permissions: ['read', 'write'] });
  });

  it('answers Unauthorized with the same message for a wrong password', async () => {
    await expect(signIn(ports(), 'user@a', 'wrong')).rejects.toEqual(new Unauthorized(INVALID_CREDENTIALS));
  });

  it(`locks after ${LOGIN_MAX_FAILURES} wrong passwords and unlocks when the lock runs out`, async () => {
    const p = ports();
    for (let i = 1; i < LOGIN_MAX_FAILURES; i++) await expect(signIn(p, 'user@a', 'wrong')).rejects.toBeInstanceOf(Unauthorized);
    await expect(signIn(p, 'user@a', 'wrong')).rejects.toBeInstanceOf(Locked);
    await expect(signIn(p, 'user@a', 'right')).rejects.toThrow(/try again in 15 minutes/);

    p.advance(900_001);

    await expect(signIn(p, 'user@a', 'right')).resolves.toBeTruthy();
  });

  it('refuses a valid identity that belongs to no organization', async () => {
    await expect(signIn(ports(), 'ghost@nowhere', 'right')).rejects.toBeInstanceOf(Forbidden);
  });

  it('lets unexpected identity errors through (they become a 500 without internals)', async () => {
    const p = ports({ identity: { signIn: async () => Promise.reject(new Error('network down')) } });
    await expect(signIn(p, 'user@a', 'right')).rejects.toThrow('network down');
  });
});
