import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import * as z from 'zod';
import type { Role } from '../../../../../shared/roles';
import { memberSchema, membersResponseSchema } from '../../../../../shared/schemas/team';
import { apiRequest } from '../../../lib/api-client';
import { orgPath, teamKeys } from './keys';

// GET /api/organizations/{orgId}/members; PUT .../members/{email}/role; POST .../reset-password.

export const membersQueryOptions = (orgId: string) =>
  queryOptions({ queryKey: teamKeys.members(orgId), queryFn: () => apiRequest(`${orgPath(orgId)}/members`, { schema: membersResponseSchema, instanceId: null }) });

export function useMembers(orgId: string) {
  return useQuery(membersQueryOptions(orgId));
}

const roleResponse = z.object({ success: z.literal(true), member: memberSchema });
export function useChangeRole(orgId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ email, role }: { email: string; role: Role }) =>
      apiRequest(`${orgPath(orgId)}/members/${encodeURIComponent(email)}/role`, { method: 'PUT', body: { role }, schema: roleResponse, instanceId: null }),
    onSettled: () => client.invalidateQueries({ queryKey: teamKeys.all(orgId) }),
  });
}

const resetResponse = z.object({ success: z.literal(true), temporary_password: z.string() });
export function useResetPassword(orgId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (email: string) => apiRequest(`${orgPath(orgId)}/members/${encodeURIComponent(email)}/reset-password`, { method: 'POST', schema: resetResponse, instanceId: null }),
    onSettled: () => client.invalidateQueries({ queryKey: teamKeys.audit(orgId) }),
  });
}
