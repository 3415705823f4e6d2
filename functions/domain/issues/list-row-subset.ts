import { ISSUE_STATUSES } from '../../../shared/constants';
import type { FailedRowsQuery, FailedRowsResponse } from '../../../shared/schemas/issues';
import type { IssueSketchSource } from '../clusters/ports';
import { cellOf, countIssues, matchesFilters, summarize, type IssueFilters } from './counters';
import { ensureDataset } from './dataset';
import { toIssueRow } from './issue-row';
import type { DatasetRef, IssueStore } from './issue-store';

// GET /api/{dataset}/failed_rows?assignee=me (issue 13 §4): the rows assigned to one member, with
// the same filters, counts, sorting and paging as the full list. The rows are found by reading the
// status partitions with the sketch projection (assignments are few per member and dataset); the
// counts are those of exactly these rows.

const collator = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });

export async function listAssignedRows(store: IssueStore & IssueSketchSource, ref: DatasetRef, query: FailedRowsQuery, assignee: string, now: Date = new Date()): Promise<FailedRowsResponse> {
  const [dataset, ...byStatus] = await Promise.all([store.getDataset(ref), ...ISSUE_STATUSES.map((s) => store.listSketches(ref, s))]);
  const found = ensureDataset(dataset);
  const mine = byStatus.flat().filter((s) => s.assigned_to === assignee);
  const filters: IssueFilters = { status: query.status, owner: query.owner, issueType: query.issueType, date: query.date, scanTime: query.scanTime };
  const summary = summarize(countIssues(mine), filters);
  const field = query.sort.field;
  const sign = query.sort.direction === 'asc' ? 1 : -1;
  const matching = mine
    .filter((s) => matchesFilters(cellOf(s), filters))
    .sort((a, b) => {
      const x = a[field as keyof typeof a];
      const y = b[field as keyof typeof b];
      const xs = typeof x === 'string' ? x : '';
      const ys = typeof y === 'string' ? y : '';
      return sign * collator.compare(xs, ys) || a.issue_id.localeCompare(b.issue_id);
    });
  const ids = matching.slice(query.offset, query.offset + query.limit).map((s) => s.issue_id);
  const byId = await store.getIssues(ref, ids);
  return {
    success: true,
    data: ids.flatMap((id) => {
      const issue = byId.get(id);
      return issue ? [toIssueRow(issue, found, now)] : [];
    }),
    pagination: { total: summary.total, limit: query.limit, offset: query.offset },
    counts: summary.counts,
    issueTypeCounts: summary.issueTypeCounts,
    owners: summary.owners,
    sort: `${query.sort.field}:${query.sort.direction}`,
  };
}
