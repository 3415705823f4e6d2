import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { useCaseResponseSchema, useCasesResponseSchema, type CreateUseCaseRequest, type UpdateUseCaseRequest } from '../../../../../shared/use-cases';
import { apiRequest } from '../../../lib/api-client';

// GET/POST /api/taxonomy/use-cases, PUT/DELETE /api/taxonomy/use-cases/{id} (spec 2 §2.3 Tagging).
// Use cases belong to the organization, not to an instance.

export const useCaseKeys = { all: ['use-cases'] as const };
const okSchema = z.object({ success: z.literal(true) }).passthrough();

export const useCasesQueryOptions = () =>
  queryOptions({
    queryKey: useCaseKeys.all,
    queryFn: ({ signal }) => apiRequest('/taxonomy/use-cases', { schema: useCasesResponseSchema, instanceId: null, signal }),
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
    mutationFn: (body: CreateUseCaseRequest) => apiRequest('/taxonomy/use-cases', { method: 'POST', body, schema: useCaseResponseSchema, instanceId: null }),
    onSettled: invalidate,
  });
}

export function useUpdateUseCase() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, ...body }: UpdateUseCaseRequest & { id: string }) =>
      apiRequest(`/taxonomy/use-cases/${encodeURIComponent(id)}`, { method: 'PUT', body, schema: useCaseResponseSchema, instanceId: null }),
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
