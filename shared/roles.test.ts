import { describe, expect, it } from 'vitest';
import { isSuperAdminRole, normalizeRole, permissionsFor, showsAdminNavigation } from './roles';

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
