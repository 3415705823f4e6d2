import type { Fix, HistoryEvent } from '../../../shared/schemas/issues';
import { NotFound } from '../errors';
import { scanDates, scanTimesOf } from './counters';
import { ensureDataset, requireDataset } from './dataset';
import { toFix } from './issue-row';
import type { DatasetRef, IssueStore } from './issue-store';
import { ISSUE_NOT_FOUND } from './resolve-issue';

// The read-only issue calls: the filters' dates and scan times, an issue's history, the export.

/** GET /api/{dataset}/available-dates: days with scans that found rows, newest first. */
export async function availableDates(store: IssueStore, ref: DatasetRef): Promise<string[]> {
  const [dataset, cells] = await Promise.all([store.getDataset(ref), store.readCounters(ref)]);
  ensureDataset(dataset);
  return scanDates(cells);
}

/** GET /api/{dataset}/scan-times?date=: the scans of one day, newest first. */
export async function scanTimes(store: IssueStore, ref: DatasetRef, date: string): Promise<string[]> {
  const [dataset, cells] = await Promise.all([store.getDataset(ref), store.readCounters(ref, date)]);
  ensureDataset(dataset);
  return scanTimesOf(cells, date);
}

/** GET /api/{dataset}/issues/{id}/history: every change of the issue, newest first. */
export async function issueHistory(store: IssueStore, ref: DatasetRef, issueId: string): Promise<HistoryEvent[]> {
  await requireDataset(store, ref);
  const [issue, events] = await Promise.all([store.getIssues(ref, [issueId]), store.listHistory(ref, issueId)]);
  if (!issue.has(issueId)) throw new NotFound(ISSUE_NOT_FOUND);
  return events.map(({ dataset_id: _d, ...event }) => event);
}

/**
 * GET /api/{dataset}/export: the fixes of the resolved rows, latest first, and the record-key
 * column. Only values that changed: a row resolved as is (old value = new value) is no fix to
 * apply to the source (issue 9).
 */
export async function exportFixes(store: IssueStore, ref: DatasetRef): Promise<{ recordKey: string; fixes: Fix[] }> {
  const dataset = await requireDataset(store, ref);
  const resolved = await store.listResolved(ref);
  const fixes = resolved
    .map((issue) => toFix(issue, dataset))
    .filter((fix) => fix.old_value !== fix.new_value)
    .sort((a, b) => (a.resolved_at < b.resolved_at ? 1 : a.resolved_at > b.resolved_at ? -1 : a.issue_id.localeCompare(b.issue_id)));
  return { recordKey: dataset.recordKey, fixes };
}
