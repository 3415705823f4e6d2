import { ArrowDown, ArrowUp, ChevronsUpDown } from 'lucide-react';
import type { ReactNode } from 'react';
import type { IssueRow, SortField } from '../../../../../shared/schemas/issues';
import { Spinner } from '../../../components/ui/spinner';
import { cn } from '../../../utils/cn';
import type { IssueSort } from '../hooks/use-issue-filters';
import type { Highlight } from '../hooks/use-row-effects';
import { nextSort, type RowSelection } from '../utils/row-selection';
import { issueColumns, type ColumnContext } from './issue-columns';

export type TableState = { kind: 'loading' } | { kind: 'error'; message: string } | { kind: 'ready' };

interface IssuesTableProps {
  rows: IssueRow[];
  state: TableState;
  /** A newer page or filter is loading while the current rows stay on screen. */
  refreshing: boolean;
  sort: IssueSort | undefined;
  onSortChange: (sort: IssueSort) => void;
  rowSelection: RowSelection;
  onRowSelectionChange: (next: RowSelection) => void;
  /** The row keyboard triage acts on; it is the one reached by Tab. */
  activeId: string | null;
  onActiveChange: (issueId: string) => void;
  registerRow: (issueId: string, element: HTMLTableRowElement | null) => void;
  highlightOf: (issueId: string) => Highlight | undefined;
  isFading: (issueId: string) => boolean;
  caption: string;
}

const HIGHLIGHT_CLASSES: Record<Highlight, string> = {
  changed: 'bg-primary/10',
  bulk: 'bg-primary/10',
  reverted: 'bg-danger-soft',
};

function StateRow({ colSpan, children, role }: { colSpan: number; children: ReactNode; role?: 'status' | 'alert' }) {
  return (
    <tr>
      <td colSpan={colSpan} className="px-4 py-14 text-center text-sm text-muted-foreground">
        <span role={role} className="inline-flex items-center gap-2">
          {children}
        </span>
      </td>
    </tr>
  );
}

/** The failed rows of one page, as the server sorted and paged them; selection and sort rules in utils/row-selection.ts. */
export function IssuesTable({
  rows,
  state,
  refreshing,
  sort,
  onSortChange,
  rowSelection,
  onRowSelectionChange,
  activeId,
  onActiveChange,
  registerRow,
  highlightOf,
  isFading,
  caption,
}: IssuesTableProps) {
  const context: ColumnContext = { rows, selection: rowSelection, onSelectionChange: onRowSelectionChange };
  const columnCount = issueColumns.length;
  const tabbableId = activeId !== null && rows.some((r) => r.issue_id === activeId) ? activeId : rows[0]?.issue_id;

  return (
    <div className="overflow-x-auto">
      <table className="w-full min-w-[68rem] table-fixed border-collapse text-sm" aria-busy={refreshing || state.kind === 'loading'}>
        <caption className="sr-only">{caption}</caption>
        <thead className="border-b bg-muted/60">
          <tr>
            {issueColumns.map((column) => {
              const sorted = column.sortable && sort?.field === column.sortable ? sort.direction : undefined;
              const label = typeof column.header === 'string' ? column.header : column.header(context);
              return (
                <th
                  key={column.id}
                  scope="col"
                  aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : undefined}
                  className={cn('px-3 py-2.5 text-left text-xs font-semibold tracking-wide whitespace-nowrap text-muted-foreground uppercase', column.className)}
                >
                  {column.sortable ? (
                    <button
                      type="button"
                      onClick={() => onSortChange(nextSort(sort, column.sortable!))}
                      className={cn(
                        '-mx-1.5 inline-flex items-center gap-1 rounded-md px-1.5 py-1 uppercase hover:bg-muted hover:text-foreground',
                        'focus-visible:outline-2 focus-visible:outline-ring',
                        sorted ? 'text-foreground' : undefined,
                      )}
                    >
                      {label}
                      {sorted === 'asc' ? (
                        <ArrowUp className="size-3.5" aria-hidden />
                      ) : sorted === 'desc' ? (
                        <ArrowDown className="size-3.5" aria-hidden />
                      ) : (
                        <ChevronsUpDown className="size-3.5 opacity-50" aria-hidden />
                      )}
                    </button>
                  ) : (
                    label
                  )}
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody>
          {state.kind === 'loading' ? (
            <StateRow colSpan={columnCount} role="status">
              <Spinner />
              Loading...
            </StateRow>
          ) : state.kind === 'error' ? (
            <StateRow colSpan={columnCount} role="alert">
              <span className="text-danger">Error: {state.message}</span>
            </StateRow>
          ) : rows.length === 0 ? (
            <StateRow colSpan={columnCount}>No data available</StateRow>
          ) : (
            rows.map((row, index) => {
              const id = row.issue_id;
              const highlight = highlightOf(id);
              const fading = isFading(id);
              return (
                <tr
                  key={id}
                  ref={(element) => registerRow(id, element)}
                  data-row-id={id}
                  data-status={row.display_status}
                  data-highlight={highlight}
                  data-fading={fading || undefined}
                  tabIndex={id === tabbableId ? 0 : -1}
                  onFocus={() => onActiveChange(id)}
                  className={cn(
                    'border-b align-middle transition-[background-color,opacity] duration-500 last:border-b-0',
                    'focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-ring',
                    highlight
                      ? HIGHLIGHT_CLASSES[highlight]
                      : rowSelection[id]
                        ? 'bg-accent/60'
                        : id === activeId
                          ? 'bg-muted/50'
                          : 'hover:bg-muted/30',
                    fading ? 'pointer-events-none opacity-0' : undefined,
                  )}
                >
                  {issueColumns.map((column) => (
                    <td key={column.id} className={cn('px-3 py-2.5', column.className)}>
                      {column.cell(row, index, context)}
                    </td>
                  ))}
                </tr>
              );
            })
          )}
        </tbody>
      </table>
    </div>
  );
}
