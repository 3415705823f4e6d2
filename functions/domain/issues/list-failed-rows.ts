import { IN_MEMORY_SORT_FIELDS, IN_MEMORY_SORT_LIMIT, type FailedRowsQuery, type FailedRowsResponse, type SortField } from '../../../shared/schemas/issues';
import { ValidationFailed } from '../errors';
import { matchesFilters, summarize, type CounterCell, type IssueFilters } from './counters';
import { ensureDataset } from './dataset';
import { toIssueRow } from './issue-row';
import type { DatasetRef, IssueStore } from './issue-store';
import { inCellDirection, orderCells, planPage } from './paging';

// GET /api/{dataset}/failed_rows: one page of failed rows with the exact total, status counts and
// issue-type counts (spec 1 §2, §7). Counts come from the counters, never from counting fetched
// rows, so they are exact at any size and whatever limit the client asks for.

const inMemoryFields: readonly SortField[] = IN_MEMORY_SORT_FIELDS;
const collator = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });

export async function listFailedRows(store: IssueStore, ref: DatasetRef, query: FailedRowsQuery, now: Date = new Date()): Promise<FailedRowsResponse> {
  // The dataset is read with the page's rows (one request, not two); an unknown dataset has no
  // counters and so no rows, and answers 404 all the same.
  const cells = await store.readCounters(ref);
  const filters: IssueFilters = { status: query.status, owner: query.owner, issueType: query.issueType, date: query.date, scanTime: query.scanTime };
  const summary = summarize(cells, filters);
  const matching = cells.filter((c) => c.count > 0 && matchesFilters(c, filters));

  const ids = inMemoryFields.includes(query.sort.field)
    ? await pageSortedInMemory(store, ref, matching, query, summary.total)
    : await pageFromIndex(store, ref, cells, matching, query);
  // The index is eventually consistent; the rows themselves are read consistently, so a page
  // shows each row's latest version (the one a write must name).
  const read = await store.getDatasetWithIssues(ref, ids);
  const found = ensureDataset(read.dataset);
  const issues = ids.flatMap((id) => read.issues.get(id) ?? []);

  return {
    success: true,
    data: issues.map((issue) => toIssueRow(issue, found, now)),
    pagination: { total: summary.total, limit: query.limit, offset: query.offset },
    counts: summary.counts,
    issueTypeCounts: summary.issueTypeCounts,
    owners: summary.owners,
    sort: `${query.sort.field}:${query.sort.direction}`,
  };
}

/** The ids of the page, in page order, from the index cells that hold it. */
async function pageFromIndex(store: IssueStore, ref: DatasetRef, cells: readonly CounterCell[], matching: CounterCell[], query: FailedRowsQuery): Promise<string[]> {
  const reads = planPage(orderCells(matching, query.sort), query.offset, query.limit, inCellDirection(query.sort));
  const idLists = await store.readCells(
    ref,
    reads.map((read) => ({ cell: read.cell, skip: read.skip, take: read.take, direction: read.direction })),
    cells,
  );
  return idLists.flatMap((list, i) => (reads[i]!.reversed ? [...list].reverse() : list));
}

async function pageSortedInMemory(
  store: IssueStore,
  ref: DatasetRef,
  matching: CounterCell[],
  query: FailedRowsQuery,
  total: number,
): Promise<string[]> {
  if (total > IN_MEMORY_SORT_LIMIT) {
    // An unknown dataset's 404 comes before the 400 (the dataset is otherwise read with the rows).
    ensureDataset(await store.getDataset(ref));
    throw new ValidationFailed(`Sorting by ${query.sort.field} needs a narrower view: at most ${IN_MEMORY_SORT_LIMIT} rows, this one has ${total}. Choose a date, scan time, owner or issue type, or sort by scan time.`, [
      { field: 'query.sort', message: `sorts views of at most ${IN_MEMORY_SORT_LIMIT} rows by ${query.sort.field}` },
    ]);
  }
  const field = query.sort.field as (typeof IN_MEMORY_SORT_FIELDS)[number];
  const sign = query.sort.direction === 'asc' ? 1 : -1;
  const all = (await Promise.all(matching.map((cell) => store.listCell(ref, cell)))).flat();
  // Empty values sort last in both directions; ties keep a stable order by issue id.
  all.sort((a, b) => {
    const x = a[field];
    const y = b[field];
    if (x === null || x === '') return y === null || y === '' ? a.issue_id.localeCompare(b.issue_id) : 1;
    if (y === null || y === '') return -1;
    return sign * collator.compare(x, y) || a.issue_id.localeCompare(b.issue_id);
  });
  return all.slice(query.offset, query.offset + query.limit).map((i) => i.issue_id);
}
