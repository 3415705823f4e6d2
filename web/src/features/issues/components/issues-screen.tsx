import { Boxes, Keyboard } from 'lucide-react';
import { toast } from '../../../lib/toast';
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { MuteDuration } from '../../../../../shared/constants';
import type { IssueRow } from '../../../../../shared/schemas/issues';
import type { DatasetSummary, Instance } from '../../../../../shared/schemas/session';
import { DatasetSelector } from '../../../components/dataset-selector';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { formatCount } from '../../../utils/format';
import { useAvailableDates } from '../api/get-available-dates';
import { failedRowsSearch, useFailedRows } from '../api/get-failed-rows';
import { useScanTimes } from '../api/get-scan-times';
import { useIssueActions } from '../hooks/use-issue-actions';
import { failedRowsParams, useIssueFilters } from '../hooks/use-issue-filters';
import { useRowEffects } from '../hooks/use-row-effects';
import { useTriageShortcuts } from '../hooks/use-triage-shortcuts';
import { errorText, type BulkAction } from '../utils/messages';
import { BulkBar } from './bulk-bar';
import { useUseCases } from '../../use-cases/api/use-cases';
import { IssueFiltersBar } from './issue-filters';
import { IssueTableContext, type IssueTableContextValue } from './issue-table-context';
import { IssuesTable, type TableState } from './issues-table';
import { ExportMenu, HistorySheet, RelatedSheet, ShortcutsDialog } from './lazy-panels';
import { StatusTabs } from './status-tabs';
import { TablePagination } from './table-pagination';
import type { RowSelection } from '../utils/row-selection';

// Panels opened on demand load with their own chunk (issue 13: clusters).
const ClustersSheet = lazy(() => import('./clusters-sheet').then((m) => ({ default: m.ClustersSheet })));
const AssignDialog = lazy(() => import('./assign-dialog').then((m) => ({ default: m.AssignDialog })));

const NO_ROWS: IssueRow[] = [];
const NO_STRINGS: string[] = [];

/** The row that holds keyboard focus, if any. */
function focusedRowId(): string | null {
  const active = document.activeElement;
  return active instanceof HTMLElement ? (active.closest<HTMLElement>('tr[data-row-id]')?.dataset.rowId ?? null) : null;
}

