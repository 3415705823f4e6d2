import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest, schemaModule } from '../api-client';
import { instanceKey } from '../query-client';
import type { DatasetsResponse } from '../../../../shared/schemas/session';

// GET /api/datasets for one instance. Several areas (issues, dashboard, datasets hub) show the
// same list, so it lives here rather than in one feature.
export function getDatasets(instanceId: string): Promise<DatasetsResponse> {
  return apiRequest('/datasets', { schema: () => schemaModule(() => import('../../../../shared/schemas/session')).then((m) => m.datasetsResponseSchema), instanceId });
}

export const DATASETS_LOAD_ERROR = 'Failed to load datasets for current instance';

export const datasetsQueryOptions = (instanceId: string) =>
  queryOptions({
    queryKey: instanceKey(instanceId, 'datasets'),
    queryFn: () => getDatasets(instanceId),
    meta: { errorMessage: DATASETS_LOAD_ERROR },
  });

export function useDatasets(instanceId: string | null) {
  return useQuery({ ...datasetsQueryOptions(instanceId ?? ''), enabled: instanceId !== null });
}
