import { describe, expect, it } from 'vitest';
import { LOGIN_ACCOUNT_MAX_FAILURES, LOGIN_ACCOUNT_MIN_SOURCES, LOGIN_MAX_FAILURES } from '../../../shared/constants';
import { MemoryAttemptBuckets, MemoryKnownSources } from '../../test-support/memory-attempt-buckets';
import { MemoryTenancyStore } from '../../test-support/memory-tenancy-store';
import { Forbidden, Locked, TooManyRequests, Unauthorized } from '../errors';
import { INVALID_CREDENTIALS, signIn, type SignInPorts } from './sign-in';
import { NewPasswordRequired } from './new-password';

class WrongPassword extends Error {}

const HOME = '198.51.100.7';

function ports(overrides: Partial<SignInPorts> = {}) {
  let now = 1_000_000;
  const asked: string[] = [];
  const p: SignInPorts & { advance(ms: number): void; asked: string[] } = {
    store: MemoryTenancyStore.withDemoTenants(),
    identity: {
      async signIn(email, password) {
        asked.push(password);
        // A pool that takes a moment, so concurrent attempts overlap.
        await new Promise((r) => setTimeout(r, 1));
        if (password !== 'right') throw new WrongPassword();
        return { idToken: `id-${email}`, expiresIn: 3600, refreshToken: 'r', username: `sub-${email}` };
      },
    },
    identityOf: async (idToken) => MemoryTenancyStore.identityOf(idToken.slice('id-'.length)),
    isInvalidCredentials: (e) => e instanceof WrongPassword,
    buckets: new MemoryAttemptBuckets(),
    knownSources: new MemoryKnownSources(),
    now: () => now,
    lockSeconds: 900,
    sourceMaxAttempts: 100,
    advance: (ms) => (now += ms),
    asked,
    ...overrides,
  };
  return p;
}

