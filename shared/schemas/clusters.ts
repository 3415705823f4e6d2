import * as z from 'zod';
import { ISSUE_STATUSES } from '../constants';
import { cellValueSchema, issueIdSchema } from './issues';

// Issue clusters (spec 2 §1, §7.3; issue 13): groups of failed rows whose values are probably the
// same thing, and the mass fix of one group. The API validates with these; the web types its calls.

export const CLUSTER_STRATEGIES = [
  'fingerprint',
  'ngram_fingerprint',
  'double_metaphone',
  'cologne',
  'levenshtein',
  'ppm',
  'same_check_value',
  'shape',
] as const;
export type ClusterStrategy = (typeof CLUSTER_STRATEGIES)[number];

export interface StrategyInfo {
  name: ClusterStrategy;
  label: string;
  kind: 'key collision' | 'nearest neighbour' | 'failed row';
  description: string;
}

/** The eight strategies as the screen and the docs name them. */
export const STRATEGY_INFO: readonly StrategyInfo[] = [
  { name: 'fingerprint', label: 'Fingerprint', kind: 'key collision', description: 'Same words after trimming, lower-casing, removing punctuation and accents, and sorting the words ("Acme, Inc." = "inc acme").' },
  { name: 'ngram_fingerprint', label: 'N-gram fingerprint', kind: 'key collision', description: 'Same set of 2-letter pieces once spaces and punctuation are removed; catches run-together and split words ("Mc Donald" = "McDonald").' },
  { name: 'double_metaphone', label: 'Double Metaphone', kind: 'key collision', description: 'Same English pronunciation code (Double Metaphone) for every word ("Smith" = "Smyth").' },
  { name: 'cologne', label: 'Cologne phonetic', kind: 'key collision', description: 'Same Kölner Phonetik code: pronunciation for German-like data ("Meier" = "Mayer").' },
  { name: 'levenshtein', label: 'Levenshtein distance', kind: 'nearest neighbour', description: 'Values within `radius` single-character edits of each other (case-insensitive), compared within blocks so it is not all pairs.' },
  { name: 'ppm', label: 'PPM compression distance', kind: 'nearest neighbour', description: 'Values that compress well together (normalized compression distance with a PPM model) within `radius` (0–1), compared within 5-character blocks.' },
  { name: 'same_check_value', label: 'Same check and value', kind: 'failed row', description: 'Rows that failed the same check with exactly the same value: one decision fixes them all.' },
  { name: 'shape', label: 'Same column shape', kind: 'failed row', description: 'Rows of a column whose values share a pattern (letters A/a, digits 9, punctuation kept: "AB-1234" is "A-9999").' },
];

/** Default radius per nearest-neighbour strategy. */
export const DEFAULT_RADIUS: Readonly<Record<'levenshtein' | 'ppm', number>> = { levenshtein: 1, ppm: 0.4 };
export const MAX_LEVENSHTEIN_RADIUS = 3;

const blank = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);
const intParam = (min: number, max: number, fallback: number) =>
  z.preprocess(blank, z.coerce.number({ error: 'must be a whole number' }).int('must be a whole number').min(min, `must be at least ${min}`).max(max, `must be at most ${max}`).default(fallback));

export const CLUSTER_ID_PATTERN = /^([a-z_]{1,20})-(\d{1,2}(?:\.\d{1,3})?)-([0-9a-f]{16})$/;
export const clusterIdSchema = z.string({ error: 'is required' }).max(60, 'must be at most 60 characters').regex(CLUSTER_ID_PATTERN, 'must be a cluster id');

export const clusterParamsSchema = z.object({
  dataset: z.string().max(100, 'must be at most 100 characters').regex(/^[A-Za-z0-9_.-]{1,100}$/, 'must be a dataset id (letters, digits, _ . -)'),
  clusterId: clusterIdSchema,
});

export const CLUSTER_LIST_MAX = 100;
export const CLUSTER_IDS_MAX = 1000;

