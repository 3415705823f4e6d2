import { isSuperAdminRole, normalizeRole } from '../../../shared/roles';
import { slugFromName } from '../../../shared/invites';
import type { Organization, OrganizationCreate, OrganizationUpdate } from '../../../shared/schemas/organizations';
import { organizationCreateSchema } from '../../../shared/schemas/organizations';
import { Conflict, Forbidden, NotFound, ValidationFailed } from '../errors';
import { KEY_ROTATION_DAYS } from '../secrets/envelope';
import { keyState, type KeyInspection } from '../system/key-status';
import { auditEntry } from '../team/audit';
import { ipAllowed, normalizeAllowlist, normalizeIp } from '../tenancy/ip-allowlist';
import { LOCKOUT_FIELD, type IpAllowlist } from '../../../shared/schemas/security';
import type { TeamClock } from '../team/ports';
import type { AuditEntry } from '../team/records';
import { administers } from '../team/rules';
import { displayName, type Caller } from '../tenancy/caller';
import type { InstanceRecord, MemberRecord, OrganizationRecord } from '../tenancy/records';

// Organizations (spec 2 §2.3 General and Organizations, §5 domain and organization rules, §7.1).

export interface CellInfo {
  name: string;
  status: string;
  itemCount: number;
  sizeBytes: number;
  region: string;
}

export interface OrganizationStore {
  getOrganization(id: string): Promise<OrganizationRecord | undefined>;
  listOrganizations(): Promise<OrganizationRecord[]>;
  createOrganization(organization: OrganizationRecord, audit: AuditEntry): Promise<void>;
  /** Conditioned on the organization being unchanged since `previous` was read. */
  updateOrganization(organization: OrganizationRecord, audit: AuditEntry, previous: OrganizationRecord): Promise<void>;
  countMembers(id: string): Promise<number>;
  listMembers(id: string): Promise<MemberRecord[]>;
  listInstances(id: string): Promise<InstanceRecord[]>;
  countDatasets(id: string, instanceId: string): Promise<number>;
  countInvites(id: string): Promise<number>;
  /** The data cell (DescribeTable of the stage's table). */
  describeCell(): Promise<CellInfo>;
  /** An audit entry on its own (the permanent purge, recorded in the caller's organization). */
  writeAudit(entry: AuditEntry): Promise<void>;
}

/** What a permanent purge removed (tenant-purge.ts); `complete: false` means call again to resume. */
export interface PurgeReport {
  complete: boolean;
  itemsDeleted: number;
  partitionsEmptied: number;
  instances: number;
  datasets: number;
  members: number;
  poolUsersDeleted: number;
}

/** Removes every item of the tenant and its members' pool users, until `deadline` (ms). */
export type TenantPurge = (orgId: string, deadline: number) => Promise<PurgeReport>;

export interface OrganizationDeps {
  store: OrganizationStore;
  clock: TeamClock;
  /** The cell new organizations are placed in (the table name). */
  cell: string;
}

export function toOrganization(o: OrganizationRecord, users: number, cell: string): Organization {
  return {
    id: o.id,
    name: o.name,
    slug: o.slug,
    domain: o.domain,
    domains: o.domains,
    subscription: o.subscription,
    status: o.status,
    inactive: o.inactive === true,
    created: o.createdAt,
    users,
    shard: o.shard ?? cell,
    byok: o.byok !== undefined,
    data_protection: { kms_key_arn: o.byok?.kmsKeyArn ?? null, last_rotation: o.byok?.lastRotation ?? null },
    diagnostics_config: o.diagnosticsConfig ?? null,
  };
}

async function found(store: OrganizationStore, id: string): Promise<OrganizationRecord> {
  const o = await store.getOrganization(id);
  if (!o) throw new NotFound('Organization not found');
  return o;
}

