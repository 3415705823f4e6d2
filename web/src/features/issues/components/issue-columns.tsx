import { createColumnHelper, type RowData } from '@tanstack/react-table';
import type { IssueRow, SortField } from '../../../../../shared/schemas/issues';
import { shortIssueId } from '../utils/format-value';
import { IssueStatusBadge } from './issue-status-badge';
import { useIssueTable } from './issue-table-context';
import { OwnerAvatar } from './owner-avatar';
import { RowActions } from './row-actions';
import { ValueCell } from './value-cell';
import { LazyImpactCell as ImpactCell } from '../../use-cases/components/lazy-impact-cell';

// The columns of the issues table (spec 1 §2). Sorting is done by the server: a sortable column's
// id is the API's sort field.

declare module '@tanstack/react-table' {
  interface ColumnMeta<TData extends RowData, TValue> {
    /** Width and alignment of the column's cells. */
    className?: string;
  }
}

const column = createColumnHelper<IssueRow>();

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

export const issueColumns = [
  column.display({
    id: 'select',
    header: ({ table }) => (
      <input
        type="checkbox"
        aria-label="Select all rows on this page"
        className="size-4 accent-primary"
        checked={table.getIsAllPageRowsSelected()}
        ref={(input) => {
          if (input) input.indeterminate = table.getIsSomePageRowsSelected();
        }}
        disabled={!table.getRowModel().rows.some((r) => r.getCanSelect())}
        onChange={table.getToggleAllPageRowsSelectedHandler()}
      />
    ),
    cell: ({ row }) => (
      <input
        type="checkbox"
        aria-label={`Select ${row.original.record_id} ${row.original.issue_column}`}
        className="size-4 accent-primary"
        checked={row.getIsSelected()}
        disabled={!row.getCanSelect()}
        onChange={row.getToggleSelectedHandler()}
      />
    ),
    meta: { className: 'w-10' },
  }),
  column.display({
    id: 'number',
    header: '#',
    cell: ({ row }) => <RowNumber index={row.index} issueId={row.original.issue_id} />,
    meta: { className: 'w-16' },
  }),
  column.accessor('record_id', {
    id: 'record_id' satisfies SortField,
    header: 'Record & Field',
    cell: ({ row: { original: row } }) => (
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
  }),
  column.accessor('issue_type', {
    id: 'issue_type' satisfies SortField,
    header: 'Issue Type',
    cell: ({ row: { original: row } }) => (
      <div className="flex min-w-0 flex-col gap-0.5">
        <span className="truncate text-sm font-medium">{row.issue_type_label}</span>
        <span className="truncate text-xs text-muted-foreground" title={row.check_name}>
          {row.check_name}
        </span>
      </div>
    ),
    meta: { className: 'w-44' },
  }),
  column.accessor('current_value', {
    id: 'current_value' satisfies SortField,
    header: 'Current Value',
    cell: ({ row }) => <ValueCell row={row.original} />,
  }),
  // Business impact (issue 13 item 6): the enabled use cases the row affects.
  column.display({
    id: 'impact',
    header: 'Impact',
    cell: ({ row }) => <ImpactCell row={row.original} />,
    meta: { className: 'w-40' },
  }),
  column.accessor('status', {
    id: 'status' satisfies SortField,
    header: 'Status',
    cell: ({ row }) => <IssueStatusBadge row={row.original} />,
    meta: { className: 'w-44' },
  }),
  column.accessor('owner', {
    id: 'owner' satisfies SortField,
    header: 'Owner',
    cell: ({ row }) => <OwnerAvatar email={row.original.owner} />,
    meta: { className: 'w-20' },
  }),
  column.display({
    id: 'actions',
    header: 'Actions',
    cell: ({ row }) => <RowActions row={row.original} />,
    meta: { className: 'w-48 text-right' },
  }),
];
