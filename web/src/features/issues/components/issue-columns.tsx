import type { ReactNode } from 'react';
import type { IssueRow, SortField } from '../../../../../shared/schemas/issues';
import { shortIssueId } from '../utils/format-value';
import { allPageSelected, canSelect, somePageSelected, togglePage, toggleRow, type RowSelection } from '../utils/row-selection';
import { IssueStatusBadge } from './issue-status-badge';
import { useIssueTable } from './issue-table-context';
import { OwnerAvatar } from './owner-avatar';
import { RowActions } from './row-actions';
import { ValueCell } from './value-cell';
import { LazyImpactCell as ImpactCell } from '../../use-cases/components/lazy-impact-cell';

// The columns of the issues table (spec 1 §2). Sorting is done by the server: a sortable column's
// id is the API's sort field.

/** What a header or a cell may need besides its row: the page's rows and their selection. */
export interface ColumnContext {
  rows: readonly IssueRow[];
  selection: RowSelection;
  onSelectionChange: (next: RowSelection) => void;
}

export interface IssueColumn {
  id: string;
  header: string | ((ctx: ColumnContext) => ReactNode);
  cell: (row: IssueRow, index: number, ctx: ColumnContext) => ReactNode;
  /** The column's id is an API sort field. */
  sortable?: SortField;
  /** Width and alignment of the column's cells. */
  className?: string;
}

function RowNumber({ index, issueId }: { index: number; issueId: string }) {
  const { offset } = useIssueTable();
  return (
    <div className="flex flex-col leading-tight">
      <span className="text-sm font-medium tabular-nums">{offset + index + 1}</span>
      <span className="font-mono text-[11px] text-muted-foreground" title={issueId}>
        {shortIssueId(issueId)}
      </span>
    </div>
  );
}

export const issueColumns: IssueColumn[] = [
  {
    id: 'select',
    header: ({ rows, selection, onSelectionChange }) => (
      <input
        type="checkbox"
        aria-label="Select all rows on this page"
        className="size-4 accent-primary"
        checked={allPageSelected(rows, selection)}
        ref={(input) => {
          if (input) input.indeterminate = somePageSelected(rows, selection);
        }}
        disabled={!rows.some(canSelect)}
        onChange={() => onSelectionChange(togglePage(rows, selection))}
      />
    ),
    cell: (row, _index, { selection, onSelectionChange }) => (
      <input
        type="checkbox"
        aria-label={`Select ${row.record_id} ${row.issue_column}`}
        className="size-4 accent-primary"
        checked={selection[row.issue_id] === true}
        disabled={!canSelect(row)}
        onChange={() => onSelectionChange(toggleRow(row, selection))}
      />
    ),
    className: 'w-10',
  },
  {
    id: 'number',
    header: '#',
    cell: (row, index) => <RowNumber index={index} issueId={row.issue_id} />,
    className: 'w-16',
  },
  {
    id: 'record_id',
    sortable: 'record_id',
    header: 'Record & Field',
    cell: (row) => (
      <div className="flex min-w-0 flex-col gap-0.5">
        <div className="flex min-w-0 items-center gap-2">
          <span className="truncate font-mono text-xs font-semibold" title={`${row.record_key}: ${row.record_id}`}>
            {row.record_id}
          </span>
          <code className="shrink-0 rounded bg-muted px-1.5 py-0.5 font-mono text-[11px] text-muted-foreground" title={`Field ${row.issue_column}`}>
            {row.issue_column}
          </code>
        </div>
        <span className="truncate text-sm" title={row.name}>
          {row.name}
        </span>
      </div>
    ),
  },
  {
    id: 'issue_type',
    sortable: 'issue_type',
    header: 'Issue Type',
    cell: (row) => (
      <div className="flex min-w-0 flex-col gap-0.5">
        <span className="truncate text-sm font-medium">{row.issue_type_label}</span>
        <span className="truncate text-xs text-muted-foreground" title={row.check_name}>
          {row.check_name}
        </span>
      </div>
    ),
    className: 'w-44',
  },
  {
    id: 'current_value',
    sortable: 'current_value',
    header: 'Current Value',
    cell: (row) => <ValueCell row={row} />,
  },
  // Business impact (issue 13 item 6): the enabled use cases the row affects.
  {
    id: 'impact',
    header: 'Impact',
    cell: (row) => <ImpactCell row={row} />,
    className: 'w-40',
  },
  {
    id: 'status',
    sortable: 'status',
    header: 'Status',
    cell: (row) => <IssueStatusBadge row={row} />,
    className: 'w-44',
  },
  {
    id: 'owner',
    sortable: 'owner',
    header: 'Owner',
    cell: (row) => <OwnerAvatar email={row.owner} />,
    className: 'w-20',
  },
  {
    id: 'actions',
    header: 'Actions',
    cell: (row) => <RowActions row={row} />,
    className: 'w-48 text-right',
  },
];
