import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest, schemaModule } from '../../../lib/api-client';
import { instanceKey } from '../../../lib/query-client';
import type { ScanTimesResponse } from '../../../../../shared/schemas/issues';

// GET /api/{dataset}/scan-times?date= → {scanTimes}: the scans of one day, for the Scan Time filter.
export function getScanTimes(instanceId: string, datasetId: string, date: string): Promise<ScanTimesResponse> {
  const query = new URLSearchParams({ date });
  return apiRequest(`/${encodeURIComponent(datasetId)}/scan-times?${query}`, { schema: () => schemaModule(() => import('../../../../../shared/schemas/issues')).then((m) => m.scanTimesResponseSchema), instanceId });
}

export const scanTimesQueryOptions = (instanceId: string, datasetId: string, date: string) =>
  queryOptions({
    queryKey: instanceKey(instanceId, 'issues', datasetId, 'scan-times', date),
    queryFn: () => getScanTimes(instanceId, datasetId, date),
  });

/** Asks only once a date is chosen: the Scan Time filter is disabled until then (spec 1 §5). */
export function useScanTimes(instanceId: string, datasetId: string, date: string | undefined) {
  return useQuery({ ...scanTimesQueryOptions(instanceId, datasetId, date ?? ''), enabled: Boolean(date) });
}
