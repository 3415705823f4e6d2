import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, apiRequest, schemaModule } from '../api-client';
import type { DemoConfig } from '../../../../shared/schemas/session';

// GET /api/auth/demo-config (no auth). Answers 404 when demo mode is off, which simply means
// "no demo accounts": the login screen's quick-login list and the user menu's "Login as" hide.
export function getDemoConfig(): Promise<DemoConfig> {
  return apiRequest('/auth/demo-config', { schema: () => schemaModule(() => import('../../../../shared/schemas/session')).then((m) => m.demoConfigSchema), authenticated: false, instanceId: null });
}

export const demoConfigQueryOptions = () =>
  queryOptions({
    queryKey: ['demo-config'],
    queryFn: getDemoConfig,
    staleTime: Infinity,
    retry: (failureCount: number, error: Error) => !(error instanceof ApiError) && failureCount < 1,
  });

export function useDemoConfig(options: { enabled?: boolean } = {}) {
  return useQuery({ ...demoConfigQueryOptions(), enabled: options.enabled ?? true });
}

export type DemoAccount = DemoConfig['organizations'][number]['users'][number];

/** The password of a demo account is the password of its passwordType. */
export function demoPassword(config: DemoConfig, account: DemoAccount): string | undefined {
  return config.passwords[account.passwordType];
}