describe('signIn', () => {
  it('answers the tokens and the user of a member', async () => {
    const result = await signIn(ports(), 'user@a', 'right', HOME);
    if ('challenge' in result) throw new Error('no challenge expected');
    expect(result.tokens.idToken).toBe('id-user@a');
    expect(result.user).toMatchObject({ email: 'user@a', organization_id: 'org_a', permissions: ['read', 'write'] });
  });

  it('answers a temporary password with the new-password challenge and counts it as a success', async () => {
    const p = ports();
    for (let i = 1; i < LOGIN_MAX_FAILURES; i++) await expect(signIn(p, 'user@a', 'wrong', HOME)).rejects.toBeInstanceOf(Unauthorized);
    p.identity = {
      async signIn() {
        throw new NewPasswordRequired('session-of-the-pool-0123456789');
      },
    };
    await expect(signIn(p, 'user@a', 'temporary', HOME)).resolves.toEqual({ challenge: 'NEW_PASSWORD_REQUIRED', session: 'session-of-the-pool-0123456789' });
    // A success gives back its own attempt only: the window's wrong passwords keep counting, so the
    // next wrong one fills the window.
    p.identity = ports().identity;
    await expect(signIn(p, 'user@a', 'wrong', HOME)).rejects.toBeInstanceOf(Locked);
  });

  it('answers Unauthorized with the same message for a wrong password', async () => {
    await expect(signIn(ports(), 'user@a', 'wrong', HOME)).rejects.toEqual(new Unauthorized(INVALID_CREDENTIALS));
  });

  it(`locks after ${LOGIN_MAX_FAILURES} wrong passwords and unlocks when the lock runs out`, async () => {
    const p = ports();
    for (let i = 1; i < LOGIN_MAX_FAILURES; i++) await expect(signIn(p, 'user@a', 'wrong', HOME)).rejects.toBeInstanceOf(Unauthorized);
    await expect(signIn(p, 'user@a', 'wrong', HOME)).rejects.toBeInstanceOf(Locked);
    await expect(signIn(p, 'user@a', 'right', HOME)).rejects.toThrow(/try again in 15 minutes/);

    p.advance(900_001);

    await expect(signIn(p, 'user@a', 'right', HOME)).resolves.toBeTruthy();
  });

  it('grows the delay: a source that exhausts its window again waits twice as long', async () => {
    const p = ports();
    for (let i = 0; i < LOGIN_MAX_FAILURES; i++) await signIn(p, 'user@a', 'wrong', HOME).catch(() => undefined);
    p.advance(900_001);
    for (let i = 0; i < LOGIN_MAX_FAILURES; i++) await signIn(p, 'user@a', 'wrong', HOME).catch(() => undefined);
    await expect(signIn(p, 'user@a', 'right', HOME)).rejects.toThrow(/try again in 30 minutes/);
    p.advance(900_001);
    await expect(signIn(p, 'user@a', 'right', HOME)).rejects.toBeInstanceOf(Locked);
    p.advance(900_000);
    await expect(signIn(p, 'user@a', 'right', HOME)).resolves.toBeTruthy();
  });

  it('lets at most 5 of 50 concurrent attempts reach the pool, and the right password inside the burst gets no token beyond them', async () => {
    const p = ports();
    const passwords = Array.from({ length: 50 }, (_, i) => (i === 12 ? 'right' : `wrong-${i}`));
    const results = await Promise.allSettled(passwords.map((pw) => signIn(p, 'user@a', pw, HOME)));
    expect(p.asked.length).toBeLessThanOrEqual(LOGIN_MAX_FAILURES);
    const granted = results.filter((r) => r.status === 'fulfilled').length;
    expect(granted).toBe(p.asked.includes('right') ? 1 : 0);
    expect(p.asked.includes('right')).toBe(false);
  });

  it('a success from the same source gives back only its own attempt: the window\'s guesses keep counting', async () => {
    const p = ports();
    for (let i = 0; i < LOGIN_MAX_FAILURES - 1; i++) await signIn(p, 'user@a', `wrong-${i}`, HOME).catch(() => undefined);
    await expect(signIn(p, 'user@a', 'right', HOME)).resolves.toBeTruthy();
    for (let i = 0; i < 10; i++) await signIn(p, 'user@a', `later-${i}`, HOME).catch(() => undefined);
    const wrongAtPool = p.asked.filter((pw) => pw !== 'right').length;
    expect(wrongAtPool).toBe(LOGIN_MAX_FAILURES);
  });

  it('a burst with the right password early in it still lets at most 5 guesses reach the pool', async () => {
    const p = ports();
    const passwords = Array.from({ length: 50 }, (_, i) => (i % 10 === 0 ? 'right' : `wrong-${i}`));
    await Promise.allSettled(passwords.map((pw) => signIn(p, 'user@a', pw, HOME)));
    expect(p.asked.filter((pw) => pw !== 'right').length).toBeLessThanOrEqual(LOGIN_MAX_FAILURES);
  });

  it('a success resets the growing delay', async () => {
    const p = ports();
    for (let i = 0; i < LOGIN_MAX_FAILURES; i++) await signIn(p, 'user@a', 'wrong', HOME).catch(() => undefined);
    p.advance(900_001);
    await expect(signIn(p, 'user@a', 'right', HOME)).resolves.toBeTruthy();
    for (let i = 0; i < LOGIN_MAX_FAILURES; i++) await signIn(p, 'user@a', 'wrong', HOME).catch(() => undefined);
    // That window (30 minutes, after the first exhausted one) ends exhausted; the next is twice the
    // base again, not four times: the success reset the level.
    p.advance(1_800_001);
    for (let i = 0; i < LOGIN_MAX_FAILURES; i++) await signIn(p, 'user@a', 'wrong', HOME).catch(() => undefined);
    await expect(signIn(p, 'user@a', 'right', HOME)).rejects.toThrow(/try again in 30 minutes/);
  });

  it('guesses from one source do not lock the account for another source', async () => {
    const p = ports();
    for (let i = 0; i < 20; i++) await signIn(p, 'user@a', 'wrong', '203.0.113.66').catch(() => undefined);
    await expect(signIn(p, 'user@a', 'right', HOME)).resolves.toBeTruthy();
  });

  it('a source has a budget over all accounts (password spraying)', async () => {
    const p = ports({ sourceMaxAttempts: 8 });
    const spray = ['user@a', 'admin@a', 'super@b'];
    const outcomes: unknown[] = [];
    for (let i = 0; i < 12; i++) outcomes.push(await signIn(p, spray[i % 3]!, 'wrong', '203.0.113.9').catch((e) => e));
    expect(outcomes.filter((e) => e instanceof TooManyRequests)).toHaveLength(4);
    expect(p.asked).toHaveLength(8);
    // Other sources are unaffected.
    await expect(signIn(p, 'admin@a', 'right', HOME)).resolves.toBeTruthy();
  });

  it('many failures from many sources hold back unknown sources, but not a source the account signed in from', async () => {
    const p = ports();
    await signIn(p, 'user@a', 'right', HOME);
    const attackers = Array.from({ length: LOGIN_ACCOUNT_MIN_SOURCES + 2 }, (_, i) => `203.0.113.${i + 1}`);
    let reached = 0;
    for (let round = 0; round < LOGIN_MAX_FAILURES; round++) {
      for (const source of attackers) {
        const before = p.asked.length;
        await signIn(p, 'user@a', 'wrong', source).catch(() => undefined);
        reached += p.asked.length - before;
      }
    }
    expect(reached).toBe(LOGIN_ACCOUNT_MAX_FAILURES);
    await expect(signIn(p, 'user@a', 'right', '192.0.2.200')).rejects.toBeInstanceOf(Locked);
    await expect(signIn(p, 'user@a', 'right', HOME)).resolves.toBeTruthy();
  });

  it('refuses a valid identity that belongs to no organization', async () => {
    await expect(signIn(ports(), 'ghost@nowhere', 'right', HOME)).rejects.toBeInstanceOf(Forbidden);
  });

  it('lets unexpected identity errors through (they become a 500 without internals) without counting them', async () => {
    const p = ports({ identity: { signIn: async () => Promise.reject(new Error('network down')) } });
    for (let i = 0; i < LOGIN_MAX_FAILURES + 1; i++) await expect(signIn(p, 'user@a', 'right', HOME)).rejects.toThrow('network down');
  });
});
