import { queryOptions } from '@tanstack/react-query';
import { ApiError, apiRequest, schemaModule } from '../api-client';
import type { InstancesResponse } from '../../../../shared/schemas/session';

// GET /api/users/me/instances: "Bearer token only (plain request)" (spec 1 §7), so no
// x-instance-id. The hook is the instance provider (lib/instances.tsx).
export function getMyInstances(): Promise<InstancesResponse> {
  return apiRequest('/users/me/instances', { schema: () => schemaModule(() => import('../../../../shared/schemas/session')).then((m) => m.instancesResponseSchema), instanceId: null });
}

/** Keyed by the signed-in e-mail so one user never sees another's cached list. */
export const myInstancesQueryOptions = (email: string) =>
  queryOptions({
    queryKey: ['my-instances', email],
    queryFn: getMyInstances,
    staleTime: 5 * 60_000,
    meta: { errorMessage: instancesLoadErrorMessage },
  });

/** "Failed to load instances: {status} {body}" or "Failed to load instances" (spec 1 §8). */
export function instancesLoadErrorMessage(error: Error): string {
  return error instanceof ApiError
    ? `Failed to load instances: ${error.status} ${error.body}`.trim()
    : 'Failed to load instances';
}