export async function listOrganizations(deps: OrganizationDeps, includeInactive: boolean): Promise<Organization[]> {
  const all = (await deps.store.listOrganizations()).filter((o) => includeInactive || !o.inactive);
  const counted = await Promise.all(all.map(async (o) => toOrganization(o, await deps.store.countMembers(o.id), deps.cell)));
  return counted.sort((a, b) => a.name.localeCompare(b.name));
}

export async function getOrganization(deps: OrganizationDeps, id: string): Promise<Organization> {
  const o = await found(deps.store, id);
  return toOrganization(o, await deps.store.countMembers(id), deps.cell);
}

export async function createOrganization(deps: OrganizationDeps, caller: Caller, body: OrganizationCreate): Promise<Organization> {
  const input = organizationCreateSchema.parse(body);
  const slug = input.slug ?? slugFromName(input.name);
  if (!slug) throw new ValidationFailed('Please fill in all required fields', [{ field: 'slug', message: 'is required' }]);
  const now = deps.clock.now();
  const organization: OrganizationRecord = {
    id: `org_${slug}`,
    name: input.name,
    type: 'admin',
    slug,
    domain: input.domain,
    domains: [input.domain],
    subscription: input.subscription,
    status: 'active',
    createdAt: now.toISOString(),
    shard: deps.cell,
  };
  await deps.store.createOrganization(organization, auditEntry(deps.clock, now, organization.id, caller, 'organization.create', organization.id, null, { name: organization.name, slug, domain: organization.domain, subscription: organization.subscription }));
  return toOrganization(organization, 0, deps.cell);
}

type Changed = Partial<Pick<OrganizationRecord, 'name' | 'subscription' | 'status' | 'byok' | 'domains' | 'inactive' | 'diagnosticsConfig' | 'purgeStartedAt' | 'ipAllowlist'>>;

export const BEING_PURGED = 'This organization is being deleted permanently';

async function change(deps: OrganizationDeps, caller: Caller, id: string, action: AuditEntry['action'], apply: (o: OrganizationRecord) => Changed): Promise<Organization> {
  const current = await found(deps.store, id);
  if (current.purgeStartedAt) throw new Conflict(BEING_PURGED);
  const changes = apply(current);
  const next: OrganizationRecord = { ...current, ...changes };
  const before = Object.fromEntries(Object.keys(changes).map((k) => [k, (current as unknown as Record<string, unknown>)[k] ?? null]));
  await deps.store.updateOrganization(next, auditEntry(deps.clock, deps.clock.now(), id, caller, action, id, before, changes), current);
  return toOrganization(next, await deps.store.countMembers(id), deps.cell);
}

export async function updateOrganization(deps: OrganizationDeps, caller: Caller, id: string, input: OrganizationUpdate): Promise<Organization> {
  const platformOnly = input.subscription !== undefined || input.status !== undefined || input.data_protection !== undefined;
  if (platformOnly && !caller.isSuperAdmin) throw new Forbidden('Only a super admin can change the subscription, status or keys of an organization');
  if (input.status === 'suspended' && id === caller.organization.id) throw new Conflict('You cannot suspend your own organization');
  const action: AuditEntry['action'] = input.status === 'suspended' ? 'organization.suspend' : input.status === 'active' ? 'organization.reactivate' : 'organization.update';
  return change(deps, caller, id, action, () => ({
    ...(input.name !== undefined ? { name: input.name } : {}),
    ...(input.subscription !== undefined ? { subscription: input.subscription } : {}),
    ...(input.status !== undefined ? { status: input.status } : {}),
    ...(input.data_protection !== undefined
      ? { byok: input.data_protection.kms_key_arn ? { kmsKeyArn: input.data_protection.kms_key_arn, lastRotation: deps.clock.now().toISOString(), status: 'active' as const } : undefined }
      : {}),
  }));
}

/** The organization's IP allowlist as the System & Security tab shows it, with the caller's own address. */
export function ipAllowlistView(org: OrganizationRecord, sourceIp: string): IpAllowlist {
  const cidrs = org.ipAllowlist?.cidrs ?? [];
  return { success: true, cidrs, yourIp: normalizeIp(sourceIp), yourIpAllowed: ipAllowed(sourceIp, cidrs), updatedAt: org.ipAllowlist?.updatedAt ?? null, updatedBy: org.ipAllowlist?.updatedBy ?? null };
}

