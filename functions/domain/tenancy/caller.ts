import { isSuperAdminRole, normalizeRole, permissionsFor, type Permission, type Role } from '../../../shared/roles';
import type { Subscription } from '../../../shared/constants';
import { effectiveSubscription } from '../../../shared/plans';
import type { User } from '../../../shared/schemas/session';
import type { MemberRecord, OrganizationRecord } from './records';

/** The signed-in member a request acts for, resolved from the token and DynamoDB. */
export interface Caller {
  email: string;
  sub: string;
  role: Role;
  permissions: Permission[];
  member: MemberRecord;
  organization: OrganizationRecord;
  isOrgAdmin: boolean;
  isSuperAdmin: boolean;
}

export function buildCaller(sub: string, member: MemberRecord, organization: OrganizationRecord): Caller {
  // Stored roles may use the provider's older name (soda_admin); one name from here on.
  const role = normalizeRole(member.role);
  return {
    email: member.email,
    sub,
    role,
    permissions: permissionsFor(role),
    member,
    organization,
    isOrgAdmin: member.isOrgAdmin,
    isSuperAdmin: isSuperAdminRole(role),
  };
}

export function displayName(member: Pick<MemberRecord, 'firstName' | 'lastName' | 'email'>): string {
  return `${member.firstName} ${member.lastName}`.trim() || member.email;
}

/** The User entity of spec 1 §3. */
export function toUser(member: MemberRecord, organization: OrganizationRecord, accessType?: 'password' | 'emergency'): User {
  const role = normalizeRole(member.role);
  return {
    email: member.email,
    name: displayName(member),
    role,
    organization_id: organization.id,
    organization_name: organization.name,
    is_org_admin: member.isOrgAdmin,
    is_super_admin: isSuperAdminRole(role),
    first_name: member.firstName,
    last_name: member.lastName,
    title: member.title,
    permissions: permissionsFor(role),
    ...(accessType ? { access_type: accessType } : {}),
  };
}

/** Org admins and anyone with the admin permission manage their organization (spec 2 §6). */
export function managesOrganization(caller: Caller): boolean {
  return caller.isSuperAdmin || caller.isOrgAdmin || caller.permissions.includes('admin') || caller.permissions.includes('organization');
}

/** The plan that applies to the caller's organization now: its paid subscription, or Teams during a trial. */
export function planSubscription(caller: Caller, now: Date = new Date()): Subscription {
  return effectiveSubscription(caller.organization, now);
}
