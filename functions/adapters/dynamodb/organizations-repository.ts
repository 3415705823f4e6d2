import { DescribeTableCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { PutCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { getConfig } from '../../config';
import { Conflict, NotFound } from '../../domain/errors';
import type { OrganizationStore } from '../../domain/organizations/organizations';
import type { AuditEntry } from '../../domain/team/records';
import type { OrganizationRecord } from '../../domain/tenancy/records';
import { documentClient, table } from './client';
import { items } from './items';
import * as keys from './keys';
import { countAll, partitionQuery } from './query';
import { teamItems } from './team-repository';
import { tenancyRepository } from './tenancy-repository';

// Organizations in the single table; each change and its audit entry are one transaction.

async function commit(organization: OrganizationRecord, audit: AuditEntry, condition: 'create' | 'update', expectedVersion?: string): Promise<void> {
  const put =
    condition === 'create'
      ? { TableName: table(), Item: items.organization(organization), ConditionExpression: 'attribute_not_exists(pk)' }
      : {
          TableName: table(),
          Item: items.organization(organization),
          // Optimistic: the item must still be the one read (its updatedAt), so no change is lost.
          ConditionExpression: expectedVersion === undefined ? 'attribute_exists(pk) AND attribute_not_exists(updatedAt)' : 'attribute_exists(pk) AND updatedAt = :v',
          ...(expectedVersion === undefined ? {} : { ExpressionAttributeValues: { ':v': expectedVersion } }),
        };
  try {
    await documentClient().send(
      new TransactWriteCommand({ TransactItems: [{ Put: put }, { Put: { TableName: table(), Item: teamItems.audit(audit), ConditionExpression: 'attribute_not_exists(pk)' } }] }),
    );
  } catch (error) {
    if (error instanceof TransactionCanceledException && error.CancellationReasons?.[0]?.Code === 'ConditionalCheckFailed') {
      throw condition === 'create' ? new Conflict(`An organization with the slug "${organization.slug}" already exists`) : new Conflict('The organization changed meanwhile; reload and try again');
    }
    throw error;
  }
}

let raw: DynamoDBClient | undefined;
function rawClient(): DynamoDBClient {
  const config = getConfig();
  raw ??= new DynamoDBClient({
    region: config.region,
    ...(config.dynamodbEndpoint ? { endpoint: config.dynamodbEndpoint, credentials: { accessKeyId: 'local', secretAccessKey: 'local' } } : {}),
  });
  return raw;
}

export const organizationsRepository: OrganizationStore = {
  getOrganization: (id) => tenancyRepository.getOrganization(id),
  listOrganizations: () => tenancyRepository.listOrganizations(),
  createOrganization: (organization, audit) => commit(organization, audit, 'create'),
  updateOrganization: (organization, audit, previous) => commit({ ...organization, updatedAt: audit.at } as OrganizationRecord, audit, 'update', (previous as { updatedAt?: string }).updatedAt),
  countMembers: (id) => {
    const k = keys.memberPrefix(id);
    return countAll(partitionQuery(k.pk, k.skPrefix));
  },
  listMembers: (id) => tenancyRepository.listMembers(id),
  async writeAudit(entry) {
    await documentClient().send(new PutCommand({ TableName: table(), Item: teamItems.audit(entry), ConditionExpression: 'attribute_not_exists(pk)' }));
  },
  listInstances: (id) => tenancyRepository.listInstances(id),
  countDatasets: (id, instanceId) => tenancyRepository.countDatasets(id, instanceId),
  countInvites: (id) => {
    const k = keys.invitePrefix(id);
    return countAll(partitionQuery(k.pk, k.skPrefix));
  },
  async describeCell() {
    const out = await rawClient().send(new DescribeTableCommand({ TableName: table() }));
    const t = out.Table;
    if (!t) throw new NotFound('Table not found');
    return { name: t.TableName ?? table(), status: t.TableStatus ?? 'UNKNOWN', itemCount: t.ItemCount ?? 0, sizeBytes: t.TableSizeBytes ?? 0, region: getConfig().region };
  },
};
