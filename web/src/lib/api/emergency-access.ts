import { apiRequest } from '../api-client';
import {
  authResponseSchema,
  type AuthResponse,
  type EmergencyAccessRequest,
} from '../../../../shared/schemas/session';

// POST /api/auth/admin/emergency-access (demo mode only; spec 1 §2, §6).
export function postEmergencyAccess(request: EmergencyAccessRequest): Promise<AuthResponse> {
  return apiRequest('/auth/admin/emergency-access', {
    method: 'POST',
    body: request,
    schema: authResponseSchema,
    authenticated: false,
    instanceId: null,
  });
}
