import type { IssueDimension, IssueStatus, IssueType, MuteDuration } from '../../../shared/constants';
import type { ResolutionMethod } from '../../../shared/schemas/issues';

// A failed row as stored (spec 1 §3 Issue row). Field names follow the spec.

export interface Taxonomy {
  dimension: { key: IssueDimension; description: string };
  subcategory: { name: string; description: string; priority: 'critical' | 'high' | 'medium' | 'low'; automationPotential: number };
}

export interface AiSuggestion {
  suggestedValue: string;
  /** Percent. */
  confidence: number;
  reasoning: string;
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
  /** Canonical ISO time (toISOString), so it sorts and matches exactly. */
  scan_time: string;
  taxonomy?: Taxonomy;
  /** From the taxonomy or the check-name fallback (shared/issue-type.ts), fixed when the row is found. */
  issue_type: IssueType;
  resolved_at?: string;
  resolved_by?: string;
  resolution_method?: ResolutionMethod;
  /** The value the check failed on, kept when the row is resolved (the export's old value). */
  original_value?: string | null;
  muted_at?: string;
  muted_by?: string;
  mute_until?: string | null;
  mute_duration?: MuteDuration;
  /** The AI suggestion for the row, once one has been computed (suggestions worker). */
  ai_suggestion?: AiSuggestion;
  /** Who works on the row (issue 13 §4); the owner stays what the check says. */
  assigned_to?: string;
  assigned_by?: string;
  assigned_at?: string;
  assignment_reason?: string;
  /** Optimistic-concurrency version; every change increments it. */
  version: number;
  updated_at?: string;
}
