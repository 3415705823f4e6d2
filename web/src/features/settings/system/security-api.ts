import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { securitySettingsSchema, type SecuritySettings } from '../../../../../shared/schemas/security';
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
