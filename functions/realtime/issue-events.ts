import type { BulkProgressData, IssueChange, IssueResolvedData, QualityMetricsData } from '../../shared/realtime';
import type { DatasetRef, IssueStore } from '../domain/issues/issue-store';
import type { BulkObserver } from '../domain/issues/bulk-resolve';
import type { PlannedChange } from '../domain/issues/transitions';
import { logger } from '../lib/logger';
import { publishTenantEvent, publishTenantEvents, type TenantEvent } from './publish';

// What the issue writers publish once their change has committed (issue 13 item 7):
// `issue-resolved` with the rows as written (resolve, mute, unmute, one or bulk), then
// `quality-metrics` with the dataset's exact status counts from its counters. Never throws.

/** Events carry at most this many rows; a bigger change says so and clients refetch. */
export const MAX_ROWS_PER_EVENT = 1000;

const scopeOf = (ref: DatasetRef) => ({ organizationId: ref.organizationId, instanceId: ref.instanceId });

export function issueChangesOf(changes: readonly PlannedChange[]): IssueChange[] {
  return changes.map((c) => ({ issue_id: c.after.issue_id, status: c.after.status, version: c.after.version }));
}

/** Exact counts by status of a dataset: a sum over its few counter items (no issue is read). */
export async function statusCounts(store: Pick<IssueStore, 'readCounters'>, ref: DatasetRef): Promise<Record<string, number>> {
  const counts: Record<string, number> = { open: 0, resolved: 0, muted: 0 };
  for (const cell of await store.readCounters(ref)) counts[cell.status] = (counts[cell.status] ?? 0) + cell.count;
  return counts;
}

export async function publishQualityMetrics(store: Pick<IssueStore, 'readCounters'>, ref: DatasetRef): Promise<void> {
  try {
    const data: QualityMetricsData = { datasetId: ref.datasetId, statusCounts: await statusCounts(store, ref) };
    await publishTenantEvent(scopeOf(ref), { type: 'quality-metrics', data });
  } catch (error) {
    logger.warn('quality-metrics publish failed', { error: error instanceof Error ? error.message : String(error) });
  }
}

export async function publishIssueChanges(
  store: Pick<IssueStore, 'readCounters'>,
  ref: DatasetRef,
  by: string,
  changes: readonly IssueChange[],
  bulk: boolean,
): Promise<void> {
  if (changes.length === 0) return;
  // One listing of the instance's connections for all the events; the counters are read only
  // when someone listens.
  await publishTenantEvents(scopeOf(ref), async () => {
    const events: TenantEvent[] = [];
    for (let i = 0; i < changes.length; i += MAX_ROWS_PER_EVENT) {
      const data: IssueResolvedData = { datasetId: ref.datasetId, by, bulk, issues: changes.slice(i, i + MAX_ROWS_PER_EVENT) };
      events.push({ type: 'issue-resolved', data });
    }
    try {
      const metrics: QualityMetricsData = { datasetId: ref.datasetId, statusCounts: await statusCounts(store, ref) };
      events.push({ type: 'quality-metrics', data: metrics });
    } catch (error) {
      // The rows' events still go out; clients refetch counts when they next load.
      logger.warn('quality-metrics publish failed', { error: error instanceof Error ? error.message : String(error) });
    }
    return events;
  });
}

/** Observes a bulk action: `bulk-progress` per step, then the rows it changed and the new counts. */
export function bulkEventsObserver(store: Pick<IssueStore, 'readCounters'>, ref: DatasetRef, by: string, operationId: string): BulkObserver {
  return {
    async progress(p) {
      const data: BulkProgressData = { datasetId: ref.datasetId, operationId, ...p };
      await publishTenantEvent(scopeOf(ref), { type: 'bulk-progress', data });
    },
    async committed(changes) {
      await publishIssueChanges(store, ref, by, issueChangesOf(changes), true);
    },
  };
}
