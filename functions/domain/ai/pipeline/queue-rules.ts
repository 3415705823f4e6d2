import type { SuggestionView } from '../../../../shared/schemas/ai';
import type { AiIssue, AiUserState } from './records';

// When a row may be queued, and how its AI state reads on screen. One rule for the API (what to
// enqueue), the worker (what to process) and the views (what the cell shows).

/** A queued row nobody processed within this time (lost message, dead letter) may be queued again. */
export const QUEUED_STALE_MS = 15 * 60_000;
/** A row whose provider failed may be tried again after this time. */
export const FAILED_RETRY_MS = 5 * 60_000;

const age = (iso: string | undefined, now: Date) => (iso ? now.getTime() - Date.parse(iso) : Number.POSITIVE_INFINITY);

/** The row's queued work is no longer live: stopped by its user, or too old. */
export function queuedWorkIsDead(issue: AiIssue, stateOf: (user: string) => AiUserState | undefined, now: Date): boolean {
  if (issue.ai_status !== 'queued') return false;
  const owner = issue.ai_user ? stateOf(issue.ai_user) : undefined;
  if (owner && (issue.ai_gen ?? 0) < owner.generation) return true;
  return age(issue.ai_queued_at, now) > QUEUED_STALE_MS;
}

/**
 * The batch route queues only open rows without a suggestion that are not already loading (spec
 * 1 §4: "a suggestion is not requested again if one exists or is loading"). Rows the provider
 * abstained on or the user dismissed stay as they are; a failure may be retried after a while.
 */
export function canQueue(issue: AiIssue, stateOf: (user: string) => AiUserState | undefined, now: Date): boolean {
  if (issue.status !== 'open' || issue.ai_suggestion) return false;
  switch (issue.ai_status) {
    case undefined:
    case 'none':
      return true;
    case 'queued':
      return queuedWorkIsDead(issue, stateOf, now);
    case 'failed':
      return age(issue.ai_queued_at, now) > FAILED_RETRY_MS;
    default:
      return false;
  }
}

export function suggestionView(issue: AiIssue, stateOf: (user: string) => AiUserState | undefined, now: Date): SuggestionView {
  const suggestion = issue.ai_suggestion;
  let state: SuggestionView['state'] = suggestion ? 'ready' : 'none';
  if (!suggestion) {
    if (issue.ai_status === 'queued') state = queuedWorkIsDead(issue, stateOf, now) ? 'none' : 'queued';
    else if (issue.ai_status === 'abstained' || issue.ai_status === 'failed' || issue.ai_status === 'dismissed') state = issue.ai_status;
  }
  return {
    issueId: issue.issue_id,
    state,
    field: issue.issue_column,
    currentValue: issue.current_value,
    suggestedValue: suggestion?.suggestedValue ?? null,
    confidence: suggestion?.confidence ?? null,
    reasoning: suggestion?.reasoning ?? (state === 'abstained' || state === 'failed' ? (issue.ai_reason ?? null) : null),
    recommendationId: suggestion && issue.ai_job ? `${issue.ai_job}.${issue.issue_id}` : null,
    provider: issue.ai_provider ?? null,
  };
}