/** The Issues screen of one dataset: filters from the URL, the table, row and bulk actions, keyboard triage. */
export function IssuesScreen({
  instance,
  datasets,
  dataset,
  selectDataset,
}: {
  instance: Instance;
  datasets: DatasetSummary[];
  dataset: DatasetSummary;
  selectDataset: (datasetId: string) => void;
}) {
  const instanceId = instance.id;
  const datasetId = dataset.id;
  const { filters, setFilter, setPage, setPageSize, setSort, resetForDataset, showDataset } = useIssueFilters();
  useEffect(() => {
    if (filters.dataset !== datasetId) showDataset(datasetId);
  }, [filters.dataset, datasetId, showDataset]);
  const params = useMemo(() => failedRowsParams(filters), [filters]);
  const useCasesQuery = useUseCases();
  const impactOptions = useMemo(
    () => (useCasesQuery.data?.data ?? []).filter((u) => u.enabled).map((u) => ({ value: u.id, label: u.name })),
    [useCasesQuery.data],
  );
  const rowsQuery = useFailedRows(instanceId, datasetId, params);
  const datesQuery = useAvailableDates(instanceId, datasetId);
  const scanTimesQuery = useScanTimes(instanceId, datasetId, filters.date);
  const response = rowsQuery.data;
  const scope = `${instanceId}/${datasetId}?${failedRowsSearch(params)}`;
  const effects = useRowEffects(response?.data ?? NO_ROWS, scope);
  const rows = effects.rows;
  const rowsRef = useRef(rows);
  useEffect(() => {
    rowsRef.current = rows;
  });

  // ---- per-view state: selection, edit, open menus -----------------------------------------
  const [rowSelection, setRowSelection] = useState<RowSelection>({});
  const [editingId, setEditingId] = useState<string | null>(null);
  const [muteMenuFor, setMuteMenuFor] = useState<string | null>(null);
  const [viewScope, setViewScope] = useState(scope);
  if (viewScope !== scope) {
    setViewScope(scope);
    setRowSelection({});
    setEditingId(null);
    setMuteMenuFor(null);
  }
  const [historyRow, setHistoryRow] = useState<IssueRow | null>(null);
  const [relatedRow, setRelatedRow] = useState<IssueRow | null>(null);
  const [shortcutsOpen, setShortcutsOpen] = useState(false);
  const [clustersOpen, setClustersOpen] = useState(false);
  const [assignOpen, setAssignOpen] = useState(false);
  const [announcement, setAnnouncement] = useState('');

  const selectedRows = rows.filter((row) => rowSelection[row.issue_id] && row.status !== 'resolved');
  const clearSelection = useCallback(() => setRowSelection({}), []);
  const rowsOnScreen = useCallback(() => rowsRef.current, []);

  const actions = useIssueActions({
    instanceId,
    datasetId,
    status: filters.status,
    effects,
    rowsOnScreen,
    clearSelection,
    announce: setAnnouncement,
  });

  // ---- focus: the active row is the one keyboard triage acts on -----------------------------
  const [activeId, setActiveId] = useState<string | null>(null);
  const rowElements = useRef(new Map<string, HTMLTableRowElement>());
  // Where the active row was last seen: its index and the row after it (the one that takes its
  // place when it leaves, even if the list changed around it meanwhile).
  const lastActiveIndex = useRef(0);
  const lastFollower = useRef<string | null>(null);
  const registerRow = useCallback((id: string, element: HTMLTableRowElement | null) => {
    if (element) rowElements.current.set(id, element);
    else rowElements.current.delete(id);
  }, []);
  const focusRow = useCallback((id: string) => {
    setActiveId(id);
    rowElements.current.get(id)?.focus();
  }, []);

  // A row that left (resolved, muted, ...) hands focus to the row that took its place.
  useEffect(() => {
    if (activeId === null) return;
    const index = rows.findIndex((r) => r.issue_id === activeId);
    if (index >= 0) {
      lastActiveIndex.current = index;
      lastFollower.current = rows[index + 1]?.issue_id ?? null;
      return;
    }
    const follower = lastFollower.current === null ? undefined : rows.find((r) => r.issue_id === lastFollower.current);
    const successor = follower ?? rows[Math.min(lastActiveIndex.current, rows.length - 1)];
    const focusLost = document.activeElement === null || document.activeElement === document.body;
    setActiveId(successor?.issue_id ?? null);
    if (successor && focusLost) rowElements.current.get(successor.issue_id)?.focus();
  }, [rows, activeId]);

  // ---- row actions, shared by the buttons and the keys ---------------------------------------
  const startEdit = useCallback((row: IssueRow) => {
    if (row.status === 'resolved') return;
    setActiveId(row.issue_id);
    setEditingId(row.issue_id);
  }, []);
  const cancelEdit = useCallback(
    (row: IssueRow) => {
      setEditingId(null);
      focusRow(row.issue_id);
    },
    [focusRow],
  );
  const { saveEdit, resolve, acceptSuggestion, mute, unmute, bulk, pending } = actions;

  const tableContext = useMemo<IssueTableContextValue>(
    () => ({
      offset: (filters.page - 1) * filters.pageSize,
      editingId,
      startEdit,
      cancelEdit,
      saveEdit: async (row, value) => {
        const saved = await saveEdit(row, value);
        if (saved) setEditingId((current) => (current === row.issue_id ? null : current));
        return saved;
      },
      resolve: (row) => void resolve(row),
      acceptSuggestion: (row, suggestion) => void acceptSuggestion(row, suggestion),
      mute: (row, duration) => void mute(row, duration),
      unmute: (row) => void unmute(row),
      openHistory: setHistoryRow,
      openRelated: setRelatedRow,
      muteMenuFor,
      setMuteMenuFor,
      pending,
    }),
    [filters.page, filters.pageSize, editingId, startEdit, cancelEdit, saveEdit, resolve, acceptSuggestion, mute, unmute, muteMenuFor, pending],
  );

  const runBulk = (action: BulkAction, duration?: MuteDuration) => void bulk(action, selectedRows, duration);

  // ---- keyboard triage -------------------------------------------------------------------------
  const rowForKeys = (): IssueRow | undefined => {
    const id = focusedRowId();
    return id ? rows.find((r) => r.issue_id === id) : undefined;
  };
  const move = (delta: 1 | -1) => {
    if (rows.length === 0) return;
    const from = focusedRowId() ?? activeId;
    const index = rows.findIndex((r) => r.issue_id === from);
    const next = index === -1 ? rows[0] : rows[Math.max(0, Math.min(rows.length - 1, index + delta))];
    if (next) focusRow(next.issue_id);
  };
  useTriageShortcuts({
    next: () => move(1),
    previous: () => move(-1),
    toggleSelect: () => {
      const row = rowForKeys();
      if (row && row.status !== 'resolved') setRowSelection((s) => ({ ...s, [row.issue_id]: !s[row.issue_id] }));
    },
    edit: () => {
      const row = rowForKeys();
      if (row) startEdit(row);
    },
    resolve: () => {
      const row = rowForKeys();
      if (row && row.status !== 'resolved') void resolve(row);
    },
    mute: () => {
      const row = rowForKeys();
      if (row && (row.status === 'open' || row.display_status === 'expired')) setMuteMenuFor(row.issue_id);
    },
    unmute: () => {
      const row = rowForKeys();
      if (row && row.status === 'muted') void unmute(row);
    },
    history: () => {
      const row = rowForKeys();
      if (row) setHistoryRow(row);
    },
    help: () => setShortcutsOpen(true),
  });

  // ---- a page past the end (rows left it) goes back to the last page ---------------------------
  const total = response?.pagination.total ?? 0;
  useEffect(() => {
    if (!response || rowsQuery.isPlaceholderData) return;
    const lastPage = Math.max(1, Math.ceil(response.pagination.total / filters.pageSize));
    if (filters.page > lastPage) setPage(lastPage, { replace: true });
  }, [response, rowsQuery.isPlaceholderData, filters.page, filters.pageSize, setPage]);

  const tableState: TableState = response
    ? { kind: 'ready' }
    : rowsQuery.isError
      ? { kind: 'error', message: errorText(rowsQuery.error) }
      : { kind: 'loading' };
  const counts = response?.counts;
  const totalIssues = counts ? counts.open + counts.resolved + counts.muted : undefined;

  return (
    <div className="flex flex-col gap-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="flex flex-wrap items-center gap-x-5 gap-y-2">
          <DatasetSelector
            datasets={datasets}
            value={datasetId}
            onChange={(id) => {
              selectDataset(id);
              resetForDataset(id);
            }}
          />
          <p className="text-sm text-muted-foreground" data-testid="count-line">
            <span className="font-semibold text-foreground tabular-nums">{totalIssues === undefined ? '–' : formatCount(totalIssues)}</span> total issues
            <span aria-hidden> · </span>
            <span className="font-semibold text-foreground tabular-nums">{formatCount(selectedRows.length)}</span> selected rows
          </p>
        </div>
        <div className="flex items-center gap-2">
          <Button variant="outline" size="sm" onClick={() => setClustersOpen(true)}>
            <Boxes className="size-4" aria-hidden />
            Clusters
          </Button>
          <Button variant="ghost" size="sm" onClick={() => setShortcutsOpen(true)} aria-keyshortcuts="?">
            <Keyboard className="size-4" aria-hidden />
            Shortcuts
          </Button>
          <ExportMenu instanceId={instanceId} datasetId={datasetId} />
        </div>
      </div>

      <StatusTabs
        status={filters.status}
        counts={counts}
        onStatusChange={(status) => setFilter({ status })}
        filters={
          <IssueFiltersBar
            filters={filters}
            onChange={setFilter}
            owners={response?.owners ?? NO_STRINGS}
            issueTypeCounts={response?.issueTypeCounts}
            dates={datesQuery.data?.dates ?? NO_STRINGS}
            scanTimes={scanTimesQuery.data?.scanTimes ?? NO_STRINGS}
            useCases={impactOptions}
          />
        }
      >
        <Card className="overflow-clip">
          <IssueTableContext value={tableContext}>
            <IssuesTable
              rows={rows}
              state={tableState}
              refreshing={rowsQuery.isFetching}
              sort={filters.sort}
              onSortChange={setSort}
              rowSelection={rowSelection}
              onRowSelectionChange={setRowSelection}
              activeId={activeId}
              onActiveChange={setActiveId}
              registerRow={registerRow}
              highlightOf={effects.highlightOf}
              isFading={effects.isFading}
              caption={`${filters.status} issues of ${dataset.name}, page ${filters.page}`}
            />
          </IssueTableContext>
          <BulkBar
            selected={selectedRows.length}
            busy={selectedRows.some((row) => pending.has(row.issue_id))}
            progress={actions.bulkProgress}
            onMute={(duration) => runBulk('mute', duration)}
            onUnmute={() => runBulk('unmute')}
            onResolve={() => runBulk('resolve')}
            onClear={clearSelection}
            onAssign={() => setAssignOpen(true)}
          />
          <TablePagination page={filters.page} pageSize={filters.pageSize} total={total} onPageChange={setPage} onPageSizeChange={setPageSize} />
        </Card>
      </StatusTabs>

      <HistorySheet instanceId={instanceId} datasetId={datasetId} row={historyRow} onClose={() => setHistoryRow(null)} />
      <RelatedSheet instanceId={instanceId} datasetId={datasetId} row={relatedRow} onClose={() => setRelatedRow(null)} />
      <ShortcutsDialog open={shortcutsOpen} onOpenChange={setShortcutsOpen} />
      {assignOpen ? (
        <Suspense fallback={null}>
          <AssignDialog
            instanceId={instanceId}
            datasetId={datasetId}
            issueIds={selectedRows.map((r) => r.issue_id)}
            open={assignOpen}
            onOpenChange={setAssignOpen}
            onDone={(message) => {
              toast.success(message);
              setAnnouncement(message);
              clearSelection();
            }}
          />
        </Suspense>
      ) : null}
      {clustersOpen ? (
        <Suspense fallback={null}>
          <ClustersSheet instanceId={instanceId} datasetId={datasetId} open={clustersOpen} onOpenChange={setClustersOpen} />
        </Suspense>
      ) : null}
      <p className="sr-only" role="status" aria-live="polite">
        {announcement}
      </p>
    </div>
  );
}
