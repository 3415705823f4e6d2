import { issueDimension, issueTypeLabel } from '../../../shared/issue-type';
import { displayStatus } from '../../../shared/mute';
import type { Fix, IssueRow } from '../../../shared/schemas/issues';
import type { DatasetRecord } from '../tenancy/records';
import type { IssueRecord } from './issue-record';

// The row the API answers for an issue (spec 1 §3 Issue row): every field present (null when
// unset), the record key under the dataset's own column name, the display status with Expired.

export function toIssueRow(issue: IssueRecord, dataset: Pick<DatasetRecord, 'recordKey'>, now: Date = new Date()): IssueRow {
  const recordKey = dataset.recordKey || issue.record_key;
  const shown = displayStatus(issue, now);
  return {
    issue_id: issue.issue_id,
    dataset_id: issue.dataset_id,
    record_key: recordKey,
    [recordKey]: issue.record_id,
    record_id: issue.record_id,
    name: issue.name,
    issue_column: issue.issue_column,
    current_value: issue.current_value,
    original_value: issue.original_value ?? null,
    status: issue.status,
    display_status: shown,
    is_expired: shown === 'expired',
    check_name: issue.check_name,
    owner: issue.owner,
    resolved_at: issue.resolved_at ?? null,
    resolved_by: issue.resolved_by ?? null,
    resolution_method: issue.resolution_method ?? null,
    muted_at: issue.muted_at ?? null,
    mute_until: issue.mute_until ?? null,
    muted_by: issue.muted_by ?? null,
    scan_time: issue.scan_time,
    taxonomy: issue.taxonomy ?? null,
    dimension: issueDimension(issue),
    issue_type: issue.issue_type,
    issue_type_label: issueTypeLabel(issue.issue_type),
    ai_suggestion: issue.ai_suggestion ?? null,
    ...(issue.assigned_to ? { assigned_to: issue.assigned_to } : {}),
    version: issue.version,
  };
}

/** A resolved issue as one fix of the export (spec: record key, column, old value, new value, method, who, when). */
export function toFix(issue: IssueRecord, dataset: Pick<DatasetRecord, 'recordKey'>): Fix {
  const recordKey = dataset.recordKey || issue.record_key;
  return {
    issue_id: issue.issue_id,
    record_key: recordKey,
    [recordKey]: issue.record_id,
    record_id: issue.record_id,
    column: issue.issue_column,
    old_value: issue.original_value === undefined ? issue.current_value : issue.original_value,
    new_value: issue.current_value,
    method: issue.resolution_method ?? 'manual_fix',
    resolved_by: issue.resolved_by ?? '',
    resolved_at: issue.resolved_at ?? '',
  };
}
