import * as z from 'zod';

// QA tools (spec 2 §3 QA status, Diagnostics result, Preflight result; §7.5).

export const PREFLIGHT_STATUSES = ['passed', 'failed', 'warned'] as const;
export type PreflightStatus = (typeof PREFLIGHT_STATUSES)[number];

export interface PreflightTest {
  test: string;
  status: PreflightStatus;
  details: Record<string, unknown>;
  warnings: string[];
  error?: string;
  /** What to do about a failed or warned test. */
  recommendation?: string;
}

export interface PreflightResult {
  success: true;
  timestamp: string;
  overall_status: 'passed' | 'failed';
  summary: { total: number; passed: number; failed: number; warnings: number };
  preflight_tests: Record<string, PreflightTest>;
}

export interface DiagnosticsResult {
  success: true;
  timestamp: string;
  overall_status: 'passed' | 'failed';
  summary: { passed: number; total_tests: number; failed: number };
  tests: Record<string, PreflightTest>;
}

/** The word POST /qa/superadmin/reset-all-data must carry in `confirm`. */
export const RESET_ALL_CONFIRMATION = 'RESET_ALL_DATA';
export const CONFIRMATION_REQUIRED = 'Confirmation required for this dangerous operation';

export const resetAllBodySchema = z.object({ confirm: z.string({ error: 'must be the confirmation word' }).max(64, 'must be at most 64 characters').optional() });

const id = (what: string) => z.string({ error: `must be ${what}` }).trim().min(1, 'must not be empty').max(128, 'must be at most 128 characters');
export const qaOrgParamsSchema = z.object({ orgId: id('an organization id') });
export const qaInstanceParamsSchema = z.object({ orgId: id('an organization id'), instanceId: id('an instance id') });

export interface RoutePerformance {
  route: string;
  count: number;
  p50: number;
  p95: number;
  max: number;
}
