import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest, schemaModule } from '../../../lib/api-client';
import { instanceKey } from '../../../lib/query-client';
import type { AvailableDatesResponse } from '../../../../../shared/schemas/issues';

// GET /api/{dataset}/available-dates → {dates}: the scan dates the Date filter offers.
export function getAvailableDates(instanceId: string, datasetId: string): Promise<AvailableDatesResponse> {
  return apiRequest(`/${encodeURIComponent(datasetId)}/available-dates`, { schema: () => schemaModule(() => import('../../../../../shared/schemas/issues')).then((m) => m.availableDatesResponseSchema), instanceId });
}

export const availableDatesQueryOptions = (instanceId: string, datasetId: string) =>
  queryOptions({
    queryKey: instanceKey(instanceId, 'issues', datasetId, 'available-dates'),
    queryFn: () => getAvailableDates(instanceId, datasetId),
  });

export function useAvailableDates(instanceId: string, datasetId: string) {
  return useQuery(availableDatesQueryOptions(instanceId, datasetId));
}
