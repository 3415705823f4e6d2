import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ProcessingStatus } from '../../../../shared/schemas/ai';
import { apiRequest, schemaModule } from '../api-client';

// The caller's AI processing state (spec 1 §4 AI processing): GET /api/ai/processing/status and
// the controls pause, resume, stop and reset. Server-side state: every tab sees the same.

/** `{ success: true, data: ProcessingStatus }`, loaded beside the request (zod stays out of the first download). */
const statusResponseSchema = () => schemaModule(() => import('./response-schemas')).then((m) => m.processingStatusResponseSchema);

export const PROCESSING_CONTROLS = ['pause', 'resume', 'stop', 'reset'] as const;
export type ProcessingControl = (typeof PROCESSING_CONTROLS)[number];

export const aiStatusKey = ['ai', 'processing-status'] as const;

export async function getProcessingStatus(signal?: AbortSignal): Promise<ProcessingStatus> {
  return (await apiRequest('/ai/processing/status', { schema: statusResponseSchema, instanceId: null, signal })).data;
}

/** Polled fast while rows are queued, slowly otherwise. */
export const processingStatusQueryOptions = () =>
  queryOptions({
    queryKey: aiStatusKey,
    queryFn: ({ signal }) => getProcessingStatus(signal),
    staleTime: 1_000,
    refetchInterval: (query) => ((query.state.data?.queued ?? 0) > 0 ? 1_500 : 15_000),
  });

export function useProcessingStatus() {
  return useQuery(processingStatusQueryOptions());
}

export function postProcessingControl(control: ProcessingControl): Promise<ProcessingStatus> {
  return apiRequest(`/ai/processing/${control}`, { method: 'POST', schema: statusResponseSchema, instanceId: null }).then((r) => r.data);
}

export function useProcessingControl() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: postProcessingControl,
    onSuccess: (status) => queryClient.setQueryData(aiStatusKey, status),
  });
}