/**
 * Saves the IP allowlist (org admins of the organization, or a super admin — who can thus clear
 * the list of an organization that locked itself out). A list that leaves out the saving admin's
 * own address answers 409 unless they confirmed; the audit entry is written with the change.
 */
export async function setIpAllowlist(deps: OrganizationDeps, caller: Caller, id: string, input: { cidrs: string[]; confirmLockout?: boolean }, sourceIp: string): Promise<IpAllowlist> {
  const cidrs = normalizeAllowlist(input.cidrs);
  const locksOut = id === caller.organization.id && !ipAllowed(sourceIp, cidrs);
  if (locksOut && !input.confirmLockout) {
    throw new Conflict(`Your IP address (${normalizeIp(sourceIp)}) is not in this allowlist: saving it would lock you out. Confirm to save anyway.`, [
      { field: LOCKOUT_FIELD, message: `your address ${normalizeIp(sourceIp)} is not in the list` },
    ]);
  }
  const now = deps.clock.now().toISOString();
  await change(deps, caller, id, 'organization.ip_allowlist', () => ({ ipAllowlist: { cidrs, updatedAt: now, updatedBy: caller.email } }));
  return ipAllowlistView(await found(deps.store, id), sourceIp);
}

export async function softDeleteOrganization(deps: OrganizationDeps, caller: Caller, id: string): Promise<Organization> {
  if (id === caller.organization.id) throw new Conflict('You cannot delete your own organization');
  return change(deps, caller, id, 'organization.delete', () => ({ inactive: true }));
}

export const PURGE_NEEDS_SUSPENSION = 'Suspend or deactivate the organization before deleting it permanently';

/**
 * Permanent deletion (spec 2 §7.1 DELETE /api/organizations/{id}/permanent). The safe rule: only
 * an organization already suspended or soft-deleted (so its members are already locked out and
 * someone looked at it twice), never the caller's own. The first call marks it (no change to it
 * is accepted from then on); each call removes what it can within the time budget and answers
 * complete: false until everything is gone; the last one records the purge in the caller's
 * organization's audit log (the tenant's own log is deleted with it).
 */
export async function purgeOrganization(deps: OrganizationDeps, purge: TenantPurge, caller: Caller, id: string, budgetMs: number): Promise<PurgeReport & { organization: { id: string; name: string } }> {
  if (id === caller.organization.id) throw new Conflict('You cannot delete your own organization');
  const current = await found(deps.store, id);
  if (!current.purgeStartedAt) {
    if (current.status !== 'suspended' && !current.inactive) throw new Conflict(PURGE_NEEDS_SUSPENSION);
    await change(deps, caller, id, 'organization.purge', () => ({ purgeStartedAt: deps.clock.now().toISOString() }));
  }
  const report = await purge(id, deps.clock.now().getTime() + budgetMs);
  if (report.complete) {
    const now = deps.clock.now();
    await deps.store.writeAudit(
      auditEntry(deps.clock, now, caller.organization.id, caller, 'organization.purge', id, { name: current.name, status: current.status, inactive: current.inactive === true }, { deleted: true, ...report }),
    );
  }
  return { ...report, organization: { id, name: current.name } };
}

export const DOMAIN_ALREADY_ADDED = 'This domain is already added';

export async function addDomain(deps: OrganizationDeps, caller: Caller, id: string, domain: string): Promise<Organization> {
  return change(deps, caller, id, 'domain.add', (o) => {
    if (o.domains.includes(domain)) throw new Conflict(DOMAIN_ALREADY_ADDED);
    return { domains: [...o.domains, domain] };
  });
}

