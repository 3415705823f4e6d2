import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { inView, type AssignmentRecord, type DatasetRecord, type IdentityBinding, type InstanceRecord, type IssueCounts, type MemberRecord, type OrganizationRecord } from '../../domain/tenancy/records';
import { statusTotals } from '../../domain/issues/counters';
import { documentClient, table } from './client';
import { readCounterCells } from './issue-counters';
import * as keys from './keys';
import { stripKeys } from './keys';
import { batchGetAll, countAll, partitionQuery, queryAll } from './query';
import { BindingHints } from './binding-hints';
import type { CallerContext } from '../../domain/tenancy/tenancy-store';

// Reads and writes of organizations, members, instances, assignments and datasets.

type Item = Record<string, unknown>;

async function get<T>(key: { pk: string; sk: string }): Promise<T | undefined> {
  const out = await documentClient().send(new GetCommand({ TableName: table(), Key: key, ConsistentRead: true }));
  return out.Item ? (stripKeys(out.Item) as T) : undefined;
}

const bindingHints = new BindingHints();

/** The member a binding points at, its organization and the named instance and assignment, in one BatchGet. */
async function readCallerContext(binding: IdentityBinding, instanceId: string | undefined): Promise<CallerContext> {
  const { organizationId: orgId, email } = binding;
  const wanted = {
    member: keys.member(orgId, email),
    organization: keys.organization(orgId),
    ...(instanceId ? { instance: keys.instance(orgId, instanceId), assignment: keys.assignment(orgId, instanceId, email) } : {}),
  };
  const found = new Map((await batchGetAll(Object.values(wanted))).map((item) => [`${String(item.pk)}\u0000${String(item.sk)}`, stripKeys(item)]));
  const pick = <T>(key: { pk: string; sk: string } | undefined) => (key ? (found.get(`${key.pk}\u0000${key.sk}`) as T | undefined) : undefined);
  const member = pick<MemberRecord>(wanted.member);
  if (!member || member.sub !== binding.sub) return {};
  return {
    member,
    organization: pick<OrganizationRecord>(wanted.organization),
    instance: pick<InstanceRecord>(wanted.instance),
    assignment: pick<AssignmentRecord>(wanted.assignment),
  };
}

const queryPrefix = (key: { pk: string; skPrefix: string }) => queryAll(partitionQuery(key.pk, key.skPrefix));
const countPrefix = (key: { pk: string; skPrefix: string }) => countAll(partitionQuery(key.pk, key.skPrefix));

