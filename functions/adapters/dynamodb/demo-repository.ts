import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { DeleteCommand, GetCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { DemoStore, StoredDemoConfig } from '../../domain/demo/deploy-demo';
import { documentClient, table } from './client';
import { metaItems } from './dataset-meta-repository';
import { items } from './items';
import * as keys from './keys';
import { stripKeys } from './keys';
import { partitionQuery, queryAll } from './query';
import { batchDelete } from './scan-results-repository';

// The demo data of an instance (issue 15): its config and deployment item, and the writes a
// deployment makes to its own datasets.

export const demoRepository: DemoStore = {
  async getConfig(organizationId, instanceId) {
    const out = await documentClient().send(new GetCommand({ TableName: table(), Key: keys.demoConfig(organizationId, instanceId), ConsistentRead: true }));
    if (!out.Item) return undefined;
    const { kind: _kind, ...rest } = stripKeys(out.Item);
    return rest as unknown as StoredDemoConfig;
  },

  async putConfig(organizationId, instanceId, saved) {
    await documentClient().send(
      new UpdateCommand({
        TableName: table(),
        Key: keys.demoConfig(organizationId, instanceId),
        UpdateExpression: 'SET #k = :k, #c = :c, #u = :u, #b = :b',
        ExpressionAttributeNames: { '#k': 'kind', '#c': 'config', '#u': 'updatedAt', '#b': 'updatedBy' },
        ExpressionAttributeValues: { ':k': 'demoConfig', ':c': saved.config, ':u': saved.updatedAt, ':b': saved.updatedBy },
      }),
    );
  },

  async startDeployment(organizationId, instanceId, deployment, previous) {
    // The deployment replaced must still be the one there: by its job, or (recorded before deploys
    // were jobs) by its start; none, when there was none.
    const condition: { ConditionExpression: string; ExpressionAttributeNames: Record<string, string>; ExpressionAttributeValues?: Record<string, unknown> } = !previous
      ? { ConditionExpression: 'attribute_not_exists(#d)', ExpressionAttributeNames: { '#d': 'deployment' } }
      : previous.jobId
        ? { ConditionExpression: '#d.#j = :prev', ExpressionAttributeNames: { '#d': 'deployment', '#j': 'jobId' }, ExpressionAttributeValues: { ':prev': previous.jobId } }
        : { ConditionExpression: '#d.#s = :prev', ExpressionAttributeNames: { '#d': 'deployment', '#s': 'startedAt' }, ExpressionAttributeValues: { ':prev': previous.startedAt } };
    try {
      await documentClient().send(
        new UpdateCommand({
          TableName: table(),
          Key: keys.demoConfig(organizationId, instanceId),
          UpdateExpression: 'SET #d = :deployment',
          ...condition,
          ExpressionAttributeNames: condition.ExpressionAttributeNames,
          ExpressionAttributeValues: { ...(condition.ExpressionAttributeValues ?? {}), ':deployment': deployment },
        }),
      );
      return true;
    } catch (error) {
      if (error instanceof ConditionalCheckFailedException) return false;
      throw error;
    }
  },

  async updateDeployment(organizationId, instanceId, jobId, patch) {
    const names: Record<string, string> = { '#d': 'deployment', '#j': 'jobId', '#h': 'heartbeatAt' };
    const values: Record<string, unknown> = { ':j': jobId, ':h': patch.heartbeatAt };
    const sets = ['#d.#h = :h'];
    if (patch.datasetsWritten !== undefined) {
      names['#w'] = 'datasetsWritten';
      values[':w'] = patch.datasetsWritten;
      sets.push('#d.#w = :w');
    }
    if (patch.error !== undefined) {
      names['#e'] = 'error';
      values[':e'] = patch.error;
      sets.push('#d.#e = :e');
    }
    try {
      await documentClient().send(
        new UpdateCommand({
          TableName: table(),
          Key: keys.demoConfig(organizationId, instanceId),
          UpdateExpression: `SET ${sets.join(', ')}`,
          ConditionExpression: '#d.#j = :j',
          ExpressionAttributeNames: names,
          ExpressionAttributeValues: values,
        }),
      );
      return true;
    } catch (error) {
      if (error instanceof ConditionalCheckFailedException) return false;
      throw error;
    }
  },

  async listDatasetIds(organizationId, instanceId) {
    const prefix = keys.datasetPrefix(organizationId, instanceId);
    const found = await queryAll({ ...partitionQuery(prefix.pk, prefix.skPrefix), ProjectionExpression: 'id', ConsistentRead: true });
    return found.map((i) => String(i.id));
  },

  async putDataset(dataset, source, config) {
    const ref = { organizationId: dataset.organizationId, instanceId: dataset.instanceId, datasetId: dataset.id };
    await documentClient().send(
      new TransactWriteCommand({
        TransactItems: [
          { Put: { TableName: table(), Item: items.dataset(dataset) } },
          { Put: { TableName: table(), Item: metaItems.source(ref, source) } },
          { Put: { TableName: table(), Item: metaItems.config(ref, config) } },
        ],
      }),
    );
  },

  async removeDataset(ref) {
    const meta = await queryAll({ ...partitionQuery(keys.datasetMetaPartition(ref.organizationId, ref.instanceId, ref.datasetId).pk), ProjectionExpression: 'pk, sk', ConsistentRead: true });
    await batchDelete(meta.map((k) => ({ pk: String(k.pk), sk: String(k.sk) })));
    await documentClient().send(new DeleteCommand({ TableName: table(), Key: keys.dataset(ref.organizationId, ref.instanceId, ref.datasetId) }));
  },
};
