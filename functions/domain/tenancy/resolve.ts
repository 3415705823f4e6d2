import type { Instance } from '../../../shared/schemas/session';
import { Forbidden } from '../errors';
import { isSuperAdminRole, normalizeRole } from '../../../shared/roles';
import { buildCaller, type Caller } from './caller';
import type { InstanceRecord, MemberRecord, OrganizationRecord } from './records';
import type { CallerContext, TenancyStore } from './tenancy-store';

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
export async function resolveMember(store: TenancyStore, identity: TokenIdentity): Promise<{ member: MemberRecord; organization: OrganizationRecord }> {
  const { member, organization } = await resolveMemberAlong(store, identity);
  return { member, organization };
}

/**
 * The member bound to the token's sub and its organization, with the instance a request names and
 * the member's assignment to it read in the same round trip (TenancyStore.findCallerContext). The
 * caller's own refusals (not a member, e-mail, suspended organization) are decided first; nothing
 * read about the instance is used before they pass.
 */
async function resolveMemberAlong(
  store: TenancyStore,
  identity: TokenIdentity,
  instanceId?: string,
): Promise<{ member: MemberRecord; organization: OrganizationRecord; context: CallerContext }> {
  const context = await store.findCallerContext(identity.sub, instanceId);
  const { member, organization } = context;
  if (!member || member.sub !== identity.sub) throw new Forbidden(NOT_A_MEMBER);
  if (!identity.emailVerified) throw new Forbidden(EMAIL_NOT_VERIFIED);
  if (member.email.toLowerCase() !== identity.email.toLowerCase()) throw new Forbidden(EMAIL_MISMATCH);
  if (!organization) throw new Forbidden('Your organization no longer exists');
  if (organization.status === 'suspended' || organization.inactive) throw new Forbidden(ORGANIZATION_SUSPENDED);
  return { member, organization, context };
}

export async function resolveCaller(store: TenancyStore, identity: TokenIdentity): Promise<Caller> {
  const { member, organization } = await resolveMember(store, identity);
  return buildCaller(identity.sub, member, organization);
}

/**
 * The caller and the instance a request names (or undefined when it names none). `instance()`
 * answers the instance or throws its refusal; call it only after the caller's own checks have
 * passed (the IP allowlist is checked after this).
 */
export async function resolveCallerWithInstance(
  store: TenancyStore,
  identity: TokenIdentity,
  instanceId: string | undefined,
): Promise<{ caller: Caller; instance: () => InstanceRecord }> {
  const { member, organization, context } = await resolveMemberAlong(store, identity, instanceId);
  const caller = buildCaller(identity.sub, member, organization);
  const [along] = instanceId ? await Promise.allSettled([instanceFrom(store, seekerOf(member), instanceId, context)]) : [];
  return {
    caller,
    instance: () => {
      if (!along) throw new Error('no instance was named');
      if (along.status === 'rejected') throw along.reason;
      return along.value;
    },
  };
}

export const NO_INSTANCE_ACCESS = 'You do not have access to this instance';

/**
 * The instance named by x-instance-id, if the caller may act on it: super admins on any instance,
 * org admins on every instance of their organization, others on the instances assigned to them.
 * An unknown instance answers the same 403 as a foreign one, so ids cannot be probed.
 */
/** Who is asking for an instance: all resolveInstance needs to know of a caller. */
export interface InstanceSeeker {
  organizationId: string;
  email: string;
  isOrgAdmin: boolean;
  isSuperAdmin: boolean;
}

export const seekerOf = (who: Caller | MemberRecord): InstanceSeeker =>
  'organization' in who
    ? { organizationId: who.organization.id, email: who.email, isOrgAdmin: who.isOrgAdmin, isSuperAdmin: who.isSuperAdmin }
    : { organizationId: who.organizationId, email: who.email, isOrgAdmin: who.isOrgAdmin, isSuperAdmin: isSuperAdminRole(normalizeRole(who.role)) };

export async function resolveInstance(store: TenancyStore, who: Caller | InstanceSeeker, instanceId: string): Promise<InstanceRecord> {
  const seeker = 'organization' in who ? seekerOf(who) : who;
  if (seeker.isSuperAdmin) return instanceFrom(store, seeker, instanceId, {});
  const orgId = seeker.organizationId;
  // The assignment (strongly consistent) and the instance are read together.
  const [assignment, instance] = await Promise.all([
    seeker.isOrgAdmin ? undefined : store.getAssignment(orgId, instanceId, seeker.email),
    store.getInstance(orgId, instanceId),
  ]);
  return instanceFrom(store, seeker, instanceId, { instance, assignment });
}

/** resolveInstance's decision, given the instance of the seeker's organization and their assignment to it. */
async function instanceFrom(store: TenancyStore, seeker: InstanceSeeker, instanceId: string, read: Pick<CallerContext, 'instance' | 'assignment'>): Promise<InstanceRecord> {
  if (seeker.isSuperAdmin) {
    // Any organization's instance (the one of the seeker's own organization may be read already).
    const instance = read.instance ?? (await store.findInstanceById(instanceId));
    if (instance) return instance;
    throw new Forbidden(NO_INSTANCE_ACCESS);
  }
  if (!seeker.isOrgAdmin && !read.assignment) throw new Forbidden(NO_INSTANCE_ACCESS);
  if (!read.instance || read.instance.status !== 'active') throw new Forbidden(NO_INSTANCE_ACCESS);
  return read.instance;
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
    const assigned = new Set((await store.assignmentsOf(caller.organization.id, caller.email)).map((a) => a.instanceId));
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
