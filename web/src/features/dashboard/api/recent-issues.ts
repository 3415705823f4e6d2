import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { TIMINGS } from '../../../../../shared/constants';
import { RECENT_ISSUES_LIMIT } from '../../../../../shared/schemas/dashboard';
import { failedRowsResponseSchema } from '../../../../../shared/schemas/issues';
import { dashboardKeys } from './get-dashboard';

// Recent Issues: the dataset's open failed rows, 5 (spec 2 §4, §9), newest scan first.
export const recentIssuesQueryOptions = (instanceId: string, datasetId: string) =>
  queryOptions({
    queryKey: [...dashboardKeys.all(instanceId), 'recent-issues', datasetId],
    queryFn: ({ signal }) =>
      apiRequest(`/${encodeURIComponent(datasetId)}/failed_rows?status=open&limit=${RECENT_ISSUES_LIMIT}&page=1`, { schema: failedRowsResponseSchema, instanceId, signal }),
    refetchInterval: TIMINGS.dashboardRefreshMs,
    staleTime: 0,
  });

export const useRecentIssues = (instanceId: string, datasetId: string | null) => useQuery({ ...recentIssuesQueryOptions(instanceId, datasetId ?? ''), enabled: datasetId !== null });
