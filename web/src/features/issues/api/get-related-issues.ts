import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { instanceKey } from '../../../lib/query-client';
import { relatedResponseSchema, type RelatedResponse } from '../../../../../shared/schemas/related';

// GET /api/datasets/{id}/issues/{issueId}/related → the rows most like one row (issue 13 item 3).

export const relatedIssuesKeys = {
  all: (instanceId: string, datasetId: string) => instanceKey(instanceId, 'issues', datasetId, 'related'),
  issue: (instanceId: string, datasetId: string, issueId: string, threshold: number) => [...relatedIssuesKeys.all(instanceId, datasetId), issueId, threshold] as const,
};

export function getRelatedIssues(instanceId: string, datasetId: string, issueId: string, threshold: number, limit: number): Promise<RelatedResponse> {
  const query = new URLSearchParams({ limit: String(limit), similarity_threshold: String(threshold) });
  return apiRequest(`/datasets/${encodeURIComponent(datasetId)}/issues/${encodeURIComponent(issueId)}/related?${query.toString()}`, {
    schema: relatedResponseSchema,
    instanceId,
  });
}

export function useRelatedIssues(instanceId: string, datasetId: string, issueId: string | null, threshold: number, limit: number) {
  return useQuery({
    queryKey: [...relatedIssuesKeys.issue(instanceId, datasetId, issueId ?? '', threshold), limit],
    queryFn: () => getRelatedIssues(instanceId, datasetId, issueId ?? '', threshold, limit),
    enabled: issueId !== null,
    staleTime: 0,
    placeholderData: keepPreviousData,
  });
}
