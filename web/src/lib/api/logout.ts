import { z } from 'zod';
import { apiRequest } from '../api-client';

// POST /api/auth/logout: the server revokes the session and clears the refresh cookie. The body
// is not used: the client forgets its state whatever the answer.
export function postLogout(): Promise<unknown> {
  return apiRequest('/auth/logout', { method: 'POST', schema: z.unknown(), instanceId: null });
}
