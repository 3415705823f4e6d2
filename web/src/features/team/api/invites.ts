import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import * as z from 'zod';
import { inviteCreateResponseSchema, invitesResponseSchema, type InviteCreate } from '../../../../../shared/schemas/team';
import { apiRequest } from '../../../lib/api-client';
import { orgPath, teamKeys } from './keys';

// GET/POST /api/organizations/{orgId}/invites; DELETE .../invites/{id}; POST .../invites/{id}/resend.

export const invitesQueryOptions = (orgId: string) =>
  queryOptions({ queryKey: teamKeys.invites(orgId), queryFn: () => apiRequest(`${orgPath(orgId)}/invites`, { schema: invitesResponseSchema, instanceId: null }) });

export function useInvites(orgId: string) {
  return useQuery(invitesQueryOptions(orgId));
}

export function useCreateInvite(orgId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: InviteCreate) => apiRequest(`${orgPath(orgId)}/invites`, { method: 'POST', body, schema: inviteCreateResponseSchema, instanceId: null }),
    onSettled: () => client.invalidateQueries({ queryKey: teamKeys.all(orgId) }),
  });
}

const messageSchema = z.object({ success: z.literal(true), message: z.string() });

export function useRevokeInvite(orgId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest(`${orgPath(orgId)}/invites/${encodeURIComponent(id)}`, { method: 'DELETE', schema: messageSchema, instanceId: null }),
    onSettled: () => client.invalidateQueries({ queryKey: teamKeys.all(orgId) }),
  });
}

export function useResendInvite(orgId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest(`${orgPath(orgId)}/invites/${encodeURIComponent(id)}/resend`, { method: 'POST', schema: messageSchema, instanceId: null }),
    onSettled: () => client.invalidateQueries({ queryKey: teamKeys.all(orgId) }),
  });
}
