import { countIssues, counterDeltas, type CellId, type CounterCell } from '../domain/issues/counters';
import type { IssueHistoryEvent } from '../domain/issues/issue-history';
import type { IssueRecord } from '../domain/issues/issue-record';
import type { CellReadRequest, CommitOutcome, DatasetRef, IssueStore } from '../domain/issues/issue-store';
import type { PlannedChange } from '../domain/issues/transitions';
import type { DatasetRecord } from '../domain/tenancy/records';
import type { IssueStatus } from '../../shared/constants';
import type { IssueSketch, IssueSketchSource, SketchOptions } from '../domain/clusters/ports';

/**
 * An in-memory IssueStore for unit tests of the issue use cases: one dataset, counters kept by the
 * same delta rule as the repository, versions checked like the repository's conditions.
 */
export class MemoryIssueStore implements IssueStore, IssueSketchSource {
  issues = new Map<string, IssueRecord>();
  events: IssueHistoryEvent[] = [];
  counters: CounterCell[] = [];
  /** Called before each commit; a test may change issues here to simulate a concurrent writer. */
  beforeCommit?: () => void;
  readCellCalls: CellReadRequest[] = [];
  /** Calls of getDataset and of getDatasetWithIssues (a use case that needs both reads them together). */
  datasetCalls = 0;
  datasetWithIssuesCalls = 0;

  constructor(
    readonly dataset: DatasetRecord,
    issues: IssueRecord[] = [],
  ) {
    for (const issue of issues) this.issues.set(issue.issue_id, structuredClone(issue));
    this.counters = countIssues(issues);
  }

  private owns(ref: DatasetRef): boolean {
    return ref.organizationId === this.dataset.organizationId && ref.instanceId === this.dataset.instanceId && ref.datasetId === this.dataset.id;
  }

  async getDataset(ref: DatasetRef) {
    this.datasetCalls++;
    return this.owns(ref) ? this.dataset : undefined;
  }

  async readCounters(ref: DatasetRef, prefix = '') {
    return this.owns(ref) ? this.counters.filter((c) => c.scanTime.startsWith(prefix)).map((c) => ({ ...c })) : [];
  }

  private cellRows(cell: CellId): IssueRecord[] {
    return [...this.issues.values()]
      .filter((i) => i.scan_time === cell.scanTime && i.status === cell.status && i.issue_type === cell.issueType && i.owner === cell.owner)
      .sort((a, b) => (a.issue_id < b.issue_id ? -1 : 1));
  }

  async readCell(_ref: DatasetRef, request: CellReadRequest) {
    this.readCellCalls.push(request);
    const rows = this.cellRows(request.cell).map((i) => i.issue_id);
    if (request.direction === 'desc') rows.reverse();
    return rows.slice(request.skip, request.skip + request.take);
  }

  async readCells(ref: DatasetRef, requests: readonly CellReadRequest[]) {
    return Promise.all(requests.map((request) => this.readCell(ref, request)));
  }

  async listCell(_ref: DatasetRef, cell: CellId) {
    return this.cellRows(cell).map((i) => structuredClone(i));
  }

  async getIssues(ref: DatasetRef, ids: readonly string[]) {
    const out = new Map<string, IssueRecord>();
    if (!this.owns(ref)) return out;
    for (const id of ids) {
      const issue = this.issues.get(id);
      if (issue) out.set(id, structuredClone(issue));
    }
    return out;
  }

  async getDatasetWithIssues(ref: DatasetRef, ids: readonly string[]) {
    this.datasetWithIssuesCalls++;
    return { dataset: this.owns(ref) ? this.dataset : undefined, issues: await this.getIssues(ref, ids) };
  }

  async commit(_ref: DatasetRef, changes: readonly PlannedChange[]): Promise<CommitOutcome> {
    this.beforeCommit?.();
    const outcome: CommitOutcome = { committed: [], stale: [] };
    const fresh: PlannedChange[] = [];
    for (const change of changes) {
      if (this.issues.get(change.before.issue_id)?.version !== change.before.version) outcome.stale.push(change.before.issue_id);
      else fresh.push(change);
    }
    for (const change of fresh) {
      this.issues.set(change.after.issue_id, structuredClone(change.after));
      this.events.push(change.event);
      outcome.committed.push(change.after.issue_id);
    }
    for (const delta of counterDeltas(fresh)) {
      const cell = this.counters.find(
        (c) => c.scanTime === delta.scanTime && c.status === delta.status && c.issueType === delta.issueType && c.owner === delta.owner,
      );
      if (cell) cell.count += delta.count;
      else this.counters.push({ ...delta });
    }
    return outcome;
  }

  async listHistory(_ref: DatasetRef, issueId: string) {
    return this.events.filter((e) => e.issue_id === issueId).sort((a, b) => (a.at < b.at ? 1 : a.at > b.at ? -1 : a.event_id < b.event_id ? 1 : -1));
  }

  async listSketches(ref: DatasetRef, status: IssueStatus, options: SketchOptions = {}): Promise<IssueSketch[]> {
    if (!this.owns(ref)) return [];
    return [...this.issues.values()]
      .filter((i) => i.status === status)
      .map(({ issue_id, record_id, name, issue_column, check_name, current_value, status: s, issue_type, ai_suggestion, scan_time, owner, assigned_to, taxonomy }) => ({
        issue_id, record_id, name, issue_column, check_name, current_value, status: s, issue_type, scan_time, owner, ...(ai_suggestion ? { ai_suggestion } : {}), ...(assigned_to ? { assigned_to } : {}),
        ...(options.taxonomy && taxonomy ? { taxonomy } : {}),
      }));
  }

  async listResolved() {
    return [...this.issues.values()].filter((i) => i.status === 'resolved');
  }

  /** The counters recomputed from the issues (what the kept counters must always equal). */
  recount(): CounterCell[] {
    return countIssues(this.issues.values());
  }
}
