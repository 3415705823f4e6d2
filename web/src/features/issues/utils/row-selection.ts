import type { IssueRow, SortField } from '../../../../../shared/schemas/issues';
import type { IssueSort } from '../hooks/use-issue-filters';

// The table's selection and sort rules, kept pure. The Issues table renders one server page of
// rows, sorted and paged by the server, so it needs no table library's row models: a resolved row
// cannot be selected; the header checkbox acts on the selectable rows of the page; a sortable
// column sorts ascending first, then flips.

/** Selected issue ids (only `true` entries count). */
export type RowSelection = Record<string, boolean>;

export const canSelect = (row: Pick<IssueRow, 'status'>) => row.status !== 'resolved';

/** Whether every selectable row of the page is selected (false when none is selectable). */
export function allPageSelected(rows: readonly IssueRow[], selection: RowSelection): boolean {
  const selectable = rows.filter(canSelect);
  return selectable.length > 0 && selectable.every((r) => selection[r.issue_id] === true);
}

/** Some, but not all, selectable rows of the page are selected (the header checkbox's mixed state). */
export function somePageSelected(rows: readonly IssueRow[], selection: RowSelection): boolean {
  return !allPageSelected(rows, selection) && rows.some((r) => canSelect(r) && selection[r.issue_id] === true);
}

/** The header checkbox: select every selectable row of the page, or, when all are, unselect the page. */
export function togglePage(rows: readonly IssueRow[], selection: RowSelection): RowSelection {
  const select = !allPageSelected(rows, selection);
  const next = { ...selection };
  for (const row of rows) {
    if (!select) delete next[row.issue_id];
    else if (canSelect(row)) next[row.issue_id] = true;
  }
  return next;
}

/** A row's checkbox (a resolved row stays as it is). */
export function toggleRow(row: IssueRow, selection: RowSelection): RowSelection {
  if (!canSelect(row)) return selection;
  const next = { ...selection };
  if (next[row.issue_id]) delete next[row.issue_id];
  else next[row.issue_id] = true;
  return next;
}

/** A click on a sortable column's header: ascending first, then the other way round. */
export function nextSort(current: IssueSort | undefined, field: SortField): IssueSort {
  if (current?.field !== field) return { field, direction: 'asc' };
  return { field, direction: current.direction === 'asc' ? 'desc' : 'asc' };
}
