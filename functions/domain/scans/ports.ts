import type { OnboardingStatus } from '../../../shared/constants';
import type { ChecksConfig } from '../../../shared/schemas/checks';
import type { CheckCount } from '../checks/engine';
import type { CounterCell } from '../issues/counters';
import type { IssueRecord } from '../issues/issue-record';
import type { DatasetRef } from '../issues/issue-store';
import type { DatasetProfile } from '../profile/profile';
import type { IndexedIssue, IssueMove } from './reconcile';

// The ports of the data-in use cases (issue 4): dataset metadata (source file, checks, scans,
// profile) and the writes a scan makes to the issues. DynamoDB implements them in AWS and
// locally; unit tests use in-memory ones.

/** The source file a dataset's data currently comes from. */
export interface DatasetSource {
  /** Storage key (SourceStore). */
  key: string;
  fileName: string;
  columns: string[];
  rows: number;
  bytes: number;
  uploadedAt: string;
  uploadedBy: string;
}

export interface DatasetConfigRecord {
  config: ChecksConfig;
  updatedAt: string;
  updatedBy: string;
}

export const SCAN_STATUSES = ['queued', 'running', 'succeeded', 'failed'] as const;
export type ScanStatus = (typeof SCAN_STATUSES)[number];

/** A scan (or an import) as a job whose progress can be read while it runs. */
export interface ScanJob {
  scanId: string;
  datasetId: string;
  kind: 'scan' | 'import';
  status: ScanStatus;
  /** The scan time its failed rows carry (toISOString). */
  scanTime: string;
  requestedBy: string;
  requestedAt: string;
  startedAt?: string;
  /** Last sign of life of the worker running it (see job-liveness.ts). */
  heartbeatAt?: string;
  finishedAt?: string;
  totalRows: number;
  rowsRead: number;
  /** Failing cells found. */
  failures: number;
  newIssues: number;
  updatedIssues: number;
  /** Found again but resolved or muted: left as they were. */
  keptIssues: number;
  resolvedByScan: number;
  checks: CheckCount[];
  error?: string;
}

export interface DatasetMetaStore {
  getSource(ref: DatasetRef): Promise<DatasetSource | undefined>;
  putSource(ref: DatasetRef, source: DatasetSource): Promise<void>;
  getConfig(ref: DatasetRef): Promise<DatasetConfigRecord | undefined>;
  putConfig(ref: DatasetRef, record: DatasetConfigRecord): Promise<void>;
  putProfile(ref: DatasetRef, profile: DatasetProfile, scanTime: string): Promise<void>;
  getProfile(ref: DatasetRef): Promise<DatasetProfile | undefined>;
  putScan(ref: DatasetRef, job: ScanJob): Promise<void>;
  getScan(ref: DatasetRef, scanId: string): Promise<ScanJob | undefined>;
  /** The latest scans, newest first. */
  listScans(ref: DatasetRef, limit: number): Promise<ScanJob[]>;
  /** Records a finished scan on the dataset: last scan time, record count, onboarding status. */
  markScanned(ref: DatasetRef, update: { lastScanTime: string; totalRecords: number; onboarded: boolean }): Promise<void>;
  setOnboardingStatus(ref: DatasetRef, status: OnboardingStatus): Promise<void>;
}

/** Most issues one insertIssues call takes: with the counter, the day's activity and the dataset's stamp, one transaction holds at most 100 items. */
export const MAX_INSERTS_PER_WRITE = 96;

export interface ScanResultsStore {
  /** Every issue of the dataset, projected to what a scan decides on. */
  loadIndex(ref: DatasetRef): Promise<Map<string, IndexedIssue>>;
  /**
   * Writes new issues (they must not exist) and adds them to the counters of `scanTime` in one
   * atomic write: a crash leaves both or neither, so counts always equal a recount. At most
   * MAX_INSERTS_PER_WRITE issues (see insertInChunks).
   */
  insertIssues(ref: DatasetRef, scanTime: string, issues: readonly IssueRecord[], cells: readonly CounterCell[]): Promise<void>;
  /**
   * Moves open issues to `scanTime` with their new value, each conditioned on the version read,
   * with the counters of the old and new scan time in the same transaction. Issues changed since
   * they were read are left alone and reported stale.
   */
  moveIssues(ref: DatasetRef, scanTime: string, moves: readonly IssueMove[]): Promise<{ moved: IssueMove[]; stale: string[] }>;
  /** Removes every issue of the dataset with its history and counters (Reset Data); answers how many issues. */
  clearIssues(ref: DatasetRef): Promise<number>;
}

/** Starts a queued scan job without waiting for it (in-process locally, an async invoke in AWS). */
export interface ScanLauncher {
  launch(ref: DatasetRef, scanId: string): Promise<void>;
}
