import * as z from 'zod';
import { datasetIdSchema, dateSchema, issueIdSchema } from './issues';

// Requests and responses of the AI calls (spec 1 §7 AI, spec 2 §2.3 AI tab, §2.6, §9). The API
// validates with these; the web types its calls with them.

export const BATCH_MAX_ISSUES = 200;
export const SUGGESTIONS_MAX_IDS = 100;

// ---- requests ------------------------------------------------------------------------------

/** An issue named by id, or as the issue row the screen holds ({ issue_id, ... }). */
const issueRefSchema = z.union([issueIdSchema, z.looseObject({ issue_id: issueIdSchema })]).transform((v) => (typeof v === 'string' ? v : v.issue_id));

const contextSchema = z.looseObject({ datasetId: datasetIdSchema });

/** POST /api/ai/recommendations/batch {issues, context}: queue the rows. */
export const batchRequestSchema = z.object({
  issues: z.array(issueRefSchema, { error: 'must be a list of issues' }).min(1, 'must name at least one issue').max(BATCH_MAX_ISSUES, `must name at most ${BATCH_MAX_ISSUES} issues`),
  context: contextSchema,
});
export type BatchRequest = z.infer<typeof batchRequestSchema>;

/** POST /api/ai/recommendations/generate {issue, context}: one row, answered at once. */
export const generateRequestSchema = z.object({ issue: issueRefSchema, context: contextSchema });
export type GenerateRequest = z.infer<typeof generateRequestSchema>;

export const FEEDBACK_KINDS = ['up', 'down', 'dismissed', 'accepted'] as const;
export type FeedbackKind = (typeof FEEDBACK_KINDS)[number];

/** POST /api/ai/feedback {issueId, recommendationId, feedback, rating, comments} (+ datasetId). */
export const feedbackRequestSchema = z.object({
  datasetId: datasetIdSchema,
  issueId: issueIdSchema,
  recommendationId: z.string().max(100).optional(),
  feedback: z.enum(FEEDBACK_KINDS, { error: `must be one of ${FEEDBACK_KINDS.join(', ')}` }),
  rating: z.number().int().min(1, 'must be 1 to 5').max(5, 'must be 1 to 5').optional(),
  comments: z.string().trim().max(1000, 'must be at most 1000 characters').optional(),
});
export type FeedbackRequest = z.infer<typeof feedbackRequestSchema>;

export const USAGE_GROUPS = ['day', 'week', 'month', 'user', 'dataset'] as const;
export type UsageGroup = (typeof USAGE_GROUPS)[number];

/** GET /api/ai/usage/{id}?startDate&endDate&groupBy; {id} is the organization (or "me"). */
export const usageQuerySchema = z
  .object({
    startDate: dateSchema.optional(),
    endDate: dateSchema.optional(),
    groupBy: z.enum(USAGE_GROUPS, { error: `must be one of ${USAGE_GROUPS.join(', ')}` }).default('day'),
  })
  .refine((q) => !q.startDate || !q.endDate || q.startDate <= q.endDate, { path: ['endDate'], message: 'must not be before startDate' });
export type UsageQuery = z.infer<typeof usageQuerySchema>;

/** GET /api/{dataset}/suggestions?ids=a,b,c: the cheap poll of the rows a screen shows. */
export const suggestionsQuerySchema = z.object({
  ids: z
    .string({ error: 'is required' })
    .transform((s) => [...new Set(s.split(',').map((id) => id.trim()).filter(Boolean))])
    .pipe(z.array(issueIdSchema).min(1, 'must name at least one issue').max(SUGGESTIONS_MAX_IDS, `must name at most ${SUGGESTIONS_MAX_IDS} issues`)),
});

// ---- responses -----------------------------------------------------------------------------

export const SUGGESTION_STATES = ['none', 'queued', 'ready', 'abstained', 'failed', 'dismissed'] as const;
export type SuggestionState = (typeof SUGGESTION_STATES)[number];

export const suggestionViewSchema = z.object({
  issueId: z.string(),
  state: z.enum(SUGGESTION_STATES),
  field: z.string(),
  currentValue: z.string().nullable(),
  suggestedValue: z.string().nullable(),
  confidence: z.number().nullable(),
  reasoning: z.string().nullable(),
  recommendationId: z.string().nullable(),
  provider: z.string().nullable(),
});
export type SuggestionView = z.infer<typeof suggestionViewSchema>;

export const processingStatusSchema = z.object({
  /** Spec: Active or Idle. Idle also when paused. */
  status: z.enum(['active', 'idle']),
  isProcessingActive: z.boolean(),
  paused: z.boolean(),
  /** Rows of this user queued or being processed. */
  queued: z.number(),
  /** Since the last Reset Counters. */
  rowsProcessed: z.number(),
  creditsUsed: z.number(),
  dollarsUsed: z.string(),
  dollarsPerCredit: z.number(),
  activeJobs: z.number(),
  countersResetAt: z.string().nullable(),
  plan: z.object({ name: z.string(), aiSuggestions: z.boolean(), includedRowsPerMonth: z.number().nullable(), rowsThisMonth: z.number(), overageRows: z.number() }),
});
export type ProcessingStatus = z.infer<typeof processingStatusSchema>;

export const batchResponseSchema = z.object({
  success: z.literal(true),
  jobId: z.string(),
  queued: z.number(),
  skipped: z.number(),
  total: z.number(),
  paused: z.boolean(),
});
export type BatchResponse = z.infer<typeof batchResponseSchema>;

export const usageRowSchema = z.object({ key: z.string(), credits: z.number(), rows: z.number(), dollars: z.string() });
export type UsageRow = z.infer<typeof usageRowSchema>;
