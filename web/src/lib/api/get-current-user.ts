import { apiRequest } from '../api-client';
import { meResponseSchema, type MeResponse } from '../../../../shared/schemas/session';

// GET /api/users/me: verifies a restored token and refreshes the user after sign-in.
export function getCurrentUser(): Promise<MeResponse> {
  return apiRequest('/users/me', { schema: meResponseSchema, instanceId: null });
}
