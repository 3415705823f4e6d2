import { queryOptions, useQuery } from '@tanstack/react-query';
import * as z from 'zod';
import type { DiagnosticsResult, PreflightResult, RoutePerformance } from '../../../../../shared/schemas/qa';
import type { QaTestResult } from '../../../../../shared/schemas/qa-validation';
import { ApiError, apiRequest } from '../../../lib/api-client';

// QA calls (spec 2 §7.5). GET /qa/status answers 404 when QA mode is off: that is "not enabled".

const ok = <T,>() => z.object({ success: z.literal(true) }).passthrough() as unknown as z.ZodType<T>;

export async function getQaStatus(): Promise<{ enabled: boolean }> {
  try {
    return await apiRequest('/qa/status', { schema: ok<{ enabled: boolean }>(), instanceId: null });
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return { enabled: false };
    throw error;
  }
}

export const qaStatusQueryOptions = () => queryOptions({ queryKey: ['qa', 'status'], queryFn: getQaStatus, staleTime: 60_000 });
export const useQaStatus = () => useQuery(qaStatusQueryOptions());

export interface QaTool {
  id: string;
  name: string;
  description: string;
}

/** Super admin tools (spec 2 §6), asked for super admins only; a 403 (a role changed meanwhile) reads as none. */
export const superAdminToolsQueryOptions = (enabled: boolean) =>
  queryOptions({
    queryKey: ['qa', 'superadmin-tools'],
    queryFn: async () => {
      try {
        return await apiRequest('/qa/superadmin/tools', { schema: ok<{ tools: QaTool[] }>(), instanceId: null });
      } catch (error) {
        if (error instanceof ApiError && error.status === 403) return null;
        throw error;
      }
    },
    enabled,
  });

export const runPreflight = () => apiRequest('/qa/preflight', { schema: ok<PreflightResult>(), instanceId: null });
export const runDiagnostics = () => apiRequest('/qa/superadmin/system-diagnostics', { method: 'POST', schema: ok<DiagnosticsResult>(), instanceId: null });
export const getPerformance = () => apiRequest('/qa/performance', { schema: ok<{ routes: RoutePerformance[]; window: number }>(), instanceId: null });

type Message = { message: string };
export const resetInstance = (orgId: string, instanceId: string) =>
  apiRequest(`/qa/organizations/${encodeURIComponent(orgId)}/instances/${encodeURIComponent(instanceId)}/reset`, { method: 'POST', schema: ok<Message>(), instanceId: null });
export const refreshMockData = (orgId: string) => apiRequest(`/qa/organizations/${encodeURIComponent(orgId)}/refresh-mock-data`, { method: 'POST', schema: ok<Message>(), instanceId: null });
export const clearCache = (orgId: string) => apiRequest(`/qa/organizations/${encodeURIComponent(orgId)}/clear-cache`, { method: 'POST', schema: ok<Message>(), instanceId: null });

// QA validation (spec 2 §7.5 /api/qa-validation/...): each run answers its stored result.
export type QaValidationCall = 'run-user-flow-tests' | 'run-admin-flow-tests' | 'test-data-integrity' | 'validate-ai-suggestions' | 'generate-qa-report';
export const runQaValidation = (call: QaValidationCall) =>
  apiRequest(`/qa-validation/${call}`, { method: 'POST', body: {}, schema: ok<{ test_id: string; result: QaTestResult }>() });
export const cleanupQaTestData = () =>
  apiRequest('/qa-validation/cleanup-test-data', { method: 'DELETE', body: { remove_results: true }, schema: ok<Message & { removedResults: number }>(), instanceId: null });
