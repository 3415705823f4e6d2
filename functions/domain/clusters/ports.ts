import type { IssueStatus } from '../../../shared/constants';
import type { IssueRecord } from '../issues/issue-record';
import type { DatasetRef, IssueStore } from '../issues/issue-store';

/** What cluster and related-issue reads need of a row: a few fields, never the whole item. */
export type IssueSketch = Pick<IssueRecord, 'issue_id' | 'record_id' | 'name' | 'issue_column' | 'check_name' | 'current_value' | 'status' | 'issue_type' | 'ai_suggestion' | 'scan_time' | 'owner' | 'assigned_to'>;

/** The rows of one status of a dataset (one index partition, read in pages). */
export interface IssueSketchSource {
  listSketches(ref: DatasetRef, status: IssueStatus): Promise<IssueSketch[]>;
}

export type ClusterStore = IssueStore & IssueSketchSource;
