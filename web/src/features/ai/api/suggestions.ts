import type { BatchResponse, FeedbackRequest, SuggestionView } from '../../../../../shared/schemas/ai';
import type { ResolveResponse } from '../../../../../shared/schemas/issues';
import { apiRequest, schemaModule } from '../../../lib/api-client';

// The AI calls of the suggestion cell: queue rows (POST /api/ai/recommendations/batch), poll their
// state (GET /api/{dataset}/suggestions?ids=), feedback (POST /api/ai/feedback) and Accept (the
// issue's resolve with accept_suggestion).

// The response schemas load beside the request (zod stays out of the Issues screen's first download).
const schemas = () => schemaModule(() => import('./suggestion-schemas'));

export function postSuggestionBatch(instanceId: string, datasetId: string, issueIds: readonly string[]): Promise<BatchResponse> {
  return apiRequest('/ai/recommendations/batch', { method: 'POST', body: { issues: issueIds, context: { datasetId } }, schema: () => schemas().then((m) => m.batchResponseSchema), instanceId });
}

export async function getSuggestionViews(instanceId: string, datasetId: string, issueIds: readonly string[]): Promise<SuggestionView[]> {
  const ids = encodeURIComponent(issueIds.join(','));
  return (await apiRequest(`/${encodeURIComponent(datasetId)}/suggestions?ids=${ids}`, { schema: () => schemas().then((m) => m.viewsResponseSchema), instanceId })).data;
}

export async function postFeedback(instanceId: string, request: FeedbackRequest): Promise<SuggestionView> {
  return (await apiRequest('/ai/feedback', { method: 'POST', body: request, schema: () => schemas().then((m) => m.feedbackResponseSchema), instanceId })).data;
}

export function postAcceptSuggestion(instanceId: string, datasetId: string, view: SuggestionView, version: number): Promise<ResolveResponse> {
  return apiRequest(`/${encodeURIComponent(datasetId)}/resolve/${encodeURIComponent(view.issueId)}`, {
    method: 'POST',
    body: {
      issueId: view.issueId,
      version,
      resolution: { method: 'accept_suggestion', suggestion: view.suggestedValue ?? '', confidence: view.confidence ?? undefined, reasoning: view.reasoning ?? undefined },
    },
    schema: () => schemas().then((m) => m.resolveResponseSchema),
    instanceId,
  });
}
