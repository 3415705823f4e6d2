import { describe, expect, it } from 'vitest';
import { MemoryTenancyStore } from '../../test-support/memory-tenancy-store';
import { Forbidden } from '../errors';
import { assertOrganizationAccess, EMAIL_MISMATCH, EMAIL_NOT_VERIFIED, listAccessibleInstances, NOT_A_MEMBER, NO_INSTANCE_ACCESS, resolveCaller, resolveCallerWithInstance, resolveInstance } from './resolve';

const caller = (store: MemoryTenancyStore, email: string) => resolveCaller(store, MemoryTenancyStore.identityOf(email));

describe('identity by sub (issue 8)', () => {
  it('finds the member by the token sub, not by its e-mail claim', async () => {
    const store = MemoryTenancyStore.withDemoTenants();
    const c = await resolveCaller(store, MemoryTenancyStore.identityOf('admin@a'));
    expect(c).toMatchObject({ email: 'admin@a', sub: MemoryTenancyStore.subOf('admin@a'), isOrgAdmin: true });
  });

  it("refuses a token whose e-mail claim names another member (e-mail changed at the pool): serves neither", async () => {
    const store = MemoryTenancyStore.withDemoTenants();
    const swapped = { sub: MemoryTenancyStore.subOf('user@a'), email: 'super@b', emailVerified: true };
    await expect(resolveCaller(store, swapped)).rejects.toThrow(EMAIL_MISMATCH);
  });

  it('refuses an unverified e-mail claim', async () => {
    const store = MemoryTenancyStore.withDemoTenants();
    await expect(resolveCaller(store, { ...MemoryTenancyStore.identityOf('user@a'), emailVerified: false })).rejects.toThrow(EMAIL_NOT_VERIFIED);
  });

  it('refuses a sub bound to no member, and a member not bound to any sub, even with a matching e-mail', async () => {
    const store = MemoryTenancyStore.withDemoTenants();
    await expect(resolveCaller(store, { sub: 'unknown', email: 'user@a', emailVerified: true })).rejects.toThrow(NOT_A_MEMBER);
    store.members.push({ email: 'unbound@a', organizationId: 'org_a', role: 'user', isOrgAdmin: false, firstName: '', lastName: '', title: '', createdAt: '' });
    await expect(resolveCaller(store, { sub: 'sub-unbound@a', email: 'unbound@a', emailVerified: true })).rejects.toBeInstanceOf(Forbidden);
  });
});

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

  it.each([
    ['user@a', 'org_a_prod', true],
    ['user@a', 'org_a_dev', false],
    ['admin@a', 'org_a_dev', true],
    ['admin@a', 'org_b_prod', false],
    ['super@b', 'org_a_dev', true],
  ])('read alongside the caller, %s on %s: allowed %s (same answers as resolveInstance)', async (email, instanceId, allowed) => {
    const store = MemoryTenancyStore.withDemoTenants();
    const { caller: c, instance } = await resolveCallerWithInstance(store, MemoryTenancyStore.identityOf(email), instanceId);
    expect(c.email).toBe(email);
    if (allowed) expect(instance()).toMatchObject({ id: instanceId });
    else expect(() => instance()).toThrow(NO_INSTANCE_ACCESS);
  });

  it("decides the caller's own refusal first when the instance read alongside is refused too", async () => {
    const store = MemoryTenancyStore.withDemoTenants();
    store.organizations[0]!.status = 'suspended';
    await expect(resolveCallerWithInstance(store, MemoryTenancyStore.identityOf('user@a'), 'org_b_prod')).rejects.toThrow(/suspended/);
    await expect(resolveCallerWithInstance(store, { sub: 'unknown', email: 'user@a', emailVerified: true }, 'org_a_prod')).rejects.toThrow(NOT_A_MEMBER);
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
    store.members.push({ email: 'soda@b', sub: MemoryTenancyStore.subOf('soda@b'), organizationId: 'org_b', role: 'soda_admin' as never, isOrgAdmin: false, firstName: 'S', lastName: 'A', title: '', createdAt: '' });
    const c = await caller(store, 'soda@b');
    expect(c.role).toBe('provider_admin');
    await expect(resolveInstance(store, c, 'org_a_prod')).resolves.toMatchObject({ id: 'org_a_prod' });
  });
});
