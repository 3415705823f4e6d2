import { describe, expect, it } from 'vitest';
import { MemoryTenancyStore } from '../../test-support/memory-tenancy-store';
import { Forbidden } from '../errors';
import { assertOrganizationAccess, listAccessibleInstances, resolveCaller, resolveInstance } from './resolve';

const caller = (store: MemoryTenancyStore, email: string) => resolveCaller(store, { email, sub: 's' });

describe('tenant resolution', () => {
  it('refuses an identity that is no member of any organization', async () => {
    await expect(caller(MemoryTenancyStore.withDemoTenants(), 'stranger@x')).rejects.toBeInstanceOf(Forbidden);
  });

  it('refuses members of a suspended organization', async () => {
    const store = MemoryTenancyStore.withDemoTenants();
    store.organizations[0]!.status = 'suspended';
    await expect(caller(store, 'user@a')).rejects.toThrow(/suspended/);
  });

  it.each([
    ['user@a', 'org_a_prod', true],
    ['user@a', 'org_a_dev', false],
    ['user@a', 'org_b_prod', false],
    ['admin@a', 'org_a_dev', true],
    ['admin@a', 'org_b_prod', false],
    ['super@b', 'org_a_dev', true],
    ['super@b', 'unknown', false],
  ])('%s on %s: allowed %s', async (email, instanceId, allowed) => {
    const store = MemoryTenancyStore.withDemoTenants();
    const result = resolveInstance(store, await caller(store, email), instanceId);
    if (allowed) await expect(result).resolves.toMatchObject({ id: instanceId });
    else await expect(result).rejects.toBeInstanceOf(Forbidden);
  });

  it('refuses an inactive instance even to its org admin', async () => {
    const store = MemoryTenancyStore.withDemoTenants();
    store.instances.find((i) => i.id === 'org_a_dev')!.status = 'inactive';
    await expect(resolveInstance(store, await caller(store, 'admin@a'), 'org_a_dev')).rejects.toBeInstanceOf(Forbidden);
  });

  it('lets only super admins act on another organization', async () => {
    const store = MemoryTenancyStore.withDemoTenants();
    const user = await caller(store, 'user@a');
    expect(() => assertOrganizationAccess(user, 'org_b')).toThrow(Forbidden);
    expect(() => assertOrganizationAccess(user, 'org_a')).not.toThrow();
    const superAdmin = await caller(store, 'super@b');
    expect(() => assertOrganizationAccess(superAdmin, 'org_a')).not.toThrow();
  });

  it.each([
    ['user@a', ['org_a_prod']],
    ['admin@a', ['org_a_dev', 'org_a_prod']],
    ['super@b', ['org_b_dev', 'org_b_prod', 'org_a_dev', 'org_a_prod']],
  ])('lists the instances %s may choose, own organization first', async (email, ids) => {
    const store = MemoryTenancyStore.withDemoTenants();
    const list = await listAccessibleInstances(store, await caller(store, email));
    expect(list.map((i) => i.id)).toEqual(ids);
  });
});

describe('legacy role names', () => {
  it('treats a stored soda_admin as a provider administrator with super-admin reach', async () => {
    const store = MemoryTenancyStore.withDemoTenants();
    store.members.push({ email: 'soda@b', organizationId: 'org_b', role: 'soda_admin' as never, isOrgAdmin: false, firstName: 'S', lastName: 'A', title: '', createdAt: '' });
    const c = await caller(store, 'soda@b');
    expect(c.role).toBe('provider_admin');
    await expect(resolveInstance(store, c, 'org_a_prod')).resolves.toMatchObject({ id: 'org_a_prod' });
  });
});
