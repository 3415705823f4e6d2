import { ulid } from 'ulid';
import type { DatasetRef } from '../../domain/issues/issue-store';
import { table } from './client';
import * as keys from './keys';
import { batchGetAll } from './query';

// A dataset's change stamp (issue 12). Every transaction that changes the dataset's counters or
// daily records bumps `v`; every one that may change which rows are quick wins bumps `qv`; clearing
// the dataset's issues gives it a new generation (`born`). Version numbers only grow within a
// generation, so a figure computed after reading a stamp stays exact for as long as the stamp reads
// the same: the dashboard keeps such figures in memory instead of reading them again
// (dashboard-memo.ts). A dataset without a stamp (written before stamps existed, or removed) is
// never memoized.

export interface DatasetStamp {
  born: string;
  /** Bumped with every change of the counters or daily records. */
  v: number;
  /** Bumped with every change that may move a row in or out of the quick wins. */
  qv: number;
}

/**
 * The transaction item that bumps the stamp: ADD needs no read and no condition, so it never makes
 * a transaction stale (like any item two transactions share, it can conflict; writers retry). The
 * first writer after the stamp is gone starts a new generation.
 */
export function stampBump(ref: DatasetRef, bump: { counters: boolean; quickWins: boolean }) {
  const adds = [bump.counters ? '#v :one' : '', bump.quickWins ? '#qv :one' : ''].filter(Boolean);
  return {
    Update: {
      TableName: table(),
      Key: keys.datasetStamp(ref.organizationId, ref.instanceId, ref.datasetId),
      UpdateExpression: `SET #kind = :kind, #born = if_not_exists(#born, :born)${adds.length > 0 ? ` ADD ${adds.join(', ')}` : ''}`,
      ExpressionAttributeNames: { '#kind': 'kind', '#born': 'born', ...(bump.counters ? { '#v': 'v' } : {}), ...(bump.quickWins ? { '#qv': 'qv' } : {}) },
      ExpressionAttributeValues: { ':kind': 'datasetStamp', ':born': ulid(), ...(adds.length > 0 ? { ':one': 1 } : {}) },
    },
  };
}

/** A stamp of a new generation (a dataset written whole, or whose issues were just cleared). */
export function freshStampItem(ref: DatasetRef): Record<string, unknown> {
  return { ...keys.datasetStamp(ref.organizationId, ref.instanceId, ref.datasetId), kind: 'datasetStamp', born: ulid(), v: 0, qv: 0 };
}

/** The stamps of these datasets of an instance (consistent, one batched read); absent ones are left out. */
export async function readStamps(instance: { organizationId: string; instanceId: string }, datasetIds: readonly string[]): Promise<Map<string, DatasetStamp>> {
  const found = await batchGetAll(datasetIds.map((id) => keys.datasetStamp(instance.organizationId, instance.instanceId, id)));
  const byKey = new Map(found.map((item) => [String(item.pk), item]));
  const out = new Map<string, DatasetStamp>();
  for (const id of datasetIds) {
    const item = byKey.get(keys.datasetStamp(instance.organizationId, instance.instanceId, id).pk);
    if (item && typeof item.born === 'string') out.set(id, { born: item.born, v: Number(item.v ?? 0), qv: Number(item.qv ?? 0) });
  }
  return out;
}
