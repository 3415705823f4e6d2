import type { Instance } from '../../../shared/schemas/session';
import { Forbidden } from '../errors';
import { buildCaller, type Caller } from './caller';
import type { InstanceRecord, OrganizationRecord } from './records';
import type { TenancyStore } from './tenancy-store';

// Who the caller is, and which instances they may act on (spec 1 §3, §6; ARCHITECTURE §5).

export async function resolveCaller(store: TenancyStore, identity: { email: string; sub: string }): Promise<Caller> {
  const { member, assignments } = await store.findMemberByEmail(identity.email);
  if (!member) throw new Forbidden('Your account is not a member of any organization');
  const organization = await store.getOrganization(member.organizationId);
  if (!organization) throw new Forbidden('Your organization no longer exists');
  if (organization.status === 'suspended' || organization.inactive) throw new Forbidden('Your organization is suspended');
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
