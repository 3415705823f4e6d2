import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, schemaModule } from '../../../lib/api-client';
import { TIMINGS } from '../../../../../shared/constants';
import type { BulkResolveRequest, BulkResolveResponse } from '../../../../../shared/schemas/issues';
import { invalidateIssueData } from './resolve-issue';

// POST /api/{dataset}/bulk-resolve {recordIds, resolution} → {success, resolved, failed, total, errors}.

export type BulkResolutionInput = BulkResolveRequest['resolution'];

export function postBulkResolve(instanceId: string, datasetId: string, request: BulkResolveRequest): Promise<BulkResolveResponse> {
  return apiRequest(`/${encodeURIComponent(datasetId)}/bulk-resolve`, {
    method: 'POST',
    body: request,
    schema: () => schemaModule(() => import('../../../../../shared/schemas/issues')).then((m) => m.bulkResolveResponseSchema),
    instanceId,
  });
}

/** After a bulk action the list and the counts are refetched 1.5 s later (spec 1 §4), whatever the outcome. */
export function useBulkResolve(instanceId: string, datasetId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: BulkResolveRequest) => postBulkResolve(instanceId, datasetId, request),
    onSettled: () => {
      setTimeout(() => void invalidateIssueData(queryClient, instanceId, datasetId), TIMINGS.refreshDelayMs);
    },
  });
}
