import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import * as z from 'zod';
import type { Role } from '../../../../../shared/roles';
import { instanceSchema } from '../../../../../shared/schemas/session';
import type { InstanceCreate, InstanceUpdate } from '../../../../../shared/schemas/team';
import { apiRequest } from '../../../lib/api-client';

import { orgPath, teamKeys } from './keys';

// GET/POST /api/organizations/{orgId}/instances; PUT/DELETE .../instances/{id};
// POST .../instances/{id}/users; DELETE .../instances/{id}/users/{email}.

const listSchema = z.object({ success: z.literal(true), total: z.number(), instances: z.array(instanceSchema) });
const okSchema = z.object({ success: z.literal(true) }).passthrough();

export const orgInstancesQueryOptions = (orgId: string) =>
  queryOptions({ queryKey: teamKeys.instances(orgId), queryFn: () => apiRequest(`${orgPath(orgId)}/instances`, { schema: listSchema, instanceId: null }) });

export function useOrgInstances(orgId: string) {
  return useQuery(orgInstancesQueryOptions(orgId));
}

/** Instances also feed the switcher: refresh both after a change. */
function useInvalidate(orgId: string) {
  const client = useQueryClient();
  return () => Promise.all([client.invalidateQueries({ queryKey: teamKeys.all(orgId) }), client.invalidateQueries({ queryKey: ['my-instances'] })]);
}

export function useCreateInstance(orgId: string) {
  const invalidate = useInvalidate(orgId);
  return useMutation({
    mutationFn: (body: Partial<InstanceCreate> & { name: string }) => apiRequest(`${orgPath(orgId)}/instances`, { method: 'POST', body, schema: okSchema, instanceId: null }),
    onSettled: invalidate,
  });
}

export function useUpdateInstance(orgId: string) {
  const invalidate = useInvalidate(orgId);
  return useMutation({
    mutationFn: ({ id, ...body }: InstanceUpdate & { id: string }) => apiRequest(`${orgPath(orgId)}/instances/${encodeURIComponent(id)}`, { method: 'PUT', body, schema: okSchema, instanceId: null }),
    onSettled: invalidate,
  });
}

export function useDeleteInstance(orgId: string) {
  const invalidate = useInvalidate(orgId);
  return useMutation({
    mutationFn: (id: string) => apiRequest(`${orgPath(orgId)}/instances/${encodeURIComponent(id)}`, { method: 'DELETE', schema: okSchema, instanceId: null }),
    onSettled: invalidate,
  });
}

export function useAssignUser(orgId: string) {
  const invalidate = useInvalidate(orgId);
  return useMutation({
    mutationFn: ({ instanceId, email, role }: { instanceId: string; email: string; role: Role }) =>
      apiRequest(`${orgPath(orgId)}/instances/${encodeURIComponent(instanceId)}/users`, { method: 'POST', body: { userEmail: email, role }, schema: okSchema, instanceId: null }),
    onSettled: invalidate,
  });
}

export function useUnassignUser(orgId: string) {
  const invalidate = useInvalidate(orgId);
  return useMutation({
    mutationFn: ({ instanceId, email }: { instanceId: string; email: string }) =>
      apiRequest(`${orgPath(orgId)}/instances/${encodeURIComponent(instanceId)}/users/${encodeURIComponent(email)}`, { method: 'DELETE', schema: okSchema, instanceId: null }),
    onSettled: invalidate,
  });
}
