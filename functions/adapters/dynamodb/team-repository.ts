import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { BatchWriteCommand, GetCommand, PutCommand, QueryCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { Conflict, NotFound } from '../../domain/errors';
import type { TeamStore } from '../../domain/team/ports';
import type { AuditEntry, InviteRecord } from '../../domain/team/records';
import type { AssignmentRecord, InstanceRecord, MemberRecord } from '../../domain/tenancy/records';
import { documentClient, table } from './client';
import { items } from './items';
import { memberCreationItems } from './member-identity';
import * as keys from './keys';
import { stripKeys } from './keys';
import { partitionQuery, queryAll } from './query';
import { tenancyRepository } from './tenancy-repository';

// Team administration in the single table. Each change and its audit entry are one transaction.

type Item = Record<string, unknown>;

export const teamItems = {
  invite: (i: InviteRecord) => ({ ...keys.invite(i.organizationId, i.id), ...keys.inviteLookup(i.codeHash), kind: 'invite', ...i }),
  audit: (e: AuditEntry) => ({ ...keys.auditEntry(e.organizationId, e.at, e.id), kind: 'audit', ...e }),
};

const auditPut = (entry: AuditEntry) => ({ Put: { TableName: table(), Item: teamItems.audit(entry), ConditionExpression: 'attribute_not_exists(pk)' } });

/** The reasons a cancelled transaction gives, one per item, in order. */
function cancellationReasons(error: unknown): Array<string | undefined> | undefined {
  if (error instanceof TransactionCanceledException) return (error.CancellationReasons ?? []).map((r) => r.Code);
  return undefined;
}

async function transact(actions: object[], onConditionFailed: (failedIndex: number) => Error): Promise<void> {
  try {
    await documentClient().send(new TransactWriteCommand({ TransactItems: actions as never }));
  } catch (error) {
    const reasons = cancellationReasons(error);
    if (!reasons) throw error;
    const failed = reasons.findIndex((r) => r === 'ConditionalCheckFailed');
    if (failed >= 0) throw onConditionFailed(failed);
    throw error;
  }
}

async function getItem<T>(key: { pk: string; sk: string }): Promise<T | undefined> {
  const out = await documentClient().send(new GetCommand({ TableName: table(), Key: key, ConsistentRead: true }));
  return out.Item ? (stripKeys(out.Item) as T) : undefined;
}

const strip = <T>(list: Item[]) => list.map((i) => stripKeys(i) as unknown as T);

export const teamRepository: TeamStore & {
  listAudit(orgId: string, limit: number, cursor?: string): Promise<{ entries: AuditEntry[]; next?: string }>;
} = {
  getOrganization: (orgId) => tenancyRepository.getOrganization(orgId),
  getMember: (orgId, email) => tenancyRepository.getMember(orgId, email),
  findMemberByEmail: (email) => tenancyRepository.findMemberByEmail(email),
  listMembers: (orgId) => tenancyRepository.listMembers(orgId),
  listInstances: (orgId) => tenancyRepository.listInstances(orgId),
  getInstance: (orgId, instanceId) => tenancyRepository.getInstance(orgId, instanceId),
  countDatasets: (orgId, instanceId) => tenancyRepository.countDatasets(orgId, instanceId),
  async listAssignments(orgId, instanceId) {
    const k = keys.assignmentPrefix(orgId, instanceId);
    return strip<AssignmentRecord>(await queryAll(partitionQuery(k.pk, k.skPrefix)));
  },

  async changeRole(orgId, email, from, to, audit) {
    const now = audit.at;
    await transact(
      [
        {
          Update: {
            TableName: table(),
            Key: keys.member(orgId, email),
            UpdateExpression: 'SET #role = :to, updatedAt = :now',
            ConditionExpression: 'attribute_exists(pk) AND #role = :from',
            ExpressionAttributeNames: { '#role': 'role' },
            ExpressionAttributeValues: { ':to': to, ':from': from, ':now': now },
          },
        },
        auditPut(audit),
      ],
      () => new Conflict('The member changed meanwhile; reload and try again'),
    );
    const member = await tenancyRepository.getMember(orgId, email);
    if (!member) throw new NotFound('Member not found');
    return member;
  },

  async createInstance(instance, audit) {
    await transact(
      [{ Put: { TableName: table(), Item: items.instance(instance), ConditionExpression: 'attribute_not_exists(pk)' } }, auditPut(audit)],
      () => new Conflict('An instance with this id already exists'),
    );
  },

  async updateInstance(instance, audit) {
    await transact(
      [
        { Put: { TableName: table(), Item: items.instance(instance), ConditionExpression: 'attribute_exists(pk) AND #status = :active', ExpressionAttributeNames: { '#status': 'status' }, ExpressionAttributeValues: { ':active': 'active' } } },
        auditPut(audit),
      ],
      () => new NotFound('Instance not found'),
    );
  },

  async deleteInstance(orgId, instanceId, deletedAt, audit) {
    const current = await tenancyRepository.getInstance(orgId, instanceId);
    if (current?.status === 'active') {
      await transact(
        [
          {
            Update: {
              TableName: table(),
              Key: keys.instance(orgId, instanceId),
              UpdateExpression: 'SET #status = :inactive, deletedAt = :at, deletedBy = :by',
              ConditionExpression: '#status = :active',
              ExpressionAttributeNames: { '#status': 'status' },
              ExpressionAttributeValues: { ':inactive': 'inactive', ':active': 'active', ':at': deletedAt, ':by': audit.actor },
            },
          },
          auditPut(audit),
        ],
        () => new Conflict('The instance was deleted meanwhile'),
      );
    }
    // Then its assignments, in batches: idempotent, so a repeated delete finishes an interrupted one.
    const k = keys.assignmentPrefix(orgId, instanceId);
    const assignments = await queryAll({ ...partitionQuery(k.pk, k.skPrefix), ProjectionExpression: 'pk, sk' });
    for (let i = 0; i < assignments.length; i += 25) {
      let requests: object[] = assignments.slice(i, i + 25).map((a) => ({ DeleteRequest: { Key: { pk: a.pk, sk: a.sk } } }));
      for (let attempt = 0; requests.length > 0 && attempt < 8; attempt++) {
        const out = await documentClient().send(new BatchWriteCommand({ RequestItems: { [table()]: requests as never } }));
        requests = (out.UnprocessedItems?.[table()] ?? []) as object[];
        if (requests.length) await new Promise((r) => setTimeout(r, 50 * 2 ** attempt));
      }
      if (requests.length) throw new Error('could not remove every assignment; repeat the delete to finish');
    }
    return { removedAssignments: assignments.length };
  },

  async addAssignment(assignment, audit) {
    await transact(
      [
        {
          ConditionCheck: {
            TableName: table(),
            Key: keys.instance(assignment.organizationId, assignment.instanceId),
            ConditionExpression: '#status = :active',
            ExpressionAttributeNames: { '#status': 'status' },
            ExpressionAttributeValues: { ':active': 'active' },
          },
        },
        { ConditionCheck: { TableName: table(), Key: keys.member(assignment.organizationId, assignment.email), ConditionExpression: 'attribute_exists(pk)' } },
        { Put: { TableName: table(), Item: items.assignment(assignment), ConditionExpression: 'attribute_not_exists(pk)' } },
        auditPut(audit),
      ],
      (failed) => (failed === 2 ? new Conflict('The user is already assigned to this instance') : new NotFound(failed === 0 ? 'Instance not found' : 'Member not found')),
    );
  },

  async removeAssignment(orgId, instanceId, email, audit) {
    await transact(
      [{ Delete: { TableName: table(), Key: keys.assignment(orgId, instanceId, email), ConditionExpression: 'attribute_exists(pk)' } }, auditPut(audit)],
      () => new NotFound('The user is not assigned to this instance'),
    );
  },

  async listInvites(orgId) {
    const k = keys.invitePrefix(orgId);
    return strip<InviteRecord>(await queryAll(partitionQuery(k.pk, k.skPrefix)));
  },
  getInvite: (orgId, inviteId) => getItem<InviteRecord>(keys.invite(orgId, inviteId)),
  async findInviteByCodeHash(codeHash) {
    const lookup = keys.inviteLookup(codeHash);
    const out = await documentClient().send(
      new QueryCommand({
        TableName: table(),
        IndexName: 'byLookup',
        KeyConditionExpression: 'gsi1pk = :pk AND gsi1sk = :sk',
        ExpressionAttributeValues: { ':pk': lookup.gsi1pk, ':sk': lookup.gsi1sk },
        ProjectionExpression: 'organizationId, id',
        Limit: 1,
      }),
    );
    const found = out.Items?.[0] as { organizationId: string; id: string } | undefined;
    // The index is eventually consistent: the invite itself is read consistently from the table.
    const invite = found ? await getItem<InviteRecord>(keys.invite(found.organizationId, found.id)) : undefined;
    return invite && invite.codeHash === codeHash ? invite : undefined;
  },
  async createInvite(invite, audit) {
    await transact(
      [{ Put: { TableName: table(), Item: teamItems.invite(invite), ConditionExpression: 'attribute_not_exists(pk)' } }, auditPut(audit)],
      () => new Conflict('An invitation with this id already exists'),
    );
  },
  async revokeInvite(orgId, inviteId, audit) {
    await transact(
      [
        {
          Update: {
            TableName: table(),
            Key: keys.invite(orgId, inviteId),
            UpdateExpression: 'SET #status = :revoked, revokedAt = :at, revokedBy = :by',
            ConditionExpression: '#status = :pending',
            ExpressionAttributeNames: { '#status': 'status' },
            ExpressionAttributeValues: { ':revoked': 'revoked', ':pending': 'pending', ':at': audit.at, ':by': audit.actor },
          },
        },
        auditPut(audit),
      ],
      () => new Conflict('This invitation is no longer pending'),
    );
  },
  async markInviteSent(orgId, inviteId, at, audit) {
    const update = {
      TableName: table(),
      Key: keys.invite(orgId, inviteId),
      UpdateExpression: 'SET lastSentAt = :at ADD sendCount :one',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeValues: { ':at': at, ':one': 1 },
    };
    if (!audit) {
      await documentClient().send(new UpdateCommand(update));
      return;
    }
    await transact([{ Update: update }, auditPut(audit)], () => new NotFound('Invitation not found'));
  },

  async acceptInvite({ invite, member, sub, assignment, acceptedAt, audit }) {
    const used = invite.usageCount + 1;
    const actions: object[] = [
      {
        Update: {
          TableName: table(),
          Key: keys.invite(invite.organizationId, invite.id),
          UpdateExpression: 'SET usageCount = :used, #status = :status, lastAcceptedAt = :at',
          // The use count read, still pending, not expired: a second accept of the same use fails here.
          ConditionExpression: '#status = :pending AND usageCount = :read AND validUntil > :at',
          ExpressionAttributeNames: { '#status': 'status' },
          ExpressionAttributeValues: { ':used': used, ':status': used >= invite.maxUses ? 'accepted' : 'pending', ':pending': 'pending', ':read': invite.usageCount, ':at': acceptedAt },
        },
      },
      // The member bound to its pool user's sub, and its assignment (identity contract, issue 8).
      ...memberCreationItems(table(), { ...member, sub }, assignment ? [assignment] : []),
      auditPut(audit),
    ];
    if (assignment) {
      actions.push({
        ConditionCheck: {
          TableName: table(),
          Key: keys.instance(assignment.organizationId, assignment.instanceId),
          ConditionExpression: '#status = :active',
          ExpressionAttributeNames: { '#status': 'status' },
          ExpressionAttributeValues: { ':active': 'active' },
        },
      });
    }
    await transact(actions, (failed) =>
      failed === 0 ? new Conflict('This invitation has already been used') : failed === actions.length - 1 && assignment ? new Conflict('The instance of this invitation no longer exists') : new Conflict('You are already a member: sign in instead'),
    );
  },

  async writeAudit(entry) {
    await documentClient().send(new PutCommand({ TableName: table(), Item: teamItems.audit(entry), ConditionExpression: 'attribute_not_exists(pk)' }));
  },

  /** Newest first, `limit` at a time; the cursor is the last entry's sort key. */
  async listAudit(orgId, limit, cursor) {
    const out = await documentClient().send(
      new QueryCommand({
        TableName: table(),
        KeyConditionExpression: cursor ? 'pk = :pk AND sk < :cursor' : 'pk = :pk',
        ExpressionAttributeValues: { ':pk': keys.auditLog(orgId).pk, ...(cursor ? { ':cursor': cursor } : {}) },
        ScanIndexForward: false,
        Limit: limit,
      }),
    );
    const list = (out.Items ?? []) as Item[];
    const last = list[list.length - 1];
    return { entries: strip<AuditEntry>(list), next: out.LastEvaluatedKey && last ? String(last.sk) : undefined };
  },
};
