import { useMutation } from '@tanstack/react-query';
import * as z from 'zod';
import type { InviteAccept } from '../../../../../shared/schemas/team';
import { ApiError, apiRequest } from '../../../lib/api-client';

const acceptResponseSchema = z.object({ success: z.literal(true), email: z.string(), organization: z.object({ name: z.string() }), message: z.string() });

// POST /api/invites/{inviteCode}/accept {name, email, password}.
export function postAcceptInvite(code: string, body: InviteAccept) {
  return apiRequest(`/invites/${encodeURIComponent(code)}/accept`, { method: 'POST', body, schema: acceptResponseSchema, authenticated: false, instanceId: null });
}

export function useAcceptInvite(code: string) {
  return useMutation({ mutationFn: (body: InviteAccept) => postAcceptInvite(code, body) });
}

/** The server's details (or its error), else the spec's fallback. */
export function acceptErrorMessage(error: unknown): string {
  if (error instanceof ApiError) {
    const details = Array.isArray(error.details)
      ? (error.details as Array<{ field?: string; message?: string }>).map((d) => d.message).filter(Boolean).join('; ')
      : typeof error.details === 'string'
        ? error.details
        : '';
    return details || error.serverError || 'Failed to accept invitation';
  }
  return 'Failed to accept invitation';
}