export const clustersQuerySchema = z
  .object({
    strategy: z.preprocess(blank, z.enum(CLUSTER_STRATEGIES, { error: `must be one of ${CLUSTER_STRATEGIES.join(', ')}` }).default('fingerprint')),
    column: z.preprocess(blank, z.string().max(200, 'must be at most 200 characters').optional()),
    status: z.preprocess(blank, z.enum(['open', 'muted'] as const satisfies ReadonlyArray<(typeof ISSUE_STATUSES)[number]>, { error: 'must be open or muted' }).default('open')),
    min_size: intParam(2, 1_000_000, 2),
    limit: intParam(1, CLUSTER_LIST_MAX, 20),
    offset: intParam(0, 1_000_000, 0),
    /** Levenshtein: whole edits 1–3 (default 1); PPM: distance 0.05–0.9 (default 0.4). */
    radius: z.preprocess(blank, z.coerce.number({ error: 'must be a number' }).min(0.05, 'must be at least 0.05').max(MAX_LEVENSHTEIN_RADIUS, `must be at most ${MAX_LEVENSHTEIN_RADIUS}`).optional()),
    /** Page of each cluster's issue ids. */
    ids_limit: intParam(1, CLUSTER_IDS_MAX, 100),
    ids_offset: intParam(0, 10_000_000, 0),
    /** Only this cluster (paging its issue ids). */
    cluster_id: z.preprocess(blank, clusterIdSchema.optional()),
  })
  .superRefine((q, ctx) => {
    if (q.radius === undefined) return;
    if (q.strategy === 'levenshtein' && !Number.isInteger(q.radius)) ctx.addIssue({ code: 'custom', path: ['radius'], message: 'must be a whole number of edits (1–3) for levenshtein' });
    if (q.strategy === 'ppm' && q.radius > 0.9) ctx.addIssue({ code: 'custom', path: ['radius'], message: 'must be at most 0.9 for ppm' });
  });
export type ClustersQuery = z.output<typeof clustersQuerySchema>;

export const MAX_CLUSTER_VALUES = 50;
export const clusterValueSchema = z.object({ value: z.string().nullable(), count: z.number() });
export const clusterSchema = z.object({
  id: z.string(),
  strategy: z.enum(CLUSTER_STRATEGIES),
  column: z.string(),
  /** same_check_value only. */
  check_name: z.string().optional(),
  key: z.string(),
  size: z.number(),
  /** Distinct values of the members (values lists at most MAX_CLUSTER_VALUES of them, most frequent first). */
  distinct: z.number(),
  values: z.array(clusterValueSchema),
  proposed_value: z.string().nullable(),
  proposal_reason: z.string(),
  /** Members with an AI suggestion (accept_suggestion resolves only those). */
  with_suggestion: z.number(),
  issue_ids: z.array(z.string()),
  issue_ids_total: z.number(),
  ids_offset: z.number(),
});
export type IssueCluster = z.infer<typeof clusterSchema>;

export const clustersResponseSchema = z.object({
  success: z.literal(true),
  strategy: z.enum(CLUSTER_STRATEGIES),
  radius: z.number().optional(),
  /** Clusters found (before paging). */
  total: z.number(),
  /** Rows looked at (status, column). */
  rows: z.number(),
  clusters: z.array(clusterSchema),
});
export type ClustersResponse = z.infer<typeof clustersResponseSchema>;

export const CLUSTER_RESOLVE_MAX = 10_000;
const SELECT_ONE = 'Please select at least one row';

export const resolveClusterRequestSchema = z
  .strictObject({
    /** The value every member gets (a manual edit of each row: it teaches the builtin AI like manual fixes). */
    value: cellValueSchema.optional(),
    /** Instead of a value: each member accepts its own AI suggestion. */
    accept_suggestion: z.boolean({ error: 'must be true or false' }).optional(),
    issue_ids: z.array(issueIdSchema, { error: SELECT_ONE }).min(1, SELECT_ONE).max(CLUSTER_RESOLVE_MAX, `must list at most ${CLUSTER_RESOLVE_MAX} rows per call`),
  })
  .superRefine((b, ctx) => {
    const byValue = b.value !== undefined;
    const bySuggestion = b.accept_suggestion === true;
    if (byValue === bySuggestion) ctx.addIssue({ code: 'custom', path: ['value'], message: 'send either value or accept_suggestion: true' });
  });
export type ResolveClusterRequest = z.input<typeof resolveClusterRequestSchema>;

export const resolveClusterResponseSchema = z.object({
  success: z.boolean(),
  cluster_id: z.string(),
  resolved: z.number(),
  failed: z.number(),
  total: z.number(),
  errors: z.array(z.object({ id: z.string(), error: z.string() })),
});
export type ResolveClusterResponse = z.infer<typeof resolveClusterResponseSchema>;
