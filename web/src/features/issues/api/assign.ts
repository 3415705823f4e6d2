import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { instanceKey } from '../../../lib/query-client';
import { assigneesResponseSchema, bulkAssignResponseSchema, type BulkAssignRequest, type BulkAssignResponse } from '../../../../../shared/schemas/assignments';
import { invalidateIssueData } from './resolve-issue';

// GET /api/{dataset}/assignees and POST /api/datasets/{id}/issues/bulk-assign (issue 13 §4).

export function useAssignees(instanceId: string, datasetId: string, enabled: boolean) {
  return useQuery({
    queryKey: instanceKey(instanceId, 'issues', datasetId, 'assignees'),
    queryFn: () => apiRequest(`/${encodeURIComponent(datasetId)}/assignees`, { schema: assigneesResponseSchema, instanceId }),
    enabled,
    staleTime: 60_000,
  });
}

export function useBulkAssign(instanceId: string, datasetId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: BulkAssignRequest): Promise<BulkAssignResponse> =>
      apiRequest(`/datasets/${encodeURIComponent(datasetId)}/issues/bulk-assign`, { method: 'POST', body: request, schema: bulkAssignResponseSchema, instanceId }),
    onSettled: () => invalidateIssueData(queryClient, instanceId, datasetId),
  });
}
