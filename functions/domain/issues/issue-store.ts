import type { SortDirection } from '../../../shared/schemas/issues';
import type { DatasetRecord } from '../tenancy/records';
import type { CellId, CounterCell } from './counters';
import type { IssueHistoryEvent } from './issue-history';
import type { IssueRecord } from './issue-record';
import type { PlannedChange } from './transitions';

// The port through which the issue use cases read and write. The DynamoDB repository implements
// it; unit tests use an in-memory one.

/** A dataset of an instance: every issue call acts within one. */
export interface DatasetRef {
  organizationId: string;
  instanceId: string;
  datasetId: string;
}

export interface CellReadRequest {
  cell: CellId;
  skip: number;
  take: number;
  direction: SortDirection;
}

export interface CommitOutcome {
  /** Issue ids whose change was written, with its history event and counter change. */
  committed: string[];
  /** Issue ids whose change was not written because an issue changed since it was read. */
  stale: string[];
}

export interface IssueStore {
  getDataset(ref: DatasetRef): Promise<DatasetRecord | undefined>;
  /** Every counter cell of the dataset (read consistently); only scans starting with the prefix when given. */
  readCounters(ref: DatasetRef, scanTimePrefix?: string): Promise<CounterCell[]>;
  /** Issue ids of one cell in id order (`direction`), after skipping `skip`. */
  readCell(ref: DatasetRef, request: CellReadRequest): Promise<string[]>;
  /**
   * Several reads of one page at once, answered in request order. `cells` are all the counter
   * cells of the dataset: they say how many rows lie between the cells read, so a store may read
   * cells that lie close together in its index with one request.
   */
  readCells(ref: DatasetRef, requests: readonly CellReadRequest[], cells: readonly CounterCell[]): Promise<string[][]>;
  /** Every issue of one cell (for the in-memory sorts of small views). */
  listCell(ref: DatasetRef, cell: CellId): Promise<IssueRecord[]>;
  /** Issues by id, read consistently; missing ids are absent from the map. */
  getIssues(ref: DatasetRef, ids: readonly string[]): Promise<Map<string, IssueRecord>>;
  /** The dataset (as getDataset) and issues by id (as getIssues), read together: one request instead of two. */
  getDatasetWithIssues(ref: DatasetRef, ids: readonly string[]): Promise<{ dataset: DatasetRecord | undefined; issues: Map<string, IssueRecord> }>;
  /**
   * Writes each change (the issue, conditioned on the version it was read at), its history event
   * and the counter deltas, atomically per transaction. Transaction conflicts are retried; a
   * change whose issue moved on is reported stale, not written.
   */
  commit(ref: DatasetRef, changes: readonly PlannedChange[]): Promise<CommitOutcome>;
  /** An issue's history, newest first. */
  listHistory(ref: DatasetRef, issueId: string): Promise<IssueHistoryEvent[]>;
  /** Every resolved issue of the dataset (export of fixes). */
  listResolved(ref: DatasetRef): Promise<IssueRecord[]>;
}
