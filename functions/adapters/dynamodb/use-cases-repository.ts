import { ConditionalCheckFailedException, TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { DeleteCommand, GetCommand, PutCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { UseCase } from '../../../shared/use-cases';
import { issueDimension } from '../../../shared/issue-type';
import type { DatasetRef } from '../../domain/issues/issue-store';
import type { OpenRowGroup, UseCaseStore } from '../../domain/use-cases/use-case-store';
import { documentClient, table } from './client';
import * as keys from './keys';
import { stripKeys } from './keys';
import { partitionQuery, queryAll } from './query';

// Use cases of an organization (keys.useCase) and the open-row groups classification sums over.

type Item = Record<string, unknown>;

const asUseCase = (item: Item): UseCase => {
  const { kind: _kind, organizationId: _org, ...rest } = stripKeys(item) as Item;
  return rest as unknown as UseCase;
};

const item = (organizationId: string, u: UseCase) => ({ ...keys.useCase(organizationId, u.id), kind: 'useCase', organizationId, ...u });

export const useCasesRepository: UseCaseStore = {
  async seedOnce(organizationId, useCases) {
    const marker = keys.useCasesSeeded(organizationId);
    const seeded = await documentClient().send(new GetCommand({ TableName: table(), Key: marker, ConsistentRead: true }));
    if (seeded.Item) return;
    try {
      await documentClient().send(
        new TransactWriteCommand({
          TransactItems: [
            { Put: { TableName: table(), Item: { ...marker, kind: 'useCasesSeeded', seededAt: new Date().toISOString() }, ConditionExpression: 'attribute_not_exists(pk)' } },
            ...useCases.map((u) => ({ Put: { TableName: table(), Item: item(organizationId, u), ConditionExpression: 'attribute_not_exists(pk)' } })),
          ],
        }),
      );
    } catch (error) {
      // Another request seeded first: nothing to do.
      if (!(error instanceof TransactionCanceledException)) throw error;
    }
  },

  async wasSeeded(organizationId) {
    const out = await documentClient().send(new GetCommand({ TableName: table(), Key: keys.useCasesSeeded(organizationId), ConsistentRead: true }));
    return out.Item !== undefined;
  },

  async list(organizationId) {
    const { pk, skPrefix } = keys.useCasePrefix(organizationId);
    return (await queryAll({ ...partitionQuery(pk, skPrefix), ConsistentRead: true })).map(asUseCase);
  },

  async get(organizationId, id) {
    const out = await documentClient().send(new GetCommand({ TableName: table(), Key: keys.useCase(organizationId, id), ConsistentRead: true }));
    return out.Item ? asUseCase(out.Item) : undefined;
  },

  async create(organizationId, useCase) {
    try {
      await documentClient().send(new PutCommand({ TableName: table(), Item: item(organizationId, useCase), ConditionExpression: 'attribute_not_exists(pk)' }));
      return true;
    } catch (error) {
      if (error instanceof ConditionalCheckFailedException) return false;
      throw error;
    }
  },

  async update(organizationId, id, changes, updatedAt) {
    const fields = Object.entries({ ...changes, updatedAt }).filter(([, v]) => v !== undefined);
    const names = Object.fromEntries(fields.map(([k], i) => [`#f${i}`, k]));
    const values = Object.fromEntries(fields.map(([, v], i) => [`:v${i}`, v]));
    try {
      const out = await documentClient().send(
        new UpdateCommand({
          TableName: table(),
          Key: keys.useCase(organizationId, id),
          UpdateExpression: `SET ${fields.map((_, i) => `#f${i} = :v${i}`).join(', ')}`,
          ConditionExpression: 'attribute_exists(pk)',
          ExpressionAttributeNames: names,
          ExpressionAttributeValues: values,
          ReturnValues: 'ALL_NEW',
        }),
      );
      return out.Attributes ? asUseCase(out.Attributes) : undefined;
    } catch (error) {
      if (error instanceof ConditionalCheckFailedException) return undefined;
      throw error;
    }
  },

  async remove(organizationId, id) {
    try {
      await documentClient().send(new DeleteCommand({ TableName: table(), Key: keys.useCase(organizationId, id), ConditionExpression: 'attribute_exists(pk)' }));
      return true;
    } catch (error) {
      if (error instanceof ConditionalCheckFailedException) return false;
      throw error;
    }
  },
};

/**
 * The open rows of a dataset grouped by column and check dimension. Counters hold counts per
 * status, issue type and owner, not per column, so this reads the open partition of the
 * issuesByStatus index (a Query, never a Scan) projecting only what classification needs.
 */
export async function openRowGroups(ref: DatasetRef): Promise<OpenRowGroup[]> {
  const partition = keys.issueStatusPartition(ref.organizationId, ref.instanceId, ref.datasetId, 'open').gsi2pk;
  const rows = await queryAll({
    IndexName: 'issuesByStatus',
    KeyConditionExpression: 'gsi2pk = :pk',
    ExpressionAttributeValues: { ':pk': partition },
    ProjectionExpression: 'issue_column, check_name, taxonomy',
  });
  const groups = new Map<string, OpenRowGroup>();
  for (const row of rows) {
    const column = String(row.issue_column ?? '');
    const dimension = issueDimension({ check_name: String(row.check_name ?? ''), taxonomy: row.taxonomy as never });
    const key = `${column}\u0000${dimension}`;
    const group = groups.get(key);
    if (group) group.count++;
    else groups.set(key, { column, dimension, count: 1 });
  }
  return [...groups.values()];
}
