import type { DatasetRef } from '../../issues/issue-store';
import { NotFound } from '../../errors';
import type { SuggestionProvider } from '../provider';
import type { Clock } from './clock';
import { requireAiPlan } from './plan-check';
import type { FeedbackStore, IssueReader, SuggestionContextSource, SuggestionWriter } from './ports';
import type { Requester } from './request-suggestions';
import type { SuggestionMessage } from './records';
import { processedRow } from './process-messages';
import { askProvider, loadDatasetContext } from './suggest-for-issue';

// POST /api/ai/recommendations/generate: one row, answered at once (a manual request). Same
// provider, same single transaction and the same one credit per processed row (suggestion or
// abstention) as the queued path. A row that already has a suggestion answers it without a new
// charge.

export interface GenerateDeps {
  issues: IssueReader;
  writer: SuggestionWriter;
  context: SuggestionContextSource;
  feedback: FeedbackStore;
  provider: SuggestionProvider;
  clock: Clock;
  providerTimeoutMs: number;
}

export interface Recommendation {
  suggestion: string | null;
  confidence: number | null;
  reasoning: string;
  recommendationId: string | null;
  charged: boolean;
}

export async function generateNow(deps: GenerateDeps, ref: DatasetRef, requester: Requester, issueId: string): Promise<Recommendation> {
  requireAiPlan(requester.subscription);
  const issue = (await deps.issues.getIssues(ref, [issueId])).get(issueId);
  if (!issue) throw new NotFound('Issue not found');
  if (issue.ai_suggestion) {
    const s = issue.ai_suggestion;
    return { suggestion: s.suggestedValue, confidence: s.confidence, reasoning: s.reasoning, recommendationId: issue.ai_job ? `${issue.ai_job}.${issueId}` : null, charged: false };
  }
  if (issue.status !== 'open') return { suggestion: null, confidence: null, reasoning: 'Only open rows get suggestions.', recommendationId: null, charged: false };
  const context = await loadDatasetContext(deps.context, deps.feedback, ref, [issue]);
  const answer = await askProvider(deps.provider, issue, context, deps.providerTimeoutMs);
  const now = deps.clock.now().toISOString();
  const jobId = deps.clock.newId();
  if (answer.kind === 'failed') {
    // The provider could not answer: nothing processed, nothing charged.
    const message: SuggestionMessage = { v: 1, orgId: ref.organizationId, instanceId: ref.instanceId, datasetId: ref.datasetId, issueId, jobId, user: requester.email, generation: 0, enqueuedAt: now };
    await deps.writer.recordOutcome(ref, issue, message, 'failed', answer.reason);
    return { suggestion: null, confidence: null, reasoning: answer.reason, recommendationId: null, charged: false };
  }
  // Processed to the end (a suggestion or a definite abstention): one credit, in the transaction
  // that stores the outcome on the row.
  const processed = processedRow(deps, ref, issue, jobId, requester.email, answer);
  const written = await deps.writer.storeProcessed(ref, [{ issue, processed }]);
  if (written.get(issueId) !== 'written') {
    // Someone else's work landed first: answer theirs, charge nothing more.
    const again = (await deps.issues.getIssues(ref, [issueId])).get(issueId);
    const s = again?.ai_suggestion;
    return { suggestion: s?.suggestedValue ?? null, confidence: s?.confidence ?? null, reasoning: s?.reasoning ?? 'The row changed meanwhile.', recommendationId: null, charged: false };
  }
  if (answer.kind === 'abstain') return { suggestion: null, confidence: null, reasoning: answer.reason, recommendationId: null, charged: true };
  return { suggestion: answer.suggestedValue, confidence: answer.confidence, reasoning: answer.reasoning, recommendationId: `${jobId}.${issueId}`, charged: true };
}
