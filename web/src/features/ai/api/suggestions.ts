import { z } from 'zod';
import { batchResponseSchema, suggestionViewSchema, type BatchResponse, type FeedbackRequest, type SuggestionView } from '../../../../../shared/schemas/ai';
import { resolveResponseSchema, type ResolveResponse } from '../../../../../shared/schemas/issues';
import { apiRequest } from '../../../lib/api-client';

// The AI calls of the suggestion cell: queue rows (POST /api/ai/recommendations/batch), poll their
// state (GET /api/{dataset}/suggestions?ids=), feedback (POST /api/ai/feedback) and Accept (the
// issue's resolve with accept_suggestion).

const viewsResponseSchema = z.object({ success: z.literal(true), data: z.array(suggestionViewSchema) });
const feedbackResponseSchema = z.object({ success: z.literal(true), data: suggestionViewSchema });

export function postSuggestionBatch(instanceId: string, datasetId: string, issueIds: readonly string[]): Promise<BatchResponse> {
  return apiRequest('/ai/recommendations/batch', { method: 'POST', body: { issues: issueIds, context: { datasetId } }, schema: batchResponseSchema, instanceId });
}

export async function getSuggestionViews(instanceId: string, datasetId: string, issueIds: readonly string[]): Promise<SuggestionView[]> {
  const ids = encodeURIComponent(issueIds.join(','));
  return (await apiRequest(`/${encodeURIComponent(datasetId)}/suggestions?ids=${ids}`, { schema: viewsResponseSchema, instanceId })).data;
}

export async function postFeedback(instanceId: string, request: FeedbackRequest): Promise<SuggestionView> {
  return (await apiRequest('/ai/feedback', { method: 'POST', body: request, schema: feedbackResponseSchema, instanceId })).data;
}

export function postAcceptSuggestion(instanceId: string, datasetId: string, view: SuggestionView, version: number): Promise<ResolveResponse> {
  return apiRequest(`/${encodeURIComponent(datasetId)}/resolve/${encodeURIComponent(view.issueId)}`, {
    method: 'POST',
    body: {
      issueId: view.issueId,
      version,
      resolution: { method: 'accept_suggestion', suggestion: view.suggestedValue ?? '', confidence: view.confidence ?? undefined, reasoning: view.reasoning ?? undefined },
    },
    schema: resolveResponseSchema,
    instanceId,
  });
}
