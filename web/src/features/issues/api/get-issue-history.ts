import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest, schemaModule } from '../../../lib/api-client';
import { instanceKey } from '../../../lib/query-client';
import type { IssueHistoryResponse } from '../../../../../shared/schemas/issues';

// GET /api/{dataset}/issues/{id}/history → {events}: every change of one issue, for the side panel.

export const issueHistoryKeys = {
  all: (instanceId: string, datasetId: string) => instanceKey(instanceId, 'issues', datasetId, 'history'),
  issue: (instanceId: string, datasetId: string, issueId: string) => [...issueHistoryKeys.all(instanceId, datasetId), issueId] as const,
};

export function getIssueHistory(instanceId: string, datasetId: string, issueId: string): Promise<IssueHistoryResponse> {
  return apiRequest(`/${encodeURIComponent(datasetId)}/issues/${encodeURIComponent(issueId)}/history`, {
    schema: () => schemaModule(() => import('../../../../../shared/schemas/issues')).then((m) => m.issueHistoryResponseSchema),
    instanceId,
  });
}

export const issueHistoryQueryOptions = (instanceId: string, datasetId: string, issueId: string) =>
  queryOptions({
    queryKey: issueHistoryKeys.issue(instanceId, datasetId, issueId),
    queryFn: () => getIssueHistory(instanceId, datasetId, issueId),
    staleTime: 0,
  });

export function useIssueHistory(instanceId: string, datasetId: string, issueId: string | null) {
  return useQuery({ ...issueHistoryQueryOptions(instanceId, datasetId, issueId ?? ''), enabled: issueId !== null });
}
