import { describe, expect, it } from 'vitest';
import { EMERGENCY_MAX_ATTEMPTS } from '../../../shared/constants';
import { MemoryTenancyStore } from '../../test-support/memory-tenancy-store';
import { DEMO_PASSWORDS } from '../demo/demo-directory';
import { Forbidden, NotFound, TooManyRequests, Unauthorized } from '../errors';
import { emergencyAccess, type EmergencyPorts } from './emergency-access';

const PROVIDER = 'provider.admin@qualitydesk.dev';
const SUPER = 'super.admin@qualitydesk.dev';

function ports(overrides: Partial<EmergencyPorts> = {}): EmergencyPorts & { signedInWith: string[] } {
  const store = MemoryTenancyStore.withDemoTenants();
  store.organizations.push({ id: 'org_soda_internal', name: 'Internal', type: 'internal', slug: 'i', domain: 'd', domains: [], subscription: 'enterprise', status: 'active', createdAt: '' });
  for (const [email, role] of [[PROVIDER, 'provider_admin'], [SUPER, 'super_admin']] as const) {
    store.members.push({ email, sub: MemoryTenancyStore.subOf(email), organizationId: 'org_soda_internal', role, isOrgAdmin: true, firstName: 'P', lastName: 'A', title: '', createdAt: '' });
  }
  const attempts = new Map<string, { failures: number; windowStart?: number }>();
  const signedInWith: string[] = [];
  return {
    store,
    identity: {
      async signIn(email, password) {
        signedInWith.push(password);
        return { idToken: `id-${email}`, expiresIn: 3600, username: `sub-${email}` };
      },
    },
    identityOf: async (idToken) => MemoryTenancyStore.identityOf(idToken.slice('id-'.length)),
    now: () => 5_000_000,
    demoMode: true,
    code: 'SECRET-CODE',
    attempts: {
      read: async (e) => attempts.get(e) ?? { failures: 0 },
      addFailure: async (e, now) => {
        const a = attempts.get(e) ?? { failures: 0, windowStart: now };
        a.failures++;
        attempts.set(e, a);
        return a.failures;
      },
      clear: async (e) => void attempts.delete(e),
    },
    signedInWith,
    ...overrides,
  };
}

describe('emergencyAccess', () => {
  it('signs a provider administrator in with the configured demo password, marked emergency', async () => {
    const p = ports();
    const result = await emergencyAccess(p, PROVIDER, 'SECRET-CODE');
    expect(result.user).toMatchObject({ role: 'provider_admin', access_type: 'emergency' });
    expect(p.signedInWith).toEqual([DEMO_PASSWORDS.admin]);
  });

  it('does not exist outside demo mode or without a configured code', async () => {
    await expect(emergencyAccess(ports({ demoMode: false }), PROVIDER, 'SECRET-CODE')).rejects.toBeInstanceOf(NotFound);
    await expect(emergencyAccess(ports({ code: '' }), PROVIDER, '')).rejects.toBeInstanceOf(NotFound);
  });

  it('refuses a wrong code and a non-provider administrator', async () => {
    await expect(emergencyAccess(ports(), PROVIDER, 'WRONG')).rejects.toBeInstanceOf(Unauthorized);
    await expect(emergencyAccess(ports(), SUPER, 'SECRET-CODE')).rejects.toBeInstanceOf(Forbidden);
  });

  it(`stops after ${EMERGENCY_MAX_ATTEMPTS} failed attempts, even with the right code`, async () => {
    const p = ports();
    for (let i = 0; i < EMERGENCY_MAX_ATTEMPTS; i++) await expect(emergencyAccess(p, PROVIDER, 'WRONG')).rejects.toBeInstanceOf(Unauthorized);
    await expect(emergencyAccess(p, PROVIDER, 'SECRET-CODE')).rejects.toBeInstanceOf(TooManyRequests);
  });
});
