import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { instanceKey } from '../../../lib/query-client';
import { TIMINGS } from '../../../../../shared/constants';
import { scanResponseSchema, startScanResponseSchema } from '../../../../../shared/schemas/datasets';

// Run Full Scan: POST /api/{dataset}/scan for the selected dataset, or for each dataset in turn,
// following each job (GET /api/{dataset}/scans/{scanId}) until it ends, reporting progress.

export const NO_DATASET_TO_SCAN = 'No dataset available to scan';
const POLL_MS = 1000;

export interface ScanProgress {
  datasetId: string;
  index: number;
  count: number;
  rowsRead: number;
  totalRows: number;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export function useRunScan(instanceId: string, onProgress: (p: ScanProgress | null) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (datasetIds: readonly string[]) => {
      if (datasetIds.length === 0) throw new Error(NO_DATASET_TO_SCAN);
      const failures: string[] = [];
      for (const [index, datasetId] of datasetIds.entries()) {
        const started = await apiRequest(`/${encodeURIComponent(datasetId)}/scan`, { method: 'POST', schema: startScanResponseSchema, instanceId });
        for (;;) {
          const { scan } = await apiRequest(`/${encodeURIComponent(datasetId)}/scans/${started.scanId}`, { schema: scanResponseSchema, instanceId });
          onProgress({ datasetId, index, count: datasetIds.length, rowsRead: scan.rowsRead, totalRows: scan.totalRows });
          if (scan.status === 'succeeded') break;
          if (scan.status === 'failed') {
            failures.push(`${datasetId}: ${scan.error ?? 'failed'}`);
            break;
          }
          await sleep(POLL_MS);
        }
      }
      return { scanned: datasetIds.length - failures.length, failures };
    },
    onSettled: () => {
      onProgress(null);
      // The spec reloads the dashboard 3 s after a scan (spec 2 §4).
      setTimeout(() => void queryClient.invalidateQueries({ queryKey: instanceKey(instanceId) }), TIMINGS.scanReloadMs);
    },
  });
}
