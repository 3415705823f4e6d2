import { apiRequest, schemaModule } from '../api-client';
import type { MeResponse } from '../../../../shared/schemas/session';

// GET /api/users/me: verifies a restored token and refreshes the user after sign-in.
export function getCurrentUser(): Promise<MeResponse> {
  return apiRequest('/users/me', { schema: () => schemaModule(() => import('../../../../shared/schemas/session')).then((m) => m.meResponseSchema), instanceId: null });
}
