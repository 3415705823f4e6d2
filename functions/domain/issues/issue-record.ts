import type { IssueDimension, IssueStatus } from '../../../shared/constants';

// A failed row as stored (spec 1 §3 Issue row). Field names follow the spec.

export interface Taxonomy {
  dimension: { key: IssueDimension; description: string };
  subcategory: { name: string; description: string; priority: 'critical' | 'high' | 'medium' | 'low'; automationPotential: number };
}

export interface IssueRecord {
  issue_id: string;
  dataset_id: string;
  /** The record-key column of the dataset (opportunity_id, lead_id, ...). */
  record_key: string;
  /** The record's value in that column. */
  record_id: string;
  name: string;
  issue_column: string;
  current_value: string | null;
  status: IssueStatus;
  check_name: string;
  owner: string;
  scan_time: string;
  taxonomy?: Taxonomy;
  resolved_at?: string;
  resolved_by?: string;
  muted_at?: string;
  mute_until?: string | null;
  /** Optimistic-concurrency version; every change increments it. */
  version: number;
}
