import type { SuggestionView } from '../../../../shared/schemas/ai';
import { NotFound } from '../../errors';
import type { DatasetRef } from '../../issues/issue-store';
import type { Clock } from './clock';
import type { IssueReader, ProcessingStateStore } from './ports';
import { suggestionView, type LeasePolicy } from './queue-rules';
import { loadLiveness } from './user-states';

// GET /api/{dataset}/suggestion/{id} and the cheap poll GET /api/{dataset}/suggestions?ids=: the
// AI state of rows (queued, ready with the suggestion, abstained, failed, dismissed, none).

export interface ReadDeps {
  issues: IssueReader;
  state: ProcessingStateStore;
  clock: Clock;
  lease: LeasePolicy;
}

export async function readSuggestions(deps: ReadDeps, ref: DatasetRef, ids: readonly string[]): Promise<SuggestionView[]> {
  const issues = await deps.issues.getIssues(ref, ids);
  const live = await loadLiveness(deps.state, ref.organizationId, issues.values(), deps.lease);
  const now = deps.clock.now();
  return ids.flatMap((id) => {
    const issue = issues.get(id);
    return issue ? [suggestionView(issue, live, now)] : [];
  });
}

export async function readSuggestion(deps: ReadDeps, ref: DatasetRef, id: string): Promise<SuggestionView> {
  const [view] = await readSuggestions(deps, ref, [id]);
  if (!view) throw new NotFound('Issue not found');
  return view;
}
