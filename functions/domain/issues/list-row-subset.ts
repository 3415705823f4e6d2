import { ISSUE_STATUSES } from '../../../shared/constants';
import type { FailedRowsQuery, FailedRowsResponse } from '../../../shared/schemas/issues';
import { issueDimension } from '../../../shared/issue-type';
import { classifyAgainst, type UseCase } from '../../../shared/use-cases';
import type { IssueSketch, IssueSketchSource } from '../clusters/ports';
import { cellOf, countIssues, matchesFilters, summarize, type IssueFilters } from './counters';
import { ensureDataset } from './dataset';
import { toIssueRow } from './issue-row';
import type { DatasetRef, IssueStore } from './issue-store';
import type { DatasetRecord } from '../tenancy/records';

// GET /api/{dataset}/failed_rows with ?assignee= (issue 13 §4: "Assigned to me") or ?impact= (issue
// 13 §6: the rows that affect one use case): a subset of the rows that the counters cannot tell
// apart, with the same filters, counts, sorting and paging as the full list. The rows are found by
// reading the status partitions with the sketch projection; the counts are those of exactly
// these rows.

const collator = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });

/** Which rows a subset keeps. */
export interface RowSubset {
  /** Only rows assigned to this member (lower case). */
  assignee?: string;
  /** Only rows that affect this use case, as the Impact column classifies them. */
  useCase?: Pick<UseCase, 'id' | 'name' | 'priority' | 'match'>;
}

function keeper(subset: RowSubset, dataset: DatasetRecord): (s: IssueSketch) => boolean {
  const datasetName = dataset.name || dataset.id;
  return (s) => {
    if (subset.assignee !== undefined && s.assigned_to !== subset.assignee) return false;
    if (subset.useCase) {
      const dimension = issueDimension({ check_name: s.check_name, taxonomy: s.taxonomy });
      if (!classifyAgainst({ column: s.issue_column, dataset: datasetName, dimension }, subset.useCase)) return false;
    }
    return true;
  };
}

export async function listRowSubset(store: IssueStore & IssueSketchSource, ref: DatasetRef, query: FailedRowsQuery, subset: RowSubset, now: Date = new Date()): Promise<FailedRowsResponse> {
  const options = { taxonomy: subset.useCase !== undefined };
  const [dataset, ...byStatus] = await Promise.all([store.getDataset(ref), ...ISSUE_STATUSES.map((s) => store.listSketches(ref, s, options))]);
  const found = ensureDataset(dataset);
  const kept = byStatus.flat().filter(keeper(subset, found));
  const filters: IssueFilters = { status: query.status, owner: query.owner, issueType: query.issueType, date: query.date, scanTime: query.scanTime };
  const summary = summarize(countIssues(kept), filters);
  const field = query.sort.field;
  const sign = query.sort.direction === 'asc' ? 1 : -1;
  const matching = kept
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

