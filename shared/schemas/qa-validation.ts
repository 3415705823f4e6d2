import * as z from 'zod';
import { emailSchema } from './common';

// QA validation (spec 2 §7.5, /api/qa-validation/...; issue 15 item 3): scripted flows and checks
// whose results are stored per organization and fetched by id.

export const QA_TEST_KINDS = ['user_flow', 'admin_flow', 'user_workflow', 'data_integrity', 'ai_suggestions', 'qa_report'] as const;
export type QaTestKind = (typeof QA_TEST_KINDS)[number];

/** What each call runs, for GET status and the report. */
export const QA_VALIDATION_TESTS: ReadonlyArray<{ kind: QaTestKind; call: string; name: string; description: string }> = [
  { kind: 'user_flow', call: 'POST /api/qa-validation/run-user-flow-tests', name: 'User flow', description: 'In a temporary QA organization: a user lists failed rows, fixes, mutes, unmutes and bulk-resolves rows; counts stay equal to a recount; a stale write and another organization are refused.' },
  { kind: 'admin_flow', call: 'POST /api/qa-validation/run-admin-flow-tests', name: 'Admin flow', description: 'In a temporary QA organization: an admin creates an instance, assigns and unassigns a user, changes a role; the user gains and loses access accordingly; another organization is refused.' },
  { kind: 'user_workflow', call: 'POST /api/qa-validation/validate-user-workflow', name: 'User workflow', description: 'For one member of your organization: bound to a sign-in identity, a role with permissions, active assigned instances, and datasets whose failed rows can be listed.' },
  { kind: 'data_integrity', call: 'POST /api/qa-validation/test-data-integrity', name: 'Data integrity', description: 'For every dataset of the instance: the counters equal a recount of its rows, and every stored suggestion has its credit in the ledger.' },
  { kind: 'ai_suggestions', call: 'POST /api/qa-validation/validate-ai-suggestions', name: 'AI suggestions', description: 'Asks the AI provider again for a sample of rows with a stored suggestion and compares the answers.' },
  { kind: 'qa_report', call: 'POST /api/qa-validation/generate-qa-report', name: 'QA report', description: 'The latest result of every test, with what to do about each failure.' },
];

export const QA_STEP_STATUSES = ['passed', 'failed', 'warned'] as const;
export type QaStepStatus = (typeof QA_STEP_STATUSES)[number];

export interface QaStep {
  name: string;
  status: QaStepStatus;
  ms: number;
  details: Record<string, unknown>;
  error?: string;
}

export interface QaTestResult {
  id: string;
  kind: QaTestKind;
  name: string;
  status: QaStepStatus;
  started_at: string;
  finished_at: string;
  duration_ms: number;
  summary: { total: number; passed: number; failed: number; warned: number };
  steps: QaStep[];
  /** Only with include_logs=true. */
  logs?: string[];
  created_by: string;
  organization_id: string;
}

/** Stored results are kept this long. */
export const QA_RESULT_DAYS = 30;
/** Most rows the AI validation asks about in one call; default 5 (spec 2 §7.5). */
export const AI_VALIDATION_MAX_SAMPLE = 50;
export const AI_VALIDATION_DEFAULT_SAMPLE = 5;

const boundedId = (what: string) => z.string({ error: `must be ${what}` }).trim().min(1, 'must not be empty').max(128, 'must be at most 128 characters').regex(/^[A-Za-z0-9_.:-]+$/, `must be ${what}`);

export const userWorkflowBodySchema = z.object({ email: emailSchema });
export const aiValidationBodySchema = z.object({
  dataset_id: boundedId('a dataset id').optional(),
  sample_size: z.number({ error: 'must be a number' }).int('must be a whole number').min(1, 'must be at least 1').max(AI_VALIDATION_MAX_SAMPLE, `must be at most ${AI_VALIDATION_MAX_SAMPLE}`).default(AI_VALIDATION_DEFAULT_SAMPLE),
});
export const cleanupBodySchema = z.object({
  remove_results: z.boolean({ error: 'must be true or false' }).default(true),
});
export const testResultParamsSchema = z.object({ id: boundedId('a test result id') });
export const testResultQuerySchema = z.object({
  include_logs: z.enum(['true', 'false'], { error: 'must be true or false' }).optional().transform((v) => v === 'true'),
});
