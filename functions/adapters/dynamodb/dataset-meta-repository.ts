import { GetCommand, PutCommand, QueryCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { Conflict } from '../../domain/errors';
import type { DatasetRef } from '../../domain/issues/issue-store';
import type { DatasetProfile } from '../../domain/profile/profile';
import type { DatasetConfigRecord, DatasetMetaStore, DatasetSource, ScanJob } from '../../domain/scans/ports';
import type { DatasetRecord } from '../../domain/tenancy/records';
import { documentClient, table } from './client';
import { items } from './items';
import * as keys from './keys';
import { stripKeys } from './keys';
import { batchGetAll } from './query';

// A dataset's data-in metadata: its source file, its checks, its latest column profile (read by
// the AI suggestions) and its scan jobs, all in the dataset's META partition.

type Key = { pk: string; sk: string };

async function get<T>(key: Key): Promise<T | undefined> {
  const out = await documentClient().send(new GetCommand({ TableName: table(), Key: key, ConsistentRead: true }));
  if (!out.Item) return undefined;
  const { kind: _kind, ...rest } = stripKeys(out.Item);
  return rest as T;
}

async function put(key: Key, kind: string, value: object): Promise<void> {
  await documentClient().send(new PutCommand({ TableName: table(), Item: { ...key, kind, ...value } }));
}

/** A stored scan job; items written before jobs were nested had their fields at the top (and lost `kind`). */
function jobOf(item: { job?: ScanJob } & Record<string, unknown>): ScanJob {
  return item.job ?? ({ kind: 'scan', ...item } as unknown as ScanJob);
}

const at = (ref: DatasetRef) => [ref.organizationId, ref.instanceId, ref.datasetId] as const;

/** The META items as stored; also used by the demo seed, which loads datasets in batches. */
export const metaItems = {
  source: (ref: DatasetRef, source: DatasetSource) => ({ ...keys.datasetSource(...at(ref)), kind: 'datasetSource', ...source }),
  config: (ref: DatasetRef, record: DatasetConfigRecord) => ({ ...keys.datasetConfig(...at(ref)), kind: 'datasetConfig', ...record }),
  profile: (ref: DatasetRef, profile: DatasetProfile, scanTime: string) => ({ ...keys.datasetProfile(...at(ref)), kind: 'datasetProfile', profile, scanTime }),
};

/** One META item of each of these datasets of an instance, in one batched read, by dataset id (those that exist). */
async function getMany(instance: { organizationId: string; instanceId: string }, datasetIds: readonly string[], keyOf: (orgId: string, instanceId: string, datasetId: string) => Key): Promise<Map<string, Record<string, unknown>>> {
  const idByPk = new Map(datasetIds.map((id) => [keyOf(instance.organizationId, instance.instanceId, id).pk, id]));
  const found = await batchGetAll(datasetIds.map((id) => keyOf(instance.organizationId, instance.instanceId, id)));
  return new Map(found.flatMap((item) => (idByPk.has(String(item.pk)) ? [[idByPk.get(String(item.pk))!, stripKeys(item)] as const] : [])));
}

/** The check configs of these datasets, by dataset id (a dataset without one is absent). */
export async function getConfigsOf(instance: { organizationId: string; instanceId: string }, datasetIds: readonly string[]): Promise<Map<string, DatasetConfigRecord>> {
  return (await getMany(instance, datasetIds, keys.datasetConfig)) as unknown as Map<string, DatasetConfigRecord>;
}

/** The latest column profiles of these datasets, by dataset id (a dataset never scanned is absent). */
export async function getProfilesOf(instance: { organizationId: string; instanceId: string }, datasetIds: readonly string[]): Promise<Map<string, DatasetProfile>> {
  const items = await getMany(instance, datasetIds, keys.datasetProfile);
  return new Map([...items].map(([id, item]) => [id, item.profile as DatasetProfile]));
}

async function putItem(item: Record<string, unknown>): Promise<void> {
  await documentClient().send(new PutCommand({ TableName: table(), Item: item }));
}

export const datasetMetaRepository: DatasetMetaStore & {
  createDataset(dataset: DatasetRecord, source: DatasetSource): Promise<void>;
} = {
  getSource: (ref) => get<DatasetSource>(keys.datasetSource(...at(ref))),
  putSource: (ref, source) => putItem(metaItems.source(ref, source)),

  getConfig: (ref) => get<DatasetConfigRecord>(keys.datasetConfig(...at(ref))),
  putConfig: (ref, record) => putItem(metaItems.config(ref, record)),

  async getProfile(ref) {
    return (await get<{ profile: DatasetProfile }>(keys.datasetProfile(...at(ref))))?.profile;
  },
  putProfile: (ref, profile, scanTime) => putItem(metaItems.profile(ref, profile, scanTime)),

  // The job is stored whole under `job`: spread into the item, its own `kind` (scan | import)
  // would collide with the item's kind attribute and be lost on read.
  putScan: (ref, job) => put(keys.scanJob(...at(ref), job.scanId), 'scanJob', { job }),
  async getScan(ref, scanId) {
    const item = await get<{ job?: ScanJob }>(keys.scanJob(...at(ref), scanId));
    return item && jobOf(item);
  },
  async listScans(ref, limit) {
    const prefix = keys.scanJobPrefix(...at(ref));
    const out = await documentClient().send(
      new QueryCommand({
        TableName: table(),
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :sk)',
        ExpressionAttributeValues: { ':pk': prefix.pk, ':sk': prefix.skPrefix },
        ScanIndexForward: false,
        Limit: limit,
        ConsistentRead: true,
      }),
    );
    return (out.Items ?? []).map((i) => {
      const { kind: _kind, ...rest } = stripKeys(i);
      return jobOf(rest);
    });
  },

  async markScanned(ref, update) {
    await documentClient().send(
      new UpdateCommand({
        TableName: table(),
        Key: keys.dataset(...at(ref)),
        UpdateExpression: 'SET lastScanTime = :t, totalRecords = :n' + (update.onboarded ? ', onboardingStatus = :onboarded' : ''),
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeValues: { ':t': update.lastScanTime, ':n': update.totalRecords, ...(update.onboarded ? { ':onboarded': 'onboarded' } : {}) },
      }),
    );
  },

  async setOnboardingStatus(ref, status) {
    await documentClient().send(
      new UpdateCommand({
        TableName: table(),
        Key: keys.dataset(...at(ref)),
        UpdateExpression: 'SET onboardingStatus = :s',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeValues: { ':s': status },
      }),
    );
  },

  /** A new dataset and its source file, together; 409 when the id is taken in the instance. */
  async createDataset(dataset, source) {
    const ref = { organizationId: dataset.organizationId, instanceId: dataset.instanceId, datasetId: dataset.id };
    try {
      await documentClient().send(
        new TransactWriteCommand({
          TransactItems: [
            { Put: { TableName: table(), Item: items.dataset(dataset), ConditionExpression: 'attribute_not_exists(pk)' } },
            { Put: { TableName: table(), Item: metaItems.source(ref, source) } },
          ],
        }),
      );
    } catch (error) {
      if (error instanceof Error && error.name === 'TransactionCanceledException') throw new Conflict(`A dataset with the id "${dataset.id}" already exists in this instance`);
      throw error;
    }
  },
};
