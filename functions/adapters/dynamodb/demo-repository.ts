import { DeleteCommand, GetCommand, PutCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import type { DemoStore, StoredDemoConfig } from '../../domain/demo/deploy-demo';
import { documentClient, table } from './client';
import { metaItems } from './dataset-meta-repository';
import { items } from './items';
import { keys, stripKeys } from './keys';
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

  async putConfig(organizationId, instanceId, stored) {
    await documentClient().send(new PutCommand({ TableName: table(), Item: { ...keys.demoConfig(organizationId, instanceId), kind: 'demoConfig', ...stored } }));
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
