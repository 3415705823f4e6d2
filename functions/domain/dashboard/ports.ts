import type { Priority } from '../../../shared/schemas/checks';
import type { IssueType } from '../../../shared/constants';
import type { CounterCell } from '../issues/counters';
import type { IssueRecord } from '../issues/issue-record';
import type { DatasetRef } from '../issues/issue-store';
import type { DatasetRecord } from '../tenancy/records';
import type { ColumnProfile } from '../profile/profile';
import type { DailyActivity } from './daily-activity';
import type { FixRecord } from './learned-fixes';

// What the dashboard reads (issue 12). Every figure comes from the counters, the daily activity
// records, the datasets' check configs and the quick-win index: never a list of issues. The
// per-dataset figures are read for all datasets of a call at once (the adapter batches them).

export interface InstanceRef {
  organizationId: string;
  instanceId: string;
}

export interface ScoringChecks {
  /** Checks configured on the dataset. */
  count: number;
  /** Issue type and priority of each check (priorities of the score). */
  checks: Array<{ issueType: IssueType; priority: Priority | undefined }>;
}

export interface FormatInputs {
  columns: Array<Pick<ColumnProfile, 'name' | 'type' | 'typeShare' | 'filled'>>;
  guarded: string[];
}

export interface ScanActivity {
  status: 'queued' | 'running' | 'succeeded' | 'failed';
  rowsRead: number;
  totalRows: number;
}

export interface DashboardStore {
  listDatasets(instance: InstanceRef): Promise<DatasetRecord[]>;
  /** Per dataset id, its counter cells (the arrays are shared: read, never change them). */
  readCounters(instance: InstanceRef, datasetIds: readonly string[]): Promise<Map<string, readonly CounterCell[]>>;
  /** Per dataset id, its daily records from one date to another (YYYY-MM-DD, inclusive), oldest first. */
  readDaily(instance: InstanceRef, datasetIds: readonly string[], from: string, to: string): Promise<Map<string, readonly DailyActivity[]>>;
  /** The scoring checks of these datasets of the instance, by dataset id, in one batched read (none configured: count 0). */
  getScoringChecks(instance: InstanceRef, datasetIds: readonly string[]): Promise<Map<string, ScoringChecks>>;
  /** Open rows with a high-confidence stored suggestion, by impact then effort; `prefix` narrows to one priority. */
  listQuickWins(ref: DatasetRef, limit: number, priority?: Priority): Promise<IssueRecord[]>;
  /** Per dataset, the latest scan's column profile (name, type, fit) and the columns a format or pattern check guards; one batched read. */
  getFormatInputs(instance: InstanceRef, datasetIds: readonly string[]): Promise<Map<string, FormatInputs>>;
  /** The newest resolved rows (by the scan that found them), at most `limit`, as fixes to learn from. */
  recentFixes(ref: DatasetRef, limit: number): Promise<readonly FixRecord[]>;
  /** Open rows of a column holding exactly this value that are no AI quick win, by impact; `priority` narrows. */
  listOpenWithValue(ref: DatasetRef, column: string, value: string, limit: number, priority?: Priority): Promise<IssueRecord[]>;
  /** Per dataset id, its quick wins: open rows with a high-confidence stored AI suggestion. */
  countSuggestions(instance: InstanceRef, datasetIds: readonly string[]): Promise<Map<string, number>>;
  /** The dataset's latest scan job, if any. */
  latestScan(ref: DatasetRef): Promise<ScanActivity | undefined>;
  /** Rows of unfinished AI jobs in this instance still waiting for their outcome. */
  rowsQueuedForAi(instance: InstanceRef): Promise<number>;
  /** Credits charged in this instance since the given time. */
  creditsSince(instance: InstanceRef, since: Date): Promise<number>;
}
