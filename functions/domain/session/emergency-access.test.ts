import { describe, expect, it } from 'vitest';
import { EMERGENCY_MAX_ATTEMPTS, LOGIN_MAX_FAILURES } from '../../../shared/constants';
import { MemoryTenancyStore } from '../../test-support/memory-tenancy-store';
import { DEMO_PASSWORDS } from '../demo/demo-directory';
import { Forbidden, Locked, NotFound, TooManyRequests, Unauthorized } from '../errors';
import { MemoryAttemptBuckets, MemoryKnownSources } from '../../test-support/memory-attempt-buckets';
import { signInRules } from './sign-in';
import { emergencyAccess, type EmergencyPorts } from './emergency-access';

const PROVIDER = 'provider.admin@qualitydesk.dev';
const SUPER = 'super.admin@qualitydesk.dev';
const SRC = '198.51.100.20';

function ports(overrides: Partial<EmergencyPorts> = {}): EmergencyPorts & { signedInWith: string[] } {
  const store = MemoryTenancyStore.withDemoTenants();
  store.organizations.push({ id: 'org_soda_internal', name: 'Internal', type: 'internal', slug: 'i', domain: 'd', domains: [], subscription: 'enterprise', status: 'active', createdAt: '' });
  for (const [email, role] of [[PROVIDER, 'provider_admin'], [SUPER, 'super_admin']] as const) {
    store.members.push({ email, sub: MemoryTenancyStore.subOf(email), organizationId: 'org_soda_internal', role, isOrgAdmin: true, firstName: 'P', lastName: 'A', title: '', createdAt: '' });
  }
  const signedInWith: string[] = [];
  return {
    store,
    identity: {
      async signIn(email, password) {
        signedInWith.push(password);
        await new Promise((r) => setTimeout(r, 1));
        return { idToken: `id-${email}`, expiresIn: 3600, username: `sub-${email}` };
      },
    },
    identityOf: async (idToken) => MemoryTenancyStore.identityOf(idToken.slice('id-'.length)),
    now: () => 5_000_000,
    demoMode: true,
    code: 'SECRET-CODE',
    buckets: new MemoryAttemptBuckets(),
    knownSources: new MemoryKnownSources(),
    lockSeconds: 900,
    signedInWith,
    ...overrides,
  };
}

describe('emergencyAccess', () => {
  it('signs a provider administrator in with the configured demo password, marked emergency', async () => {
    const p = ports();
    const result = await emergencyAccess(p, PROVIDER, 'SECRET-CODE', SRC);
    expect(result.user).toMatchObject({ role: 'provider_admin', access_type: 'emergency' });
    expect(p.signedInWith).toEqual([DEMO_PASSWORDS.admin]);
  });

  it('does not exist outside demo mode or without a configured code', async () => {
    await expect(emergencyAccess(ports({ demoMode: false }), PROVIDER, 'SECRET-CODE', SRC)).rejects.toBeInstanceOf(NotFound);
    await expect(emergencyAccess(ports({ code: '' }), PROVIDER, '', SRC)).rejects.toBeInstanceOf(NotFound);
  });

  it('refuses a wrong code and a non-provider administrator', async () => {
    await expect(emergencyAccess(ports(), PROVIDER, 'WRONG', SRC)).rejects.toBeInstanceOf(Unauthorized);
    await expect(emergencyAccess(ports(), SUPER, 'SECRET-CODE', SRC)).rejects.toBeInstanceOf(Forbidden);
  });

  it(`stops after ${EMERGENCY_MAX_ATTEMPTS} failed attempts, even with the right code`, async () => {
    const p = ports();
    for (let i = 0; i < EMERGENCY_MAX_ATTEMPTS; i++) await expect(emergencyAccess(p, PROVIDER, 'WRONG', SRC)).rejects.toBeInstanceOf(Unauthorized);
    await expect(emergencyAccess(p, PROVIDER, 'SECRET-CODE', SRC)).rejects.toBeInstanceOf(TooManyRequests);
  });

  it('reserves attempts atomically: of 50 concurrent attempts with the right code, at most the limit get through', async () => {
    const p = ports();
    const results = await Promise.allSettled(Array.from({ length: 50 }, () => emergencyAccess(p, PROVIDER, 'SECRET-CODE', SRC)));
    expect(p.signedInWith.length).toBeLessThanOrEqual(EMERGENCY_MAX_ATTEMPTS);
    expect(results.filter((r) => r.status === 'rejected' && r.reason instanceof TooManyRequests).length).toBeGreaterThanOrEqual(50 - EMERGENCY_MAX_ATTEMPTS);
  });

  it('honours the sign-in lock of the account for this source', async () => {
    const p = ports();
    for (let i = 0; i < LOGIN_MAX_FAILURES; i++) await p.buckets.reserve({ kind: 'loginPair', account: PROVIDER, source: SRC }, signInRules(p).pair, p.now());
    await expect(emergencyAccess(p, PROVIDER, 'SECRET-CODE', SRC)).rejects.toBeInstanceOf(Locked);
    expect(p.signedInWith).toEqual([]);
  });
});
