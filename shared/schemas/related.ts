import * as z from 'zod';
import { issueIdSchema, issueRowSchema } from './issues';

// GET /api/datasets/{id}/issues/{issueId}/related (spec 1 §7 AI, §9; issue 13 item 3): the rows of
// the same dataset most like one row, each with its similarity in [0, 1] and why.

/** Spec 1 §9: related issues default limit 5, similarity threshold 0.7. */
export const RELATED_DEFAULT_LIMIT = 5;
export const RELATED_DEFAULT_THRESHOLD = 0.7;
export const RELATED_MAX_LIMIT = 50;

export const RELATED_REASONS = ['same_record', 'same_column', 'same_check', 'same_value', 'similar_value'] as const;
export type RelatedReasonKind = (typeof RELATED_REASONS)[number];

const blank = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);

export const relatedParamsSchema = z.object({
  id: z.string({ error: 'is required' }).max(100, 'must be at most 100 characters').regex(/^[A-Za-z0-9_.-]{1,100}$/, 'must be a dataset id (letters, digits, _ . -)'),
  issueId: issueIdSchema,
});

export const relatedQuerySchema = z.object({
  limit: z.preprocess(
    blank,
    z.coerce
      .number({ error: 'must be a whole number' })
      .int('must be a whole number')
      .min(1, 'must be at least 1')
      .max(RELATED_MAX_LIMIT, `must be at most ${RELATED_MAX_LIMIT}`)
      .default(RELATED_DEFAULT_LIMIT),
  ),
  similarity_threshold: z.preprocess(
    blank,
    z.coerce.number({ error: 'must be a number' }).min(0, 'must be at least 0').max(1, 'must be at most 1').default(RELATED_DEFAULT_THRESHOLD),
  ),
});
export type RelatedQuery = z.output<typeof relatedQuerySchema>;

export const relatedReasonSchema = z.object({ kind: z.enum(RELATED_REASONS), text: z.string() });
export type RelatedReason = z.infer<typeof relatedReasonSchema>;

export const relatedIssueSchema = z.object({
  /** In [0, 1], three decimals. */
  similarity: z.number().min(0).max(1),
  reasons: z.array(relatedReasonSchema),
  issue: issueRowSchema,
});
export type RelatedIssue = z.infer<typeof relatedIssueSchema>;

export const relatedResponseSchema = z.object({
  success: z.literal(true),
  issue_id: z.string(),
  limit: z.number(),
  similarity_threshold: z.number(),
  /** Rows at or above the threshold (the list holds the first `limit` of them). */
  matched: z.number(),
  related: z.array(relatedIssueSchema),
});
export type RelatedResponse = z.infer<typeof relatedResponseSchema>;
