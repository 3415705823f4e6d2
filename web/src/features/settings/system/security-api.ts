import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, apiRequest } from '../../../lib/api-client';
import { ipAllowlistSchema, LOCKOUT_FIELD, securitySettingsSchema, type SecuritySettings } from '../../../../../shared/schemas/security';
import { systemStatusSchema, type SystemStatus } from '../../../../../shared/schemas/system';

// Settings › System & Security: the security panel (GET /api/system/security) and the Health
// Check (GET /api/system/status?check=full).

export function getSecuritySettings(): Promise<SecuritySettings> {
  return apiRequest('/system/security', { schema: securitySettingsSchema });
}

export const securitySettingsQueryOptions = () => queryOptions({ queryKey: ['system-security'], queryFn: getSecuritySettings });

export function useSecuritySettings() {
  return useQuery(securitySettingsQueryOptions());
}

export function runHealthCheck(): Promise<SystemStatus> {
  return apiRequest('/system/status?check=full', { schema: systemStatusSchema });
}

export function useHealthCheck() {
  return useMutation({ mutationFn: runHealthCheck });
}

// ---- IP allowlist (GET/PUT /api/organizations/{orgId}/ip-allowlist) ----

const allowlistPath = (orgId: string) => `/organizations/${encodeURIComponent(orgId)}/ip-allowlist`;

export function useIpAllowlist(orgId: string) {
  return useQuery({ queryKey: ['ip-allowlist', orgId], queryFn: () => apiRequest(allowlistPath(orgId), { schema: ipAllowlistSchema, instanceId: null }) });
}

export function useSaveIpAllowlist(orgId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { cidrs: string[]; confirmLockout?: boolean }) => apiRequest(allowlistPath(orgId), { method: 'PUT', body, schema: ipAllowlistSchema, instanceId: null }),
    onSuccess: (saved) => {
      client.setQueryData(['ip-allowlist', orgId], saved);
      void client.invalidateQueries({ queryKey: ['audit-log', orgId] });
    },
  });
}

/** The server refused because the list would lock the saving admin out (409 naming confirmLockout). */
export function wouldLockOut(error: unknown): error is ApiError {
  return error instanceof ApiError && error.status === 409 && Array.isArray(error.details) && error.details.some((d: { field?: string }) => d?.field === LOCKOUT_FIELD);
}
