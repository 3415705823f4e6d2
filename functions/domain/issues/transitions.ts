import type { ResolutionAction } from '../../../shared/schemas/issues';
import { muteUntil } from '../../../shared/mute';
import { Conflict, ValidationFailed } from '../errors';
import type { IssueHistoryEvent } from './issue-history';
import type { IssueRecord } from './issue-record';

// The issue status machine (spec 1 §4): open → resolved when a value is saved (edit, accepted
// suggestion) or the row is fixed as is; open → muted; muted → open. A muted row may also be fixed
// or re-muted (a new duration, e.g. after it expired). Resolved rows take no action. Pure: the
// same inputs give the same change and history event.

/** A change the current state does not allow (409 for one row, a per-row error in bulk). */
export class InvalidTransition extends Conflict {}

export interface ChangeContext {
  by: string;
  now: Date;
  eventId: string;
  bulk?: boolean;
}

export interface PlannedChange {
  before: IssueRecord;
  after: IssueRecord;
  event: IssueHistoryEvent;
}

const ALREADY_RESOLVED = 'This issue is already resolved.';

function withoutMute(issue: IssueRecord): IssueRecord {
  const { muted_at: _a, mute_until: _u, mute_duration: _d, muted_by: _b, ...rest } = issue;
  return rest;
}

/** Refusal of an empty accepted suggestion on a row whose check requires a value. */
export const EMPTY_NOT_ALLOWED = 'This column requires a value: an empty suggestion cannot resolve it';

export function planChange(before: IssueRecord, action: ResolutionAction, ctx: ChangeContext): PlannedChange {
  if (before.status === 'resolved') throw new InvalidTransition(ALREADY_RESOLVED);
  const at = ctx.now.toISOString();
  const base = { ...before, version: before.version + 1, updated_at: at };
  let after: IssueRecord;
  let action_: IssueHistoryEvent['action'];
  const details: IssueHistoryEvent['details'] = { method: action.method, column: before.issue_column, ...(ctx.bulk ? { bulk: true } : {}) };

  const resolve = (value: string | null, method: 'manual_edit' | 'accept_suggestion' | 'manual_fix'): IssueRecord => ({
    ...withoutMute(base),
    status: 'resolved',
    current_value: value,
    original_value: before.current_value,
    resolved_at: at,
    resolved_by: ctx.by,
    resolution_method: method,
  });

  switch (action.method) {
    case 'manual_edit':
      if (action.column !== before.issue_column) {
        throw new ValidationFailed(`Only ${before.issue_column} can be changed on this issue`, [
          { field: `resolution.${action.column}`, message: `only ${before.issue_column} can be changed on this issue` },
        ]);
      }
      after = resolve(action.value, 'manual_edit');
      action_ = 'edited';
      break;
    case 'accept_suggestion':
      if (action.suggestion === '' && before.issue_type === 'missing_data') {
        // The row failed a completeness check: an empty cell would fail it again.
        throw new ValidationFailed(EMPTY_NOT_ALLOWED, [{ field: 'resolution.suggestion', message: EMPTY_NOT_ALLOWED }]);
      }
      after = resolve(action.suggestion, 'accept_suggestion');
      action_ = 'suggestion_accepted';
      if (action.confidence !== undefined) details.confidence = action.confidence;
      if (action.reasoning) details.reasoning = action.reasoning;
      break;
    case 'manual_fix':
      after = resolve(before.current_value, 'manual_fix');
      action_ = 'resolved';
      break;
    case 'manual_mute': {
      const until = muteUntil(action.muteDuration, ctx.now);
      after = { ...base, status: 'muted', muted_at: at, muted_by: ctx.by, mute_until: until, mute_duration: action.muteDuration };
      action_ = 'muted';
      details.mute_duration = action.muteDuration;
      details.mute_until = until;
      break;
    }
    case 'manual_unmute':
      if (before.status !== 'muted') throw new InvalidTransition('Only muted issues can be unmuted.');
      after = { ...withoutMute(base), status: 'open' };
      action_ = 'unmuted';
      break;
  }

  return {
    before,
    after,
    event: {
      event_id: ctx.eventId,
      issue_id: before.issue_id,
      dataset_id: before.dataset_id,
      action: action_,
      at,
      by: ctx.by,
      old_value: before.current_value,
      new_value: after.current_value,
      old_status: before.status,
      new_status: after.status,
      version: after.version,
      details,
    },
  };
}
