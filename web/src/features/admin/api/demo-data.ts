import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import * as z from 'zod';
import type { DemoConfig, DemoConfigResponse, DemoDeployResponse, DemoTemplate } from '../../../../../shared/schemas/demo';
import { apiRequest } from '../../../lib/api-client';

// Demo data calls (spec 2 §7.4): templates, an instance's demo config with its deployment's
// progress (polled while it deploys, so a reload picks it up again), save + deploy.

const ok = <T,>() => z.object({ success: z.literal(true) }).passthrough() as unknown as z.ZodType<T>;

export const demoTemplatesQueryOptions = () =>
  queryOptions({
    queryKey: ['demo-data', 'templates'],
    queryFn: () => apiRequest('/demo-data/templates', { schema: ok<{ templates: DemoTemplate[] }>(), instanceId: null }),
    staleTime: Infinity,
  });

export function useDemoTemplates() {
  return useQuery(demoTemplatesQueryOptions());
}

export const demoConfigQueryOptions = (instanceId: string | null) =>
  queryOptions({
    queryKey: ['demo-data', 'config', instanceId],
    queryFn: () => apiRequest(`/demo-data/instances/${encodeURIComponent(instanceId!)}/config`, { schema: ok<DemoConfigResponse>(), instanceId: null }),
    enabled: instanceId !== null,
    refetchInterval: (query) => (query.state.data?.deployment?.status === 'deploying' ? 1000 : false),
  });

export function useDemoConfig(instanceId: string | null) {
  return useQuery(demoConfigQueryOptions(instanceId));
}

/** Saves the template as the instance's demo config, then deploys it. */
export function useDeployTemplate(instanceId: string | null) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (input: { config: DemoConfig; organizationId: string; force: boolean }) => {
      const path = `/demo-data/instances/${encodeURIComponent(instanceId!)}`;
      await apiRequest(`${path}/config`, { method: 'PUT', body: input.config, schema: ok<DemoConfigResponse>(), instanceId: null });
      return apiRequest(`${path}/deploy`, { method: 'POST', body: { organizationId: input.organizationId, force: input.force }, schema: ok<DemoDeployResponse>(), instanceId: null });
    },
    // The 202 carries the recorded job: show it at once, then read it again from the server.
    onSuccess: (started) => client.setQueryData<DemoConfigResponse>(['demo-data', 'config', instanceId], (old) => (old ? { ...old, deployment: started.deployment } : old)),
    onSettled: () => client.invalidateQueries({ queryKey: ['demo-data', 'config', instanceId] }),
  });
}
