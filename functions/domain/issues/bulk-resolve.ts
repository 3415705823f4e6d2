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
/** Rows planned and committed per step, so a large action reports progress as it goes. */
export const BULK_PROGRESS_STEP = 200;

export interface BulkProgress {
  processed: number;
  total: number;
  succeeded: number;
  failed: number;
  done: boolean;
}

/** What a caller may observe while the action runs (real-time events; never able to fail it). */
export interface BulkObserver {
  /** After each step, and once at the end with done: true. */
  progress?(progress: BulkProgress): void | Promise<void>;
  /** The rows whose change was written, as written. */
  committed?(changes: readonly PlannedChange[]): void | Promise<void>;
}

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
  observer: BulkObserver = {},
): Promise<BulkResolveResponse> {
  await requireDataset(store, ref);
  const ids = [...new Set(recordIds)];
  const { resolved, errors } = await applyToMany(store, ref, ids, (issue) => actionFor(resolution, issue), by, clock, observer);
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
 * that version; rows that lost a race are re-read and planned again, up to ROUNDS times. Rows go
 * BULK_PROGRESS_STEP at a time, and the observer hears the progress after each step.
 */
export function applyToMany(
  store: IssueStore,
  ref: DatasetRef,
  recordIds: readonly string[],
  actionOf: (issue: IssueRecord) => ResolutionAction,
  by: string,
  clock: Clock,
  observer: BulkObserver = {},
): Promise<ManyOutcome> {
  return commitMany(store, ref, recordIds, (issue, ctx) => planChange(issue, actionOf(issue), { ...ctx, by }), clock, observer);
}

/** Like applyToMany, for any planned change of a row (an assignment as well as a status change). */
export async function commitMany(
  store: IssueStore,
  ref: DatasetRef,
  recordIds: readonly string[],
  planOf: (issue: IssueRecord, ctx: { now: Date; eventId: string; bulk: true }) => PlannedChange,
  clock: Clock,
  observer: BulkObserver = {},
): Promise<ManyOutcome> {
  const ids = [...new Set(recordIds)];
  const errors: Array<{ id: string; error: string }> = [];
  const committedIds: string[] = [];
  const written: PlannedChange[] = [];
  for (let start = 0; start < ids.length; start += BULK_PROGRESS_STEP) {
    let pending = ids.slice(start, start + BULK_PROGRESS_STEP);
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
      committedIds.push(...outcome.committed);
      const committed = new Set(outcome.committed);
      written.push(...changes.filter((c) => committed.has(c.before.issue_id)));
      pending = outcome.stale;
    }
    for (const id of pending) errors.push({ id, error: STALE_ISSUE });
    const processed = Math.min(ids.length, start + BULK_PROGRESS_STEP);
    if (processed < ids.length) await observer.progress?.({ processed, total: ids.length, succeeded: committedIds.length, failed: errors.length, done: false });
  }
  await observer.committed?.(written);
  await observer.progress?.({ processed: ids.length, total: ids.length, succeeded: committedIds.length, failed: errors.length, done: true });
  return { resolved: committedIds.length, committed: committedIds, errors };
}
