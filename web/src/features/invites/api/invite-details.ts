import { queryOptions, useQuery } from '@tanstack/react-query';
import { inviteDetailsSchema, type InviteDetails } from '../../../../../shared/schemas/team';
import { ApiError, apiRequest } from '../../../lib/api-client';

// GET /api/invites/{inviteCode}/details (public) → { invite }.
export function getInviteDetails(code: string): Promise<InviteDetails> {
  return apiRequest(`/invites/${encodeURIComponent(code)}/details`, { schema: inviteDetailsSchema, authenticated: false, instanceId: null });
}

export const inviteDetailsQueryOptions = (code: string) =>
  queryOptions({ queryKey: ['invite-details', code], queryFn: () => getInviteDetails(code), retry: false, staleTime: Infinity });

export function useInviteDetails(code: string) {
  return useQuery(inviteDetailsQueryOptions(code));
}

/** The spec's messages for a details failure (spec 2 §8 Invite page). */
export function inviteDetailsErrorMessage(error: unknown): string {
  if (error instanceof ApiError && error.status === 404) return 'Invitation not found or has expired';
  if (error instanceof ApiError && error.status === 410) return error.serverError ?? 'This invitation has expired';
  return 'Failed to load invitation details';
}
