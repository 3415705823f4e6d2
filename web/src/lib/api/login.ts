import { apiRequest, schemaModule } from '../api-client';
import type { AuthResponse, LoginRequest } from '../../../../shared/schemas/session';

// POST /api/auth/login. The session (lib/session.tsx) owns the hook: login changes who is signed in.
export function postLogin(credentials: LoginRequest): Promise<AuthResponse> {
  return apiRequest('/auth/login', {
    method: 'POST',
    body: credentials,
    schema: () => schemaModule(() => import('../../../../shared/schemas/session')).then((m) => m.authResponseSchema),
    authenticated: false,
    instanceId: null,
  });
}
