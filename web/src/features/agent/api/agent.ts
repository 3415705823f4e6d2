import { useEffect, useRef } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import * as z from 'zod';
import {
  agentConfigResponseSchema,
  agentStatusResponseSchema,
  agentSyncRunSchema,
  agentSyncStartedResponseSchema,
  agentTestResponseSchema,
  agentConfigSchema,
  type AgentConfigureRequest,
  type AgentTestRequest,
} from '../../../../../shared/schemas/agent';
import { apiRequest } from '../../../lib/api-client';
import { INSTANCE_SCOPE } from '../../../lib/query-client';

// The agent connector's calls (spec 2 §7.2): config, status, test, configure, sync now, disconnect.

const base = (orgId: string) => `/organizations/${encodeURIComponent(orgId)}/soda-agent`;
export const agentKeys = { all: (orgId: string) => ['soda-agent', orgId] as const };

export function useAgentConfig(orgId: string) {
  return useQuery({ queryKey: [...agentKeys.all(orgId), 'config'], queryFn: () => apiRequest(`${base(orgId)}/config`, { schema: agentConfigResponseSchema, instanceId: null }) });
}

/** While a sync runs in the background the status is asked again every few seconds. */
export const SYNC_POLL_MS = 2_000;

/**
 * The agent's status; polled while a sync runs. When a sync ends, its datasets have entered the
 * instance (or changed): the configuration and every instance-scoped query are refetched.
 */
export function useAgentStatus(orgId: string) {
  const refresh = useRefreshAfter(orgId);
  const status = useQuery({
    queryKey: [...agentKeys.all(orgId), 'status'],
    queryFn: () => apiRequest(`${base(orgId)}/status`, { schema: agentStatusResponseSchema, instanceId: null }),
    refetchInterval: (query) => (query.state.data?.syncing ? SYNC_POLL_MS : false),
  });
  const wasSyncing = useRef(false);
  const syncing = status.data?.syncing != null;
  useEffect(() => {
    if (wasSyncing.current && !syncing) void refresh();
    wasSyncing.current = syncing;
  }, [syncing, refresh]);
  return status;
}

export function useTestAgent(orgId: string) {
  return useMutation({ mutationFn: (body: AgentTestRequest) => apiRequest(`${base(orgId)}/test`, { method: 'POST', body, schema: agentTestResponseSchema, instanceId: null }) });
}

const configureResponseSchema = z.object({ success: z.literal(true), message: z.string(), config: agentConfigSchema, syncing: agentSyncRunSchema });
const disconnectResponseSchema = z.object({ success: z.literal(true), message: z.string() });

/** The agent's datasets enter or leave the instance: every instance-scoped query is stale. */
function useRefreshAfter(orgId: string) {
  const queryClient = useQueryClient();
  return () => Promise.all([queryClient.invalidateQueries({ queryKey: agentKeys.all(orgId) }), queryClient.invalidateQueries({ queryKey: [INSTANCE_SCOPE] })]);
}

export function useConfigureAgent(orgId: string) {
  const refresh = useRefreshAfter(orgId);
  return useMutation({
    mutationFn: (body: AgentConfigureRequest & { instanceId: string }) => apiRequest(`${base(orgId)}/configure`, { method: 'POST', body, schema: configureResponseSchema, instanceId: null }),
    onSettled: refresh,
  });
}

export function useSyncAgent(orgId: string) {
  const refresh = useRefreshAfter(orgId);
  return useMutation({ mutationFn: () => apiRequest(`${base(orgId)}/sync`, { method: 'POST', schema: agentSyncStartedResponseSchema, instanceId: null }), onSettled: refresh });
}

export function useDisconnectAgent(orgId: string) {
  const refresh = useRefreshAfter(orgId);
  return useMutation({ mutationFn: () => apiRequest(`${base(orgId)}/disconnect`, { method: 'DELETE', schema: disconnectResponseSchema, instanceId: null }), onSettled: refresh });
}
