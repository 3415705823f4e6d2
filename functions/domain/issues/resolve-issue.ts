import type { IssueRow, ResolutionAction } from '../../../shared/schemas/issues';
import { Conflict, NotFound, ValidationFailed } from '../errors';
import { ensureDataset } from './dataset';
import { toIssueRow } from './issue-row';
import type { DatasetRef, IssueStore } from './issue-store';
import { planChange } from './transitions';

// POST /api/{dataset}/resolve/{id}: one row edited, resolved with a suggestion, fixed as is, muted
// or unmuted (spec 1 §4, §7). The change, its history event and the counters commit together,
// conditioned on the version read; a client that names an older version gets 409.

export const STALE_ISSUE = 'This issue was changed by someone else. Reload to see the latest version.';
export const ISSUE_NOT_FOUND = 'Issue not found';

/** Re-reads after a lost race when the client named no version: it may still be allowed. */
const ATTEMPTS = 3;

export interface ResolveIssueRequest {
  issueId: string;
  action: ResolutionAction;
  /** issueId of the body, when the client sent one. */
  bodyIssueId?: string;
  version?: number;
}

export interface Clock {
  now(): Date;
  newId(): string;
}

export async function resolveIssue(store: IssueStore, ref: DatasetRef, request: ResolveIssueRequest, by: string, clock: Clock): Promise<IssueRow> {
  if (request.bodyIssueId !== undefined && request.bodyIssueId !== request.issueId) {
    throw new ValidationFailed('issueId does not match the issue of the path', [{ field: 'issueId', message: 'must match the issue of the path' }]);
  }
  // The dataset and the issue in one read; a retry after a lost race reads the issue alone.
  const first = await store.getDatasetWithIssues(ref, [request.issueId]);
  const dataset = ensureDataset(first.dataset);
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const issue = (attempt === 0 ? first.issues : await store.getIssues(ref, [request.issueId])).get(request.issueId);
    if (!issue) throw new NotFound(ISSUE_NOT_FOUND);
    if (request.version !== undefined && issue.version !== request.version) throw stale(issue.version);
    const now = clock.now();
    const change = planChange(issue, request.action, { by, now, eventId: clock.newId() });
    const outcome = await store.commit(ref, [change]);
    if (outcome.committed.includes(issue.issue_id)) return toIssueRow(change.after, dataset, now);
    // Someone else wrote between our read and our write.
    if (request.version !== undefined) throw stale();
  }
  throw stale();
}

function stale(currentVersion?: number): Conflict {
  return new Conflict(STALE_ISSUE, currentVersion === undefined ? undefined : { currentVersion });
}
