// Roles and their permission sets (spec 1 §6, spec 2 §6). One place decides what a role may do.

export const ROLES = ['user', 'admin', 'account_owner', 'super_admin', 'provider_admin'] as const;
export type Role = (typeof ROLES)[number];

/** Roles a member can be given by an organization (spec 2 §6 member list and invites). */
export const ASSIGNABLE_ROLES = ['user', 'admin', 'account_owner'] as const;

export const PERMISSIONS = ['read', 'write', 'admin', 'billing', 'organization', 'super_admin', 'debug'] as const;
export type Permission = (typeof PERMISSIONS)[number];

const PERMISSIONS_BY_ROLE: Record<Role, readonly Permission[]> = {
  user: ['read', 'write'],
  admin: ['read', 'write', 'admin'],
  account_owner: ['read', 'write', 'admin', 'billing', 'organization'],
  super_admin: ['read', 'write', 'admin', 'super_admin', 'debug'],
  // The provider's own administrators (called soda_admin in places) act as super admins.
  provider_admin: ['read', 'write', 'admin', 'super_admin', 'debug'],
};

/** soda_admin is another name for provider_admin. */
export function normalizeRole(role: string): Role {
  if (role === 'soda_admin') return 'provider_admin';
  return (ROLES as readonly string[]).includes(role) ? (role as Role) : 'user';
}

export function permissionsFor(role: Role): Permission[] {
  return [...PERMISSIONS_BY_ROLE[role]];
}

export function isSuperAdminRole(role: Role): boolean {
  return role === 'super_admin' || role === 'provider_admin';
}

/** The Admin navigation entry (spec 1 §6). */
export function showsAdminNavigation(role: Role): boolean {
  return role === 'admin' || role === 'super_admin' || role === 'provider_admin';
}

export const ROLE_LABELS: Record<Role, string> = {
  user: 'User',
  admin: 'Admin',
  account_owner: 'Account Owner',
  super_admin: 'Super Admin',
  provider_admin: 'Provider Admin',
};

/** The organizations whose members read the internal documentation (spec 2 §6). */
export const INTERNAL_DOCS_ORGANIZATIONS = ['org_soda_internal', 'org_demo'] as const;

/** Internal docs (spec 2 §2.7, §6): org admins, super admins, and members of the internal or demo organization. */
export function mayReadInternalDocs(user: { role: Role; is_org_admin: boolean; is_super_admin: boolean; organization_id: string }): boolean {
  return user.is_org_admin || user.is_super_admin || isSuperAdminRole(user.role) || (INTERNAL_DOCS_ORGANIZATIONS as readonly string[]).includes(user.organization_id);
}
