import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { instanceKey } from '../../../lib/query-client';
import { TIMINGS } from '../../../../../shared/constants';
import {
  datasetHealthResponseSchema,
  metricsResponseSchema,
  quickWinsResponseSchema,
  trendsResponseSchema,
  type Timeframe,
} from '../../../../../shared/schemas/dashboard';

// GET /api/dashboard/metrics, dataset-health, trends and quick-wins (spec 2 §7.3): the dashboard's
// figures, refetched every 30 s (spec 2 §9) and whenever an issue change invalidates the instance.

export const dashboardKeys = {
  all: (instanceId: string) => instanceKey(instanceId, 'dashboard'),
};

const live = { refetchInterval: TIMINGS.dashboardRefreshMs, staleTime: 0 } as const;

export const metricsQueryOptions = (instanceId: string, timeframe: Timeframe = '7d') =>
  queryOptions({
    queryKey: [...dashboardKeys.all(instanceId), 'metrics', timeframe],
    queryFn: ({ signal }) => apiRequest(`/dashboard/metrics?timeframe=${timeframe}&include_trends=true`, { schema: metricsResponseSchema, instanceId, signal }),
    ...live,
  });

export const datasetHealthQueryOptions = (instanceId: string) =>
  queryOptions({
    queryKey: [...dashboardKeys.all(instanceId), 'dataset-health'],
    queryFn: ({ signal }) => apiRequest('/dashboard/dataset-health?include_details=true', { schema: datasetHealthResponseSchema, instanceId, signal }),
    ...live,
  });

export const trendsQueryOptions = (instanceId: string, datasetId: string | null, timeframe: Timeframe = '7d') =>
  queryOptions({
    queryKey: [...dashboardKeys.all(instanceId), 'trends', datasetId, timeframe],
    queryFn: ({ signal }) =>
      apiRequest(`/dashboard/trends?timeframe=${timeframe}&interval=day${datasetId ? `&dataset_id=${encodeURIComponent(datasetId)}` : ''}`, {
        schema: trendsResponseSchema,
        instanceId,
        signal,
      }),
    ...live,
  });

export const quickWinsQueryOptions = (instanceId: string, datasetId: string | null, limit = 10) =>
  queryOptions({
    queryKey: [...dashboardKeys.all(instanceId), 'quick-wins', datasetId, limit],
    queryFn: ({ signal }) =>
      apiRequest(`/dashboard/quick-wins?limit=${limit}${datasetId ? `&dataset_id=${encodeURIComponent(datasetId)}` : ''}`, { schema: quickWinsResponseSchema, instanceId, signal }),
    ...live,
  });

export const useMetrics = (instanceId: string) => useQuery(metricsQueryOptions(instanceId));
export const useDatasetHealth = (instanceId: string) => useQuery(datasetHealthQueryOptions(instanceId));
export const useTrends = (instanceId: string, datasetId: string | null) => useQuery(trendsQueryOptions(instanceId, datasetId));
export const useQuickWins = (instanceId: string, datasetId: string | null, limit?: number) => useQuery(quickWinsQueryOptions(instanceId, datasetId, limit));
