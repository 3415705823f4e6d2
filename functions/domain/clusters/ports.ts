import type { IssueStatus } from '../../../shared/constants';
import type { IssueRecord } from '../issues/issue-record';
import type { DatasetRef, IssueStore } from '../issues/issue-store';

/** What cluster and related-issue reads need of a row: a few fields, never the whole item. */
export type IssueSketch = Pick<IssueRecord, 'issue_id' | 'record_id' | 'name' | 'issue_column' | 'check_name' | 'current_value' | 'status' | 'issue_type' | 'ai_suggestion' | 'scan_time' | 'owner' | 'assigned_to' | 'taxonomy'>;

export interface SketchOptions {
  /** Also read each row's taxonomy (its check dimension, for use case impact); off by default, as it is the largest field. */
  taxonomy?: boolean;
}

/** The rows of one status of a dataset (one index partition, read in pages). */
export interface IssueSketchSource {
  listSketches(ref: DatasetRef, status: IssueStatus, options?: SketchOptions): Promise<IssueSketch[]>;
}

export type ClusterStore = IssueStore & IssueSketchSource;
