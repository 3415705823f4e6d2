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
  const errors: Array<{ id: string; error: string }> = [];
  let resolved = 0;
  let pending = ids;
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
        changes.push(planChange(issue, actionFor(resolution, issue), { by, now, eventId: clock.newId(), bulk: true }));
      } catch (error) {
        if (!(error instanceof DomainError)) throw error;
        errors.push({ id, error: error.message });
      }
    }
    const outcome = await store.commit(ref, changes);
    resolved += outcome.committed.length;
    pending = outcome.stale;
  }
  for (const id of pending) errors.push({ id, error: STALE_ISSUE });
  return { success: true, resolved, failed: errors.length, total: ids.length, errors };
}
