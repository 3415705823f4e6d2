import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import * as z from 'zod';
import type { Subscription } from '../../../../../shared/constants';
import {
  byokResponseSchema,
  organizationResponseSchema,
  organizationsResponseSchema,
  overviewSchema,
  shardsResponseSchema,
} from '../../../../../shared/schemas/organizations';
import { apiRequest } from '../../../lib/api-client';

// The super admin's organization calls (spec 2 §7.1): list, overview, shards, BYOK, create, update
// (name, subscription, suspend/reactivate), stats, domains.

const root = ['platform-organizations'] as const;
const opts = { instanceId: null } as const;

export function useOrganizationsList() {
  return useQuery({ queryKey: [...root, 'list'], queryFn: () => apiRequest('/organizations?include_inactive=true', { schema: organizationsResponseSchema, ...opts }) });
}
export function useOrganizationsOverview() {
  return useQuery({ queryKey: [...root, 'overview'], queryFn: () => apiRequest('/organizations/overview', { schema: overviewSchema, ...opts }) });
}
export function useShards() {
  return useQuery({ queryKey: [...root, 'shards'], queryFn: () => apiRequest('/organizations/shards', { schema: shardsResponseSchema, ...opts }) });
}
export function useByokAccounts() {
  return useQuery({ queryKey: [...root, 'byok'], queryFn: () => apiRequest('/organizations/byok', { schema: byokResponseSchema, ...opts }) });
}

const statsSchema = z.object({
  success: z.literal(true),
  stats: z.object({ members: z.number(), administrators: z.number(), instances: z.number(), datasets: z.number(), invites: z.number() }),
});
export function useOrganizationStats(id: string) {
  return useQuery({ queryKey: [...root, 'stats', id], queryFn: () => apiRequest(`/organizations/${encodeURIComponent(id)}/stats`, { schema: statsSchema, ...opts }) });
}

function useInvalidating<T, V>(run: (vars: V) => Promise<T>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: run, onSettled: () => client.invalidateQueries({ queryKey: root }) });
}

export function useCreateOrganization() {
  return useInvalidating((body: { name: string; slug?: string; domain: string; subscription: Subscription }) =>
    apiRequest('/organizations', { method: 'POST', body, schema: organizationResponseSchema, ...opts }),
  );
}
export function useUpdateOrganization() {
  return useInvalidating(({ id, ...body }: { id: string; name?: string; subscription?: Subscription; status?: 'active' | 'suspended' }) =>
    apiRequest(`/organizations/${encodeURIComponent(id)}`, { method: 'PUT', body, schema: organizationResponseSchema, ...opts }),
  );
}
export function useAddDomain() {
  return useInvalidating(({ id, domain }: { id: string; domain: string }) =>
    apiRequest(`/organizations/${encodeURIComponent(id)}/domains`, { method: 'POST', body: { domain }, schema: organizationResponseSchema, ...opts }),
  );
}
export function useRemoveDomain() {
  return useInvalidating(({ id, domain }: { id: string; domain: string }) =>
    apiRequest(`/organizations/${encodeURIComponent(id)}/domains/${encodeURIComponent(domain)}`, { method: 'DELETE', schema: organizationResponseSchema, ...opts }),
  );
}

const purgeSchema = z.object({
  success: z.literal(true),
  complete: z.boolean(),
  itemsDeleted: z.number(),
  members: z.number(),
  poolUsersDeleted: z.number(),
  instances: z.number(),
  datasets: z.number(),
});
export type PurgeAnswer = z.infer<typeof purgeSchema>;

/** DELETE /api/organizations/{id}/permanent, called again while it answers complete: false (resumable). */
export function usePurgeOrganization() {
  return useInvalidating(async ({ id, onProgress }: { id: string; onProgress: (answer: PurgeAnswer) => void }) => {
    for (let call = 0; call < 200; call++) {
      const answer = await apiRequest(`/organizations/${encodeURIComponent(id)}/permanent`, { method: 'DELETE', schema: purgeSchema, ...opts });
      onProgress(answer);
      if (answer.complete) return answer;
    }
    throw new Error('the deletion did not finish; run it again to continue');
  });
}
