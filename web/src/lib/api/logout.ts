import { apiRequest, schemaModule } from '../api-client';

// POST /api/auth/logout: the server revokes the session and clears the refresh cookie. The body
// is not used: the client forgets its state whatever the answer.
export function postLogout(): Promise<unknown> {
  return apiRequest('/auth/logout', { method: 'POST', schema: () => schemaModule(() => import('./response-schemas')).then((m) => m.anyBodySchema), instanceId: null });
}
