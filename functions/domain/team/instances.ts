import type { Instance } from '../../../shared/schemas/session';
import type { InstanceCreate, InstanceUpdate } from '../../../shared/schemas/team';
import type { Role } from '../../../shared/roles';
import { Conflict, NotFound, ValidationFailed } from '../errors';
import type { Caller } from '../tenancy/caller';
import type { InstanceRecord, OrganizationRecord } from '../tenancy/records';
import { auditEntry } from './audit';
import type { TeamClock, TeamStore } from './ports';

// Instances of an organization (spec 2 §3 Instance, §5 instance rules, §7.1).
// Deleting an instance is a soft delete: the instance is marked inactive with deletedAt, its
// assignments are removed, and its datasets and issues stay in the table (no one can reach them:
// every instance-scoped route refuses an inactive instance). They are kept so support can restore
// a mistaken delete; nothing purges them yet.

async function organizationOf(store: TeamStore, orgId: string): Promise<OrganizationRecord> {
  const organization = await store.getOrganization(orgId);
  if (!organization) throw new NotFound('Organization not found');
  return organization;
}

export async function toInstance(store: TeamStore, organization: OrganizationRecord, i: InstanceRecord): Promise<Instance> {
  const [assignments, datasetCount] = await Promise.all([store.listAssignments(organization.id, i.id), store.countDatasets(organization.id, i.id)]);
  return {
    id: i.id,
    name: i.name,
    type: i.type,
    description: i.description,
    warehouseType: i.warehouseType,
    organization_id: organization.id,
    organization_name: organization.name,
    userCount: assignments.length,
    datasetCount,
    created_by: i.createdBy,
    status: i.status,
  };
}

export async function listOrganizationInstances(store: TeamStore, orgId: string): Promise<Instance[]> {
  const organization = await organizationOf(store, orgId);
  const instances = (await store.listInstances(orgId)).filter((i) => i.status === 'active').sort((a, b) => a.name.localeCompare(b.name));
  return Promise.all(instances.map((i) => toInstance(store, organization, i)));
}

async function activeInstance(store: TeamStore, orgId: string, instanceId: string): Promise<InstanceRecord> {
  const instance = await store.getInstance(orgId, instanceId);
  if (!instance || instance.status !== 'active') throw new NotFound('Instance not found');
  return instance;
}

function assertUniqueName(existing: readonly InstanceRecord[], name: string, exceptId?: string): void {
  const clash = existing.find((i) => i.status === 'active' && i.id !== exceptId && i.name.toLowerCase() === name.toLowerCase());
  if (clash) throw new Conflict(`An instance named "${name}" already exists`);
}

export async function createInstance(store: TeamStore, clock: TeamClock, caller: Caller, orgId: string, input: InstanceCreate): Promise<Instance> {
  const organization = await organizationOf(store, orgId);
  if (!input.name.trim()) throw new ValidationFailed('Instance name is required', [{ field: 'name', message: 'Instance name is required' }]);
  assertUniqueName(await store.listInstances(orgId), input.name);
  const now = clock.now();
  const instance: InstanceRecord = {
    id: `inst_${clock.newId().toLowerCase()}`,
    organizationId: orgId,
    name: input.name,
    type: input.type,
    description: input.description,
    warehouseType: input.warehouseType,
    createdBy: caller.email,
    status: 'active',
    createdAt: now.toISOString(),
  };
  const { organizationId: _o, createdAt: _c, ...after } = instance;
  await store.createInstance(instance, auditEntry(clock, now, orgId, caller, 'instance.create', instance.id, null, after));
  return toInstance(store, organization, instance);
}

export async function updateInstance(store: TeamStore, clock: TeamClock, caller: Caller, orgId: string, instanceId: string, input: InstanceUpdate): Promise<Instance> {
  const organization = await organizationOf(store, orgId);
  const current = await activeInstance(store, orgId, instanceId);
  if (input.name !== undefined) assertUniqueName(await store.listInstances(orgId), input.name, instanceId);
  const next: InstanceRecord = { ...current, ...Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined)) };
  const pick = (i: InstanceRecord) => ({ name: i.name, type: i.type, description: i.description, warehouseType: i.warehouseType });
  await store.updateInstance(next, auditEntry(clock, clock.now(), orgId, caller, 'instance.update', instanceId, pick(current), pick(next)));
  return toInstance(store, organization, next);
}

export async function deleteInstance(store: TeamStore, clock: TeamClock, caller: Caller, orgId: string, instanceId: string): Promise<{ removedAssignments: number }> {
  const current = await store.getInstance(orgId, instanceId);
  if (!current) throw new NotFound('Instance not found');
  const now = clock.now();
  // An instance already marked deleted: finish removing its assignments (a resumed delete).
  return store.deleteInstance(orgId, instanceId, now.toISOString(), auditEntry(clock, now, orgId, caller, 'instance.delete', instanceId, { name: current.name, status: current.status }, { status: 'inactive' }));
}

export async function assignUser(store: TeamStore, clock: TeamClock, caller: Caller, orgId: string, instanceId: string, email: string, role: Role): Promise<void> {
  await activeInstance(store, orgId, instanceId);
  const member = await store.getMember(orgId, email);
  if (!member) throw new NotFound('Member not found');
  const now = clock.now();
  await store.addAssignment(
    { organizationId: orgId, instanceId, email, role, assignedAt: now.toISOString() },
    auditEntry(clock, now, orgId, caller, 'instance.assign', `${instanceId}/${email}`, null, { role }),
  );
}

export async function unassignUser(store: TeamStore, clock: TeamClock, caller: Caller, orgId: string, instanceId: string, email: string): Promise<void> {
  const member = await store.getMember(orgId, email);
  if (member?.isOrgAdmin) throw new Conflict('Organization admins have access to every instance; they cannot be removed from one');
  await store.removeAssignment(orgId, instanceId, email, auditEntry(clock, clock.now(), orgId, caller, 'instance.unassign', `${instanceId}/${email}`, { assigned: true }, { assigned: false }));
}
