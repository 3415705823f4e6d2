import { BatchWriteCommand, QueryCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { items } from '../../functions/adapters/dynamodb/items';
import * as keys from '../../functions/adapters/dynamodb/keys';
import { freshStampItem } from '../../functions/adapters/dynamodb/dataset-stamp';
import { memberActivityItem } from '../../functions/adapters/dynamodb/daily-activity';
import { activityOfRows } from '../../functions/domain/dashboard/daily-activity';
import { memberActivityOfRows } from '../../functions/domain/progress/member-activity';
import type { CounterCell } from '../../functions/domain/issues/counters';
import type { IssueHistoryEvent } from '../../functions/domain/issues/issue-history';
import type { IssueRecord } from '../../functions/domain/issues/issue-record';
import type { DatasetRecord } from '../../functions/domain/tenancy/records';

// Writes whole datasets (the dataset, its issues with their index keys, its counters and history)
// through the same item builders the API uses. Shared by the demo seed, test fixtures and the
// benchmark. Batch writes are not transactional: this is for loading data, never a request path.

type Item = Record<string, unknown>;

export interface DatasetContent {
  dataset: DatasetRecord;
  issues: readonly IssueRecord[];
  events: readonly IssueHistoryEvent[];
  counters: readonly CounterCell[];
}

/** The daily activity records the loaded issues and their history imply (as the API would have written them). */
function dailyItems({ dataset, issues }: DatasetContent): Item[] {
  const ref = { organizationId: dataset.organizationId, instanceId: dataset.instanceId, datasetId: dataset.id };
  return [
    ...activityOfRows(issues).map((day) => items.dailyActivity(dataset.organizationId, dataset.instanceId, dataset.id, day)),
    // What each member did (My progress), as the API would have added it with each change.
    ...memberActivityOfRows(issues).map((day) => memberActivityItem(ref, day)),
  ];
}

export function datasetItems(content: DatasetContent): Item[] {
  const { dataset, issues, events, counters } = content;
  const { organizationId: org, instanceId: inst, id } = dataset;
  const scans = [...new Set(counters.map((c) => c.scanTime))];
  return [
    items.dataset(dataset),
    ...issues.map((issue) => items.issue(org, inst, issue)),
    ...events.map((event) => items.issueEvent(org, inst, event)),
    ...scans.map((scanTime) => items.issueCounter(org, inst, id, scanTime, counters)),
    ...dailyItems(content),
    // A new generation of the dataset's change stamp: nothing memoized of an earlier one is used.
    freshStampItem({ organizationId: org, instanceId: inst, datasetId: id }),
  ];
}

async function batch(doc: DynamoDBDocumentClient, tableName: string, requests: Item[], parallel: number): Promise<void> {
  const chunks: Item[][] = [];
  for (let i = 0; i < requests.length; i += 25) chunks.push(requests.slice(i, i + 25));
  let next = 0;
  const worker = async () => {
    while (next < chunks.length) {
      let pending: Item[] | undefined = chunks[next++]!;
      for (let attempt = 0; pending && pending.length > 0; attempt++) {
        if (attempt > 0) await new Promise((r) => setTimeout(r, Math.min(1000, 20 * 2 ** attempt)));
        const out = await doc.send(new BatchWriteCommand({ RequestItems: { [tableName]: pending } as never }));
        pending = out.UnprocessedItems?.[tableName] as Item[] | undefined;
      }
    }
  };
  await Promise.all(Array.from({ length: parallel }, worker));
}

export function batchWrite(doc: DynamoDBDocumentClient, tableName: string, all: Item[], parallel = 8): Promise<void> {
  return batch(doc, tableName, all.map((Item) => ({ PutRequest: { Item } })), parallel);
}

type Keyed = { pk: string; sk: string; version?: number };

async function keysOf(doc: DynamoDBDocumentClient, tableName: string, pk: string): Promise<Keyed[]> {
  const out: Keyed[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const page = await doc.send(
      new QueryCommand({
        TableName: tableName,
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': pk },
        ProjectionExpression: 'pk, sk, version',
        ExclusiveStartKey: start,
      }),
    );
    out.push(...((page.Items ?? []) as Keyed[]));
    start = page.LastEvaluatedKey;
  } while (start);
  return out;
}

/** Deletes a dataset's issues, counters, history and metadata (before re-seeding it), by partition queries. */
export async function clearDataset(doc: DynamoDBDocumentClient, tableName: string, org: string, inst: string, datasetId: string): Promise<number> {
  const issuePartition = await keysOf(doc, tableName, keys.issuePrefix(org, inst, datasetId).pk);
  const counters = await keysOf(doc, tableName, keys.issueCounterPrefix(org, inst, datasetId).pk);
  const daily = await keysOf(doc, tableName, keys.dailyActivity(org, inst, datasetId, '').pk);
  // Only a changed issue (version above 1) can have history.
  const issueIds = issuePartition.filter((k) => keys.isIssueKey(k.sk) && (k.version ?? 1) > 1).map((k) => keys.issueIdFromKey(k.sk));
  const history: Keyed[] = [];
  for (let i = 0; i < issueIds.length; i += 16) {
    const slice = issueIds.slice(i, i + 16);
    const found = await Promise.all(slice.map((id) => keysOf(doc, tableName, keys.issueEventPrefix(org, inst, datasetId, id).pk)));
    history.push(...found.flat());
  }
  // The META partition: source file, checks, profile and scan jobs of the dataset.
  const meta = await keysOf(doc, tableName, keys.datasetSource(org, inst, datasetId).pk);
  const all = [...issuePartition, ...counters, ...daily, ...history, ...meta];
  await batch(doc, tableName, all.map(({ pk, sk }) => ({ DeleteRequest: { Key: { pk, sk } } })), 8);
  return all.length;
}
