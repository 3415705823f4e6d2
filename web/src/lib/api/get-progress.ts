import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../api-client';
import { instanceKey } from '../query-client';
import { progressResponseSchema, type ProgressResponse } from '../../../../shared/schemas/progress';
import type { Timeframe } from '../../../../shared/schemas/dashboard';

// GET /api/users/me/progress (issue 13 item 5): the signed-in member's work in the current
// instance. Kept under the instance's dashboard key, so the real-time events that refresh the
// dashboard (an issue resolved here or by a colleague) refresh it too.

export function getProgress(instanceId: string, timeframe: Timeframe): Promise<ProgressResponse> {
  return apiRequest(`/users/me/progress?timeframe=${timeframe}&include_details=true`, { schema: progressResponseSchema, instanceId });
}

export function useMyProgress(instanceId: string | null, timeframe: Timeframe = '7d') {
  return useQuery({
    queryKey: [...instanceKey(instanceId ?? '', 'dashboard', 'my-progress'), timeframe],
    queryFn: () => getProgress(instanceId ?? '', timeframe),
    enabled: instanceId !== null,
    staleTime: 0,
  });
}