export const tenancyRepository = {
  getOrganization: (orgId: string) => get<OrganizationRecord>(keys.organization(orgId)),

  async listOrganizations(): Promise<OrganizationRecord[]> {
    const items = await queryAll({
      IndexName: 'byLookup',
      KeyConditionExpression: 'gsi1pk = :pk',
      ExpressionAttributeValues: { ':pk': keys.allOrganizationsLookup().gsi1pk },
    });
    return items.map((i) => stripKeys(i) as unknown as OrganizationRecord);
  },

  getMember: (orgId: string, email: string) => get<MemberRecord>(keys.member(orgId, email)),

  /**
   * The member record of an e-mail (via the index, then read consistently from the table) and the
   * instances assigned to them.
   */
  async findMemberByEmail(email: string): Promise<{ member?: MemberRecord; assignments: AssignmentRecord[] }> {
    const items = await queryAll({
      IndexName: 'byLookup',
      KeyConditionExpression: 'gsi1pk = :pk',
      ExpressionAttributeValues: { ':pk': keys.userLookup(email).gsi1pk },
    });
    const memberItem = items.find((i) => i.kind === 'member') as { organizationId: string } | undefined;
    const member = memberItem ? await tenancyRepository.getMember(memberItem.organizationId, email) : undefined;
    const assignments = items
      .filter((i) => i.kind === 'assignment')
      .map((i) => stripKeys(i) as unknown as AssignmentRecord)
      .filter((a) => member && a.organizationId === member.organizationId);
    return { member, assignments };
  },

  /** The instance assignments an e-mail holds in one organization (through the e-mail's lookup). */
  async assignmentsOf(organizationId: string, email: string): Promise<AssignmentRecord[]> {
    const items = await queryAll({
      IndexName: 'byLookup',
      KeyConditionExpression: 'gsi1pk = :pk',
      ExpressionAttributeValues: { ':pk': keys.userLookup(email).gsi1pk },
    });
    return items
      .filter((i) => i.kind === 'assignment')
      .map((i) => stripKeys(i) as unknown as AssignmentRecord)
      .filter((a) => a.organizationId === organizationId);
  },

  /**
   * The caller's member, organization and named instance and assignment: one consistent
   * BatchGet where the binding is remembered (binding-hints.ts), else the binding first.
   */
  async findCallerContext(sub: string, instanceId?: string): Promise<CallerContext> {
    const hinted = bindingHints.get(sub);
    if (hinted) {
      const context = await readCallerContext(hinted, instanceId);
      if (context.member?.sub === sub) return context;
      // The binding changed since it was remembered: read it again before answering.
      bindingHints.forget(sub);
    }
    const binding = await get<IdentityBinding>(keys.identity(sub));
    if (!binding) return {};
    const context = await readCallerContext(binding, instanceId);
    if (context.member?.sub !== sub) return {};
    bindingHints.set(binding);
    return context;
  },

  listMembers: async (orgId: string) => (await queryPrefix(keys.memberPrefix(orgId))).map((i) => stripKeys(i) as unknown as MemberRecord),

  getInstance: (orgId: string, instanceId: string) => get<InstanceRecord>(keys.instance(orgId, instanceId)),

  async findInstanceById(instanceId: string): Promise<InstanceRecord | undefined> {
    const items = await queryAll({
      IndexName: 'byLookup',
      KeyConditionExpression: 'gsi1pk = :pk AND gsi1sk = :sk',
      ExpressionAttributeValues: { ':pk': keys.instanceLookup(instanceId).gsi1pk, ':sk': keys.instanceLookup(instanceId).gsi1sk },
    });
    const found = items[0] as { organizationId: string } | undefined;
    return found ? tenancyRepository.getInstance(found.organizationId, instanceId) : undefined;
  },

  listInstances: async (orgId: string) =>
    (await queryPrefix(keys.instancePrefix(orgId))).map((i) => stripKeys(i) as unknown as InstanceRecord),

  getAssignment: (orgId: string, instanceId: string, email: string) =>
    get<AssignmentRecord>(keys.assignment(orgId, instanceId, email)),

  countAssignments: (orgId: string, instanceId: string) => countPrefix(keys.assignmentPrefix(orgId, instanceId)),

  countDatasets: (orgId: string, instanceId: string) => countPrefix(keys.datasetPrefix(orgId, instanceId)),

  async listDatasets(orgId: string, instanceId: string): Promise<Array<DatasetRecord & { counts: IssueCounts }>> {
    const datasets = (await queryPrefix(keys.datasetPrefix(orgId, instanceId))).map((i) => stripKeys(i) as unknown as DatasetRecord).filter(inView);
    // Exact: the sums of the counters that change with every issue change.
    return Promise.all(datasets.map(async (d) => ({ ...d, counts: statusTotals(await readCounterCells(orgId, instanceId, d.id)) })));
  },

  async updateMemberProfile(
    orgId: string,
    email: string,
    profile: Partial<Pick<MemberRecord, 'firstName' | 'lastName' | 'title'>>,
  ): Promise<MemberRecord> {
    const entries = Object.entries(profile).filter(([, v]) => v !== undefined);
    if (entries.length === 0) {
      const current = await tenancyRepository.getMember(orgId, email);
      if (!current) throw new Error('member vanished');
      return current;
    }
    const names: Record<string, string> = { '#updatedAt': 'updatedAt' };
    const values: Record<string, unknown> = { ':updatedAt': new Date().toISOString() };
    const sets = ['#updatedAt = :updatedAt'];
    for (const [k, v] of entries) {
      names[`#${k}`] = k;
      values[`:${k}`] = v;
      sets.push(`#${k} = :${k}`);
    }
    const out = await documentClient().send(
      new UpdateCommand({
        TableName: table(),
        Key: keys.member(orgId, email),
        UpdateExpression: `SET ${sets.join(', ')}`,
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeNames: names,
        ExpressionAttributeValues: values,
        ReturnValues: 'ALL_NEW',
      }),
    );
    return stripKeys(out.Attributes ?? {}) as unknown as MemberRecord;
  },
};
