import { apiRequest, schemaModule } from '../api-client';
import type { AuthResponse, NewPasswordRequest } from '../../../../shared/schemas/session';

// POST /api/auth/new-password: answers the NEW_PASSWORD_REQUIRED challenge login gave for a temporary password.
export function postNewPassword(request: NewPasswordRequest): Promise<AuthResponse> {
  return apiRequest('/auth/new-password', {
    method: 'POST',
    body: request,
    schema: () => schemaModule(() => import('../../../../shared/schemas/session')).then((m) => m.authResponseSchema),
    authenticated: false,
    instanceId: null,
  });
}
