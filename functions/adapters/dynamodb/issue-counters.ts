import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { CounterCell } from '../../domain/issues/counters';
import { documentClient, table } from './client';
import { unpackCounterItem, type CounterState } from './counter-codec';
import * as keys from './keys';
import { partitionQuery, queryAll } from './query';

// Reads the exact issue counters of a dataset (one small item per scan time). Used by the issue
// calls and by the dataset list. Always read consistently: counters change in the same
// transaction as their issues, so a consistent read sees exactly what was committed.

export async function readCounterCells(orgId: string, instanceId: string, datasetId: string, scanTimePrefix = ''): Promise<CounterCell[]> {
  const prefix = keys.issueCounterPrefix(orgId, instanceId, datasetId, scanTimePrefix);
  const counterItems = await queryAll({ ...partitionQuery(prefix.pk, prefix.skPrefix), ProjectionExpression: 'scan_time, cells', ConsistentRead: true });
  return counterItems.flatMap((item) => unpackCounterItem(item).cells);
}

/** One scan's counter item as it stands (for a conditioned rewrite). */
export async function readCounterState(orgId: string, instanceId: string, datasetId: string, scanTime: string): Promise<CounterState> {
  const out = await documentClient().send(
    new GetCommand({ TableName: table(), Key: keys.issueCounter(orgId, instanceId, datasetId, scanTime), ConsistentRead: true }),
  );
  return out.Item ? unpackCounterItem(out.Item) : { cells: [] };
}
