import type { FeedbackRequest, SuggestionView } from '../../../../shared/schemas/ai';
import { NotFound } from '../../errors';
import type { DatasetRef } from '../../issues/issue-store';
import type { Clock } from './clock';
import type { FeedbackStore, IssueReader, ProcessingStateStore, SuggestionWriter } from './ports';
import { suggestionView, type LeasePolicy } from './queue-rules';
import { loadLiveness } from './user-states';

// POST /api/ai/feedback: thumbs up or down (with an optional comment), Dismiss or Accept of a
// suggestion. The vote is kept against the rule that produced the suggestion, so down-votes and
// dismissals lower that rule's confidence for the dataset's next rows (penaltyOf). Dismiss also
// clears the suggestion from the row; its credit stays, as the row was processed.

export interface FeedbackDeps {
  issues: IssueReader;
  writer: SuggestionWriter;
  feedback: FeedbackStore;
  state: ProcessingStateStore;
  clock: Clock;
  lease: LeasePolicy;
}

export async function giveFeedback(deps: FeedbackDeps, ref: DatasetRef, by: string, request: FeedbackRequest): Promise<SuggestionView> {
  const issue = (await deps.issues.getIssues(ref, [request.issueId])).get(request.issueId);
  if (!issue) throw new NotFound('Issue not found');
  await deps.feedback.add(ref, {
    datasetId: ref.datasetId,
    issueId: request.issueId,
    ...(request.recommendationId ? { recommendationId: request.recommendationId } : {}),
    ...(issue.ai_rule ? { rule: issue.ai_rule } : {}),
    feedback: request.feedback,
    ...(request.rating !== undefined ? { rating: request.rating } : {}),
    ...(request.comments ? { comments: request.comments } : {}),
    by,
    at: deps.clock.now().toISOString(),
  });
  let after = issue;
  if (request.feedback === 'dismissed' && issue.ai_suggestion) {
    await deps.writer.dismiss(ref, issue);
    const { ai_suggestion: _s, ...rest } = issue;
    after = { ...rest, ai_status: 'dismissed' };
  }
  const live = await loadLiveness(deps.state, ref.organizationId, [after], deps.lease);
  return suggestionView(after, live, deps.clock.now());
}
