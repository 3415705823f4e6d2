import type { BulkResolution, BulkResolveResponse, ResolutionAction } from '../../../shared/schemas/issues';
import { DomainError } from '../errors';
import { requireDataset } from './dataset';
import type { IssueRecord } from './issue-record';
import type { DatasetRef, IssueStore } from './issue-store';
import { ISSUE_NOT_FOUND, STALE_ISSUE, type Clock } from './resolve-issue';
import { InvalidTransition, planChange, type PlannedChange } from './transitions';

// POST /api/{dataset}/bulk-resolve: one action on many rows (spec 1 §4, §7). Each row succeeds or
// fails on its own: a row the action does not apply to (unmute an open row, a resolved row) is a
// per-row error, not a failure of the call. Rows that lost a race are re-read and tried again.

const ROUNDS = 3;

function actionFor(resolution: BulkResolution, issue: IssueRecord): ResolutionAction {
  if (resolution.method !== 'accept_suggestion') return resolution;
  if (!issue.ai_suggestion) throw new InvalidTransition('This issue has no AI suggestion to accept.');
  const { suggestedValue, confidence, reasoning } = issue.ai_suggestion;
  return { method: 'accept_suggestion', suggestion: suggestedValue, confidence, reasoning };
}

export async function bulkResolve(
  store: IssueStore,
  ref: DatasetRef,
  recordIds: readonly string[],
  resolution: BulkResolution,
  by: string,
  clock: Clock,
): Promise<BulkResolveResponse> {
  await requireDataset(store, ref);
  const ids = [...new Set(recordIds)];
  const { resolved, errors } = await applyToMany(store, ref, ids, (issue) => actionFor(resolution, issue), by, clock);
  return { success: true, resolved, failed: errors.length, total: ids.length, errors };
}

export interface ManyOutcome {
  resolved: number;
  /** Ids changed, in commit order. */
  committed: string[];
  errors: Array<{ id: string; error: string }>;
}

/**
 * The commit path of every action on many rows (bulk actions, cluster fixes): each row's action
 * is planned from the row as read (a DomainError is that row's error), committed conditioned on
 * that version; rows that lost a race are re-read and planned again, up to ROUNDS times.
 */
export function applyToMany(
  store: IssueStore,
  ref: DatasetRef,
  ids: readonly string[],
  actionOf: (issue: IssueRecord) => ResolutionAction,
  by: string,
  clock: Clock,
): Promise<ManyOutcome> {
  return commitMany(store, ref, ids, (issue, ctx) => planChange(issue, actionOf(issue), { ...ctx, by }), clock);
}

/** Like applyToMany, for any planned change of a row (an assignment, a status change). */
export async function commitMany(
  store: IssueStore,
  ref: DatasetRef,
  ids: readonly string[],
  planOf: (issue: IssueRecord, ctx: { now: Date; eventId: string; bulk: true }) => PlannedChange,
  clock: Clock,
): Promise<ManyOutcome> {
  const errors: Array<{ id: string; error: string }> = [];
  const committed: string[] = [];
  let pending = [...new Set(ids)];
  for (let round = 0; round < ROUNDS && pending.length > 0; round++) {
    const issues = await store.getIssues(ref, pending);
    const now = clock.now();
    const changes: PlannedChange[] = [];
    for (const id of pending) {
      const issue = issues.get(id);
      if (!issue) {
        errors.push({ id, error: ISSUE_NOT_FOUND });
        continue;
      }
      try {
        changes.push(planOf(issue, { now, eventId: clock.newId(), bulk: true }));
      } catch (error) {
        if (!(error instanceof DomainError)) throw error;
        errors.push({ id, error: error.message });
      }
    }
    const outcome = await store.commit(ref, changes);
    committed.push(...outcome.committed);
    pending = outcome.stale;
  }
  for (const id of pending) errors.push({ id, error: STALE_ISSUE });
  return { resolved: committed.length, committed, errors };
}
