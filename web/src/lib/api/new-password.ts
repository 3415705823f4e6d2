import { apiRequest } from '../api-client';
import { authResponseSchema, type AuthResponse, type NewPasswordRequest } from '../../../../shared/schemas/session';

// POST /api/auth/new-password: answers the NEW_PASSWORD_REQUIRED challenge login gave for a temporary password.
export function postNewPassword(request: NewPasswordRequest): Promise<AuthResponse> {
  return apiRequest('/auth/new-password', {
    method: 'POST',
    body: request,
    schema: authResponseSchema,
    authenticated: false,
    instanceId: null,
  });
}
