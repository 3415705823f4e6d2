import type { Instance } from '../../../shared/schemas/session';
import { Forbidden } from '../errors';
import { buildCaller, type Caller } from './caller';
import type { AssignmentRecord, InstanceRecord, MemberRecord, OrganizationRecord } from './records';
import type { TenancyStore } from './tenancy-store';

// Who the caller is, and which instances they may act on (spec 1 §3, §6; ARCHITECTURE §5).

/** What a verified id token says about its user. */
export interface TokenIdentity {
  /** The pool user's immutable id. */
  sub: string;
  email: string;
  emailVerified: boolean;
}

export const ORGANIZATION_SUSPENDED = 'Your organization is suspended. Contact your administrator or support to restore access.';
export const NOT_A_MEMBER = 'Your account is not a member of any organization';
export const EMAIL_NOT_VERIFIED = 'Your e-mail address is not verified';
export const EMAIL_MISMATCH = 'Your sign-in e-mail does not match your membership. Ask an administrator of your organization to change it in Quality Desk.';

/**
 * The member a token's user is bound to: found by the immutable `sub` only. The token's e-mail
 * claim is never used to find a member; it must be verified and equal the bound member's e-mail,
 * so an e-mail changed at the user pool behind the API's back (the claim a user could write)
 * serves nothing at all.
 */
export async function resolveMember(store: TenancyStore, identity: TokenIdentity): Promise<{ member: MemberRecord; assignments: AssignmentRecord[]; organization: OrganizationRecord }> {
  const { member, assignments } = await store.findMemberBySub(identity.sub);
  if (!member || member.sub !== identity.sub) throw new Forbidden(NOT_A_MEMBER);
  if (!identity.emailVerified) throw new Forbidden(EMAIL_NOT_VERIFIED);
  if (member.email.toLowerCase() !== identity.email.toLowerCase()) throw new Forbidden(EMAIL_MISMATCH);
  const organization = await store.getOrganization(member.organizationId);
  if (!organization) throw new Forbidden('Your organization no longer exists');
  if (organization.status === 'suspended' || organization.inactive) throw new Forbidden(ORGANIZATION_SUSPENDED);
  return { member, assignments, organization };
}

export async function resolveCaller(store: TenancyStore, identity: TokenIdentity): Promise<Caller> {
  const { member, assignments, organization } = await resolveMember(store, identity);
  return buildCaller(identity.sub, member, organization, assignments);
}

export const NO_INSTANCE_ACCESS = 'You do not have access to this instance';

/**
 * The instance named by x-instance-id, if the caller may act on it: super admins on any instance,
 * org admins on every instance of their organization, others on the instances assigned to them.
 * An unknown instance answers the same 403 as a foreign one, so ids cannot be probed.
 */
export async function resolveInstance(store: TenancyStore, caller: Caller, instanceId: string): Promise<InstanceRecord> {
  if (caller.isSuperAdmin) {
    const instance = await store.findInstanceById(instanceId);
    if (instance) return instance;
    throw new Forbidden(NO_INSTANCE_ACCESS);
  }
  const orgId = caller.organization.id;
  if (!caller.isOrgAdmin) {
    const assignment = await store.getAssignment(orgId, instanceId, caller.email);
    if (!assignment) throw new Forbidden(NO_INSTANCE_ACCESS);
  }
  const instance = await store.getInstance(orgId, instanceId);
  if (!instance || instance.status !== 'active') throw new Forbidden(NO_INSTANCE_ACCESS);
  return instance;
}

/** The {orgId} of an organization-scoped route, if the caller may act on it. */
export function assertOrganizationAccess(caller: Caller, orgId: string): void {
  if (caller.isSuperAdmin || caller.organization.id === orgId) return;
  throw new Forbidden('You do not have access to this organization');
}

/** Instances the caller may choose from (GET /api/users/me/instances). */
export async function listAccessibleInstances(store: TenancyStore, caller: Caller): Promise<Instance[]> {
  let pairs: Array<{ instance: InstanceRecord; organization: OrganizationRecord }>;
  if (caller.isSuperAdmin) {
    // Soft-deleted organizations are gone for everyone; suspended ones stay reachable for support.
    const organizations = (await store.listOrganizations()).filter((o) => !o.inactive);
    const perOrg = await Promise.all(
      organizations.map(async (organization) =>
        (await store.listInstances(organization.id)).map((instance) => ({ instance, organization })),
      ),
    );
    pairs = perOrg.flat();
  } else if (caller.isOrgAdmin) {
    pairs = (await store.listInstances(caller.organization.id)).map((instance) => ({ instance, organization: caller.organization }));
  } else {
    const assigned = new Set(caller.assignments.map((a) => a.instanceId));
    pairs = (await store.listInstances(caller.organization.id))
      .filter((i) => assigned.has(i.id))
      .map((instance) => ({ instance, organization: caller.organization }));
  }
  pairs = pairs.filter((p) => p.instance.status === 'active');
  // Own organization first, then by organization and instance name.
  pairs.sort(
    (a, b) =>
      Number(b.organization.id === caller.organization.id) - Number(a.organization.id === caller.organization.id) ||
      a.organization.name.localeCompare(b.organization.name) ||
      a.instance.name.localeCompare(b.instance.name),
  );
  return Promise.all(
    pairs.map(async ({ instance, organization }) => ({
      id: instance.id,
      name: instance.name,
      type: instance.type,
      description: instance.description,
      warehouseType: instance.warehouseType,
      organization_id: organization.id,
      organization_name: organization.name,
      userCount: await store.countAssignments(organization.id, instance.id),
      datasetCount: await store.countDatasets(organization.id, instance.id),
      created_by: instance.createdBy,
      status: instance.status,
    })),
  );
}
