import { apiRequest, schemaModule } from '../api-client';
import type { AuthResponse, EmergencyAccessRequest } from '../../../../shared/schemas/session';

// POST /api/auth/admin/emergency-access (demo mode only; spec 1 §2, §6).
export function postEmergencyAccess(request: EmergencyAccessRequest): Promise<AuthResponse> {
  return apiRequest('/auth/admin/emergency-access', {
    method: 'POST',
    body: request,
    schema: () => schemaModule(() => import('../../../../shared/schemas/session')).then((m) => m.authResponseSchema),
    authenticated: false,
    instanceId: null,
  });
}
