import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { instanceKey } from '../../../lib/query-client';
import type { ChecksConfigInput } from '../../../../../shared/schemas/checks';
import { configResponseSchema, previewResponseSchema } from '../../../../../shared/schemas/datasets';

// GET/POST /api/{dataset}/config and POST /api/{dataset}/config/preview (the check editor).

const path = (datasetId: string, suffix = '') => `/${encodeURIComponent(datasetId)}/config${suffix}`;

export const datasetConfigQueryOptions = (instanceId: string, datasetId: string) =>
  queryOptions({
    queryKey: instanceKey(instanceId, 'datasets', datasetId, 'config'),
    queryFn: () => apiRequest(path(datasetId), { schema: configResponseSchema, instanceId }),
  });

export function useDatasetConfig(instanceId: string, datasetId: string) {
  return useQuery(datasetConfigQueryOptions(instanceId, datasetId));
}

export function useSaveDatasetConfig(instanceId: string, datasetId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (config: ChecksConfigInput) => apiRequest(path(datasetId), { method: 'POST', body: config, schema: configResponseSchema, instanceId }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: instanceKey(instanceId, 'datasets') }),
  });
}

export function usePreviewChecks(instanceId: string, datasetId: string) {
  return useMutation({
    mutationFn: (config: ChecksConfigInput) => apiRequest(path(datasetId, '/preview'), { method: 'POST', body: config, schema: previewResponseSchema, instanceId }),
  });
}
