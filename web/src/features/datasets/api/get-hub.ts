import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { instanceKey } from '../../../lib/query-client';
import { datasetHealthResponseSchema, QUICK_WINS_MAX_LIMIT, quickWinsResponseSchema } from '../../../../../shared/schemas/dashboard';

// The hub's figures: each dataset's health with details (score, grade, counts, issue types) and
// the instance's quick wins (recommended actions, potential value). Same calls as the dashboard,
// under the hub's own keys; an issue change invalidates the whole instance, so both follow.

export const hubHealthQueryOptions = (instanceId: string) =>
  queryOptions({
    queryKey: instanceKey(instanceId, 'hub', 'dataset-health'),
    queryFn: ({ signal }) => apiRequest('/dashboard/dataset-health?include_details=true', { schema: datasetHealthResponseSchema, instanceId, signal }),
  });

export const hubQuickWinsQueryOptions = (instanceId: string) =>
  queryOptions({
    queryKey: instanceKey(instanceId, 'hub', 'quick-wins'),
    queryFn: ({ signal }) => apiRequest(`/dashboard/quick-wins?limit=${QUICK_WINS_MAX_LIMIT}`, { schema: quickWinsResponseSchema, instanceId, signal }),
  });

export const useHubHealth = (instanceId: string) => useQuery(hubHealthQueryOptions(instanceId));
export const useHubQuickWins = (instanceId: string) => useQuery(hubQuickWinsQueryOptions(instanceId));
