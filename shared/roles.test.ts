import { describe, expect, it } from 'vitest';
import { isSuperAdminRole, mayReadInternalDocs, normalizeRole, permissionsFor, showsAdminNavigation } from './roles';

describe('roles', () => {
  it.each([
    ['user', ['read', 'write']],
    ['admin', ['read', 'write', 'admin']],
    ['account_owner', ['read', 'write', 'admin', 'billing', 'organization']],
    ['super_admin', ['read', 'write', 'admin', 'super_admin', 'debug']],
  ] as const)('gives %s the permission set of the spec', (role, permissions) => {
    expect(permissionsFor(role)).toEqual(permissions);
  });

  it('treats soda_admin as provider_admin, and unknown roles as user', () => {
    expect(normalizeRole('soda_admin')).toBe('provider_admin');
    expect(normalizeRole('root')).toBe('user');
  });

  it.each([
    ['user', false, false],
    ['admin', true, false],
    ['account_owner', false, false],
    ['super_admin', true, true],
    ['provider_admin', true, true],
  ] as const)('%s: admin navigation %s, super admin %s', (role, nav, superAdmin) => {
    expect(showsAdminNavigation(role)).toBe(nav);
    expect(isSuperAdminRole(role)).toBe(superAdmin);
  });
});

describe('mayReadInternalDocs', () => {
  const base = { role: 'user' as const, is_org_admin: false, is_super_admin: false, organization_id: 'org_northwind' };
  it.each([
    ['a user of a customer organization', base, false],
    ['an org admin of a customer organization', { ...base, is_org_admin: true }, true],
    ['a super admin', { ...base, role: 'super_admin' as const, is_super_admin: true }, true],
    ['a user of the internal organization', { ...base, organization_id: 'org_soda_internal' }, true],
    ['a user of the demo organization', { ...base, organization_id: 'org_demo' }, true],
  ])('answers for %s', (_name, user, allowed) => {
    expect(mayReadInternalDocs(user)).toBe(allowed);
  });
});
