import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { organizationResponseSchema } from '../../../../../shared/schemas/organizations';
import { apiRequest } from '../../../lib/api-client';

// Settings → General (spec 2 §2.3): the caller's organization, renamed and its accepted domains
// added or removed through the organization routes of spec 2 §7.1.

const orgKey = (orgId: string) => ['organization', orgId] as const;
const orgPath = (orgId: string) => `/organizations/${encodeURIComponent(orgId)}`;

export const organizationQueryOptions = (orgId: string) =>
  queryOptions({ queryKey: orgKey(orgId), queryFn: () => apiRequest(orgPath(orgId), { schema: organizationResponseSchema, instanceId: null }) });

export function useOrganization(orgId: string) {
  return useQuery(organizationQueryOptions(orgId));
}

function useOrganizationMutation<V>(orgId: string, request: (v: V) => Promise<unknown>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSuccess: (response) => {
      const parsed = organizationResponseSchema.safeParse(response);
      if (parsed.success) client.setQueryData(orgKey(orgId), parsed.data);
    },
    // Not awaited: the caller's own onSuccess (e.g. clearing the field just sent) runs when the
    // server answered, not after the refetch; a value typed meanwhile is kept.
    onSettled: () => void client.invalidateQueries({ queryKey: orgKey(orgId) }),
  });
}

export function useRenameOrganization(orgId: string) {
  return useOrganizationMutation(orgId, (name: string) => apiRequest(orgPath(orgId), { method: 'PUT', body: { name }, schema: organizationResponseSchema, instanceId: null }));
}

export function useAddDomain(orgId: string) {
  return useOrganizationMutation(orgId, (domain: string) => apiRequest(`${orgPath(orgId)}/domains`, { method: 'POST', body: { domain }, schema: organizationResponseSchema, instanceId: null }));
}

export function useRemoveDomain(orgId: string) {
  return useOrganizationMutation(orgId, (domain: string) =>
    apiRequest(`${orgPath(orgId)}/domains/${encodeURIComponent(domain)}`, { method: 'DELETE', schema: organizationResponseSchema, instanceId: null }),
  );
}
