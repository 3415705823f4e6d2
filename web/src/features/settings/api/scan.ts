import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { instanceKey } from '../../../lib/query-client';
import { resetResponseSchema, scanResponseSchema, startScanResponseSchema } from '../../../../../shared/schemas/datasets';

// POST /api/{dataset}/scan, GET /api/{dataset}/scans/{scanId} (polled while the job runs) and
// POST /api/{dataset}/reset (Reset Data, spec 2 §4).

export function useStartScan(instanceId: string, datasetId: string) {
  return useMutation({
    mutationFn: () => apiRequest(`/${encodeURIComponent(datasetId)}/scan`, { method: 'POST', schema: startScanResponseSchema, instanceId }),
  });
}

const POLL_MS = 700;

export function useScanProgress(instanceId: string, datasetId: string, scanId: string | null) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: instanceKey(instanceId, 'datasets', datasetId, 'scans', scanId),
    queryFn: async () => {
      const res = await apiRequest(`/${encodeURIComponent(datasetId)}/scans/${scanId}`, { schema: scanResponseSchema, instanceId });
      // A finished scan changed the rows and counts every screen shows. Scan queries are left out:
      // invalidating this very query would refetch it, and invalidate again, without end.
      if (res.scan.status === 'succeeded') {
        void queryClient.invalidateQueries({ queryKey: instanceKey(instanceId), predicate: (query) => !query.queryKey.includes('scans') });
      }
      return res.scan;
    },
    enabled: scanId !== null,
    refetchInterval: (query) => (query.state.data?.status === 'succeeded' || query.state.data?.status === 'failed' ? false : POLL_MS),
  });
}

export function useResetDataset(instanceId: string, datasetId: string) {
  return useMutation({
    mutationFn: () => apiRequest(`/${encodeURIComponent(datasetId)}/reset`, { method: 'POST', schema: resetResponseSchema, instanceId }),
  });
}
