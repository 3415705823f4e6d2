import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreateUseCaseRequest, UpdateUseCaseRequest } from '../../../../../shared/use-cases';
import { apiRequest, schemaModule } from '../../../lib/api-client';

// GET/POST /api/taxonomy/use-cases, PUT/DELETE /api/taxonomy/use-cases/{id} (spec 2 §2.3 Tagging).
// Use cases belong to the organization, not to an instance.

export const useCaseKeys = { all: ['use-cases'] as const };
// Response schemas load beside their requests (zod stays out of the Issues screen's first download).
const useCases = () => schemaModule(() => import('../../../../../shared/use-cases'));
const okSchema = () => schemaModule(() => import('../../../lib/api/response-schemas')).then((m) => m.okSchema);

export const useCasesQueryOptions = () =>
  queryOptions({
    queryKey: useCaseKeys.all,
    queryFn: ({ signal }) => apiRequest('/taxonomy/use-cases', { schema: () => useCases().then((m) => m.useCasesResponseSchema), instanceId: null, signal }),
    staleTime: 60_000,
  });

export const useUseCases = () => useQuery(useCasesQueryOptions());

function useInvalidate() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: useCaseKeys.all });
}

export function useCreateUseCase() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (body: CreateUseCaseRequest) => apiRequest('/taxonomy/use-cases', { method: 'POST', body, schema: () => useCases().then((m) => m.useCaseResponseSchema), instanceId: null }),
    onSettled: invalidate,
  });
}

export function useUpdateUseCase() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, ...body }: UpdateUseCaseRequest & { id: string }) =>
      apiRequest(`/taxonomy/use-cases/${encodeURIComponent(id)}`, { method: 'PUT', body, schema: () => useCases().then((m) => m.useCaseResponseSchema), instanceId: null }),
    onSettled: invalidate,
  });
}

export function useDeleteUseCase() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (id: string) => apiRequest(`/taxonomy/use-cases/${encodeURIComponent(id)}`, { method: 'DELETE', schema: okSchema, instanceId: null }),
    onSettled: invalidate,
  });
}
