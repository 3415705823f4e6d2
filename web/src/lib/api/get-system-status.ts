import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../api-client';
import { systemStatusSchema, type SystemStatus } from '../../../../shared/schemas/system';

// GET /api/system/status: shown by Settings › System and the admin dashboard.
export function getSystemStatus(): Promise<SystemStatus> {
  return apiRequest('/system/status', { schema: systemStatusSchema });
}

export const systemStatusQueryOptions = () =>
  queryOptions({
    queryKey: ['system-status'],
    queryFn: getSystemStatus,
    refetchInterval: 30_000,
  });

export function useSystemStatus() {
  return useQuery(systemStatusQueryOptions());
}