export async function removeDomain(deps: OrganizationDeps, caller: Caller, id: string, domain: string): Promise<Organization> {
  return change(deps, caller, id, 'domain.remove', (o) => {
    if (domain === o.domain) throw new Conflict('The primary domain cannot be removed');
    if (!o.domains.includes(domain)) throw new NotFound('Domain not found');
    return { domains: o.domains.filter((d) => d !== domain) };
  });
}

export async function setDiagnostics(deps: OrganizationDeps, caller: Caller, id: string, input: { schema?: string; enabled: boolean }): Promise<Organization> {
  return change(deps, caller, id, 'organization.update', (o) => ({ diagnosticsConfig: { schema: input.schema ?? `${o.id}_diagnostics`, enabled: input.enabled } }));
}

export async function organizationStats(deps: OrganizationDeps, id: string) {
  await found(deps.store, id);
  const [members, instances, invites] = await Promise.all([deps.store.listMembers(id), deps.store.listInstances(id), deps.store.countInvites(id)]);
  const active = instances.filter((i) => i.status === 'active');
  const datasets = (await Promise.all(active.map((i) => deps.store.countDatasets(id, i.id)))).reduce((a, b) => a + b, 0);
  return { members: members.length, administrators: members.filter(administers).length, instances: active.length, datasets, invites };
}

export async function overview(deps: OrganizationDeps) {
  const all = (await deps.store.listOrganizations()).filter((o) => !o.inactive);
  const shards = new Set(all.map((o) => o.shard ?? deps.cell));
  return { totalAccounts: all.length, activeAccounts: all.filter((o) => o.status === 'active').length, byokEnabled: all.filter((o) => o.byok).length, sharding: { totalShards: Math.max(shards.size, 1) } };
}

/** Each data cell with the figures DescribeTable reports and the organizations placed in it. */
export async function shards(deps: OrganizationDeps) {
  const [cell, all] = await Promise.all([deps.store.describeCell(), deps.store.listOrganizations()]);
  const accounts = all.filter((o) => !o.inactive && (o.shard ?? deps.cell) === cell.name).length;
  const status = cell.status === 'ACTIVE' ? 'healthy' : cell.status === 'UPDATING' || cell.status === 'CREATING' ? 'warning' : 'error';
  return [
    {
      id: cell.name,
      name: cell.name,
      status: status as 'healthy' | 'warning' | 'error',
      region: cell.region,
      accounts,
      database: 'Amazon DynamoDB',
      itemCount: cell.itemCount,
      sizeBytes: cell.sizeBytes,
      ...(status !== 'healthy' ? { warning: `Table status ${cell.status}` } : {}),
    },
  ];
}

/**
 * The BYOK list (spec 2 §2.3 Organizations): each registered key's last rotation and status as
 * KMS reports them (locally the key file), read for every organization at once.
 */
export async function byokAccounts(deps: OrganizationDeps, inspect: (org: { byok: { kmsKeyArn: string } }) => Promise<KeyInspection>) {
  const now = deps.clock.now();
  const withKeys = (await deps.store.listOrganizations()).filter((o): o is OrganizationRecord & { byok: NonNullable<OrganizationRecord['byok']> } => Boolean(o.byok) && !o.inactive);
  return Promise.all(
    withKeys.map(async (o) => {
      const state = keyState(await inspect(o), now, KEY_ROTATION_DAYS);
      return { id: o.id, name: o.name, keyArn: o.byok.kmsKeyArn, keyRotation: state.lastRotation ?? o.byok.lastRotation, status: state.status, message: state.message };
    }),
  );
}

/** The organization's administrators (admin documentation endpoint, spec 2 §7.3). */
export async function organizationAdmins(deps: OrganizationDeps, id: string) {
  await found(deps.store, id);
  return (await deps.store.listMembers(id))
    .filter(administers)
    .map((m) => ({ email: m.email, name: displayName(m), role: normalizeRole(m.role), is_org_admin: m.isOrgAdmin, is_super_admin: isSuperAdminRole(normalizeRole(m.role)) }))
    .sort((a, b) => a.name.localeCompare(b.name));
}
