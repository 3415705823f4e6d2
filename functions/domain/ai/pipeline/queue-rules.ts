import type { SuggestionView } from '../../../../shared/schemas/ai';
import type { AiIssue, AiUserState } from './records';

// When a row may be queued, and how its AI state reads on screen. One rule for the API (what to
// enqueue), the worker (what to process) and the views (what the cell shows).

/** A row whose provider failed may be tried again after this time. */
export const FAILED_RETRY_MS = 5 * 60_000;

/**
 * The queue's redelivery settings the queued mark is a lease on: a message not deleted comes back
 * after `visibilityMs`, and after `maxReceiveCount` receives it is gone (dead-letter queue).
 */
export interface LeasePolicy {
  visibilityMs: number;
  maxReceiveCount: number;
}

/** A new job's lease: every one of its messages may still be received maxReceiveCount times. */
export const initialLease = (now: Date, policy: LeasePolicy) => new Date(now.getTime() + policy.maxReceiveCount * policy.visibilityMs).toISOString();

/**
 * The lease after the worker received a message for the `receiveCount`-th time: the message can
 * come back at most (maxReceiveCount - receiveCount) more times, each after a visibility timeout,
 * and this receive may itself run for one; past that it is gone for good.
 */
export const leaseAfterReceive = (now: Date, receiveCount: number, policy: LeasePolicy) =>
  new Date(now.getTime() + Math.max(1, policy.maxReceiveCount - Math.max(1, receiveCount) + 1) * policy.visibilityMs).toISOString();

/** What decides whether a queued row's work is live: its user's state and its job's lease. */
export interface QueueLiveness {
  stateOf(user: string): AiUserState | undefined;
  /** The lease of the job that queued the row (undefined: the job is unknown). */
  leaseOf(issue: AiIssue): string | undefined;
  policy: LeasePolicy;
}

/** The row's queued work is no longer live: stopped by its user, or its job's lease ran out. */
export function queuedWorkIsDead(issue: AiIssue, live: QueueLiveness, now: Date): boolean {
  if (issue.ai_status !== 'queued') return false;
  const owner = issue.ai_user ? live.stateOf(issue.ai_user) : undefined;
  if (owner && (issue.ai_gen ?? 0) < owner.generation) return true;
  // A job that cannot be read (its record expired, or rows marked by an older version) leases
  // its rows from the time they were queued.
  const lease = live.leaseOf(issue) ?? (issue.ai_queued_at ? initialLease(new Date(issue.ai_queued_at), live.policy) : undefined);
  return !lease || Date.parse(lease) <= now.getTime();
}

/**
 * The batch route queues only open rows without a suggestion that are not already loading (spec
 * 1 §4: "a suggestion is not requested again if one exists or is loading"). Rows the provider
 * abstained on or the user dismissed stay as they are; a failure may be retried after a while.
 */
export function canQueue(issue: AiIssue, live: QueueLiveness, now: Date): boolean {
  if (issue.status !== 'open' || issue.ai_suggestion) return false;
  switch (issue.ai_status) {
    case undefined:
    case 'none':
      return true;
    case 'queued':
      return queuedWorkIsDead(issue, live, now);
    case 'failed':
      return (issue.ai_queued_at ? now.getTime() - Date.parse(issue.ai_queued_at) : Number.POSITIVE_INFINITY) > FAILED_RETRY_MS;
    default:
      return false;
  }
}

export function suggestionView(issue: AiIssue, live: QueueLiveness, now: Date): SuggestionView {
  const suggestion = issue.ai_suggestion;
  let state: SuggestionView['state'] = suggestion ? 'ready' : 'none';
  if (!suggestion) {
    if (issue.ai_status === 'queued') state = queuedWorkIsDead(issue, live, now) ? 'none' : 'queued';
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
