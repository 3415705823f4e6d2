import { isSuperAdminRole, normalizeRole, permissionsFor, type Role } from '../../../shared/roles';
import { Conflict, Forbidden, NotFound } from '../errors';
import type { Caller } from '../tenancy/caller';
import type { MemberRecord } from '../tenancy/records';

// The server-side rules of team administration (spec 2 §6; issue 11 §2). Pure: given the caller,
// the target and the organization's members, a change is allowed or refused with a named error.

export const TEAM_DENIED = "You don't have permission to manage team members.";
export const INVITES_DENIED = "You don't have permission to manage team invitations.";

/** Whether a member can administer the organization (org admin flag, admin or organization permission). */
export function administers(member: Pick<MemberRecord, 'role' | 'isOrgAdmin'>): boolean {
  const role = normalizeRole(member.role);
  const permissions = permissionsFor(role);
  return member.isOrgAdmin || isSuperAdminRole(role) || permissions.includes('admin') || permissions.includes('organization');
}

/** Granting or taking away the account owner role needs the organization permission. */
export function mayManageAccountOwners(caller: Caller): boolean {
  return caller.isSuperAdmin || caller.permissions.includes('organization');
}

/**
 * A member the caller may act on: it exists, is not the caller, carries no org admin flag (spec:
 * such members have no controls) and has no provider role.
 */
export function assertControllable(caller: Caller, target: MemberRecord | undefined): MemberRecord {
  if (!target) throw new NotFound('Member not found');
  if (target.email === caller.email) throw new Forbidden('You cannot change your own account here');
  if (target.isOrgAdmin) throw new Forbidden('Organization admins cannot be changed from the team list');
  if (isSuperAdminRole(normalizeRole(target.role))) throw new Forbidden('Platform administrators cannot be changed from the team list');
  return target;
}

export function assertRoleChange(caller: Caller, target: MemberRecord, to: Role, members: readonly MemberRecord[]): void {
  const from = normalizeRole(target.role);
  if ((from === 'account_owner' || to === 'account_owner') && !mayManageAccountOwners(caller)) {
    throw new Forbidden('Only an account owner can grant or remove the account owner role');
  }
  if (administers(target) && !administers({ role: to, isOrgAdmin: target.isOrgAdmin })) {
    const others = members.filter((m) => m.email !== target.email && administers(m));
    if (others.length === 0) throw new Conflict('An organization needs at least one administrator');
  }
}
