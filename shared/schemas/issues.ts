import * as z from 'zod';
import {
  BULK_MAX_ROWS,
  DEFAULT_ISSUE_STATUS,
  DEFAULT_MUTE_DURATION,
  DISPLAY_STATUSES,
  FAILED_ROWS_MAX_LIMIT,
  ISSUE_DIMENSIONS,
  ISSUE_STATUSES,
  ISSUE_TYPES,
  MUTE_DURATIONS,
  PAGE_SIZE,
  USE_CASE_ID_PATTERN,
} from '../constants';
import { parseIssueType } from '../issue-type';

// Requests and responses of the Issues calls (spec 1 §7 Issues). The API validates with these; the
// web types its calls with them.

// ---- building blocks ---------------------------------------------------------------------

/** Dates and times outside these years are refused (400), so no key range can overflow. */
export const MIN_YEAR = 1970;
export const MAX_YEAR = 2100;

/** Query strings carry "" for a cleared filter; "all" is how a select says "no filter". */
const blankToUndefined = (v: unknown) => (typeof v === 'string' && (v.trim() === '' || v.trim().toLowerCase() === 'all') ? undefined : v);

export const datasetIdSchema = z
  .string({ error: 'is required' })
  .max(100, 'must be at most 100 characters')
  .regex(/^[A-Za-z0-9_.-]{1,100}$/, 'must be a dataset id (letters, digits, _ . -)');
export const issueIdSchema = z.string({ error: 'is required' }).max(64, 'must be at most 64 characters').regex(/^[A-Za-z0-9_-]{1,64}$/, 'must be an issue id');

export const dateSchema = z
  .string({ error: 'is required' })
  .max(10, { message: 'must be a date as YYYY-MM-DD', abort: true })
  .regex(/^\d{4}-\d{2}-\d{2}$/, { message: 'must be a date as YYYY-MM-DD', abort: true })
  .refine((d) => !Number.isNaN(Date.parse(`${d}T00:00:00Z`)) && new Date(`${d}T00:00:00Z`).toISOString().startsWith(d), { message: 'must be a real date', abort: true })
  .refine((d) => d >= `${MIN_YEAR}-01-01` && d <= `${MAX_YEAR}-12-31`, `must be between ${MIN_YEAR}-01-01 and ${MAX_YEAR}-12-31`);

/** A scan time in any ISO form, within the same years as dates; answered and stored as toISOString() so it matches exactly. */
export const scanTimeSchema = z
  .string({ error: 'is required' })
  .max(40, { message: 'must be an ISO date-time', abort: true })
  .pipe(z.iso.datetime({ offset: true, message: 'must be an ISO date-time' }))
  .transform((t) => new Date(t).toISOString())
  .refine((t) => t >= `${MIN_YEAR}-01-01` && t < `${MAX_YEAR + 1}-01-01`, `must be between ${MIN_YEAR} and ${MAX_YEAR}`);


const issueTypeParam = z
  .string()
  .max(100, 'must be at most 100 characters')
  .transform((value, ctx) => {
    const type = parseIssueType(value);
    if (!type) {
      ctx.addIssue({ code: 'custom', message: `must be one of ${ISSUE_TYPES.join(', ')}` });
      return z.NEVER;
    }
    return type;
  });

const intParam = (name: string, min: number, max: number, fallback: number) =>
  z.preprocess(
    blankToUndefined,
    z.coerce
      .number({ error: `${name} must be a whole number` })
      .int('must be a whole number')
      .min(min, `must be at least ${min}`)
      .max(max, `must be at most ${max}`)
      .default(fallback),
  );

// ---- paths -------------------------------------------------------------------------------

export const datasetParamsSchema = z.object({ dataset: datasetIdSchema });
export const issueParamsSchema = z.object({ dataset: datasetIdSchema, id: issueIdSchema });

// ---- GET /api/{dataset}/available-dates, /scan-times -------------------------------------

export const availableDatesResponseSchema = z.object({ success: z.literal(true), dates: z.array(z.string()) });
export type AvailableDatesResponse = z.infer<typeof availableDatesResponseSchema>;

export const scanTimesQuerySchema = z.object({ date: dateSchema });
export const scanTimesResponseSchema = z.object({ success: z.literal(true), scanTimes: z.array(z.string()) });
export type ScanTimesResponse = z.infer<typeof scanTimesResponseSchema>;

// ---- GET /api/{dataset}/failed_rows ------------------------------------------------------

/**
 * Orders the list can be sorted by. The first three (and status, constant within a status tab)
 * are served by the index at any offset; the others are sorted in memory, for views of at most
 * IN_MEMORY_SORT_LIMIT rows.
 */
// The sort fields live in a zod-free module: the Issues screen's first download reads them without zod.
export { INDEXED_SORT_FIELDS, IN_MEMORY_SORT_FIELDS, SORT_FIELDS } from '../issue-sort';
import { SORT_FIELDS } from '../issue-sort';
export type SortField = (typeof SORT_FIELDS)[number];
export type SortDirection = 'asc' | 'desc';
export const IN_MEMORY_SORT_LIMIT = 5000;
export const DEFAULT_SORT = 'scan_time:desc';

export const sortSchema = z
  .string()
  .max(100, 'must be at most 100 characters')
  .trim()
  .toLowerCase()
  .transform((value, ctx) => {
    const [field, direction, ...rest] = value.split(':');
    if (rest.length > 0 || !(SORT_FIELDS as readonly string[]).includes(field ?? '') || (direction !== undefined && direction !== 'asc' && direction !== 'desc')) {
      ctx.addIssue({ code: 'custom', message: `must be <field> or <field>:asc|desc with field one of ${SORT_FIELDS.join(', ')}` });
      return z.NEVER;
    }
    const f = field as SortField;
    // Newest first is the natural order of scan times; everything else reads A to Z.
    return { field: f, direction: (direction ?? (f === 'scan_time' ? 'desc' : 'asc')) as SortDirection };
  });

export const failedRowsQuerySchema = z
  .object({
    owner: z.preprocess(blankToUndefined, z.string().trim().toLowerCase().max(320).optional()),
    status: z.preprocess(blankToUndefined, z.enum(ISSUE_STATUSES, { error: `must be one of ${ISSUE_STATUSES.join(', ')}` }).default(DEFAULT_ISSUE_STATUS)),
    date: z.preprocess(blankToUndefined, dateSchema.optional()),
    scan_time: z.preprocess(blankToUndefined, scanTimeSchema.optional()),
    /** The screen's URL name for scan_time (spec 1 §7 lists both). */
    scanTime: z.preprocess(blankToUndefined, scanTimeSchema.optional()),
    issueType: z.preprocess(blankToUndefined, issueTypeParam.optional()),
    limit: intParam('limit', 1, FAILED_ROWS_MAX_LIMIT, PAGE_SIZE),
    offset: intParam('offset', 0, 10_000_000, 0),
    sort: z.preprocess(blankToUndefined, sortSchema.default({ field: 'scan_time', direction: 'desc' })),
    /** Only rows assigned to this member ("me": the caller) (issue 13 §4). */
    assignee: z.preprocess(blankToUndefined, z.string().trim().toLowerCase().max(320, 'must be at most 320 characters').optional()),
    /** Only rows that affect this enabled use case (issue 13 §6: the Impact filter). */
    impact: z.preprocess(blankToUndefined, z.string().regex(USE_CASE_ID_PATTERN, 'must be a use case id').optional()),
  })
  .transform(({ scan_time, scanTime, ...rest }) => ({ ...rest, scanTime: scan_time ?? scanTime }));
export type FailedRowsQuery = z.output<typeof failedRowsQuerySchema>;
/** What the web puts in the query string. */
export type FailedRowsParams = Partial<Record<'owner' | 'status' | 'date' | 'scanTime' | 'issueType' | 'sort' | 'assignee' | 'impact', string>> & { limit?: number; offset?: number };

export const taxonomySchema = z.object({
  dimension: z.object({ key: z.enum(ISSUE_DIMENSIONS), description: z.string() }),
  subcategory: z.object({
    name: z.string(),
    description: z.string(),
    priority: z.enum(['critical', 'high', 'medium', 'low']),
    automationPotential: z.number(),
  }),
});

/** How a row got resolved: edited, suggestion accepted, fixed as is, or found passing by a later scan (fixed at the source). */
export const RESOLUTION_METHODS = ['manual_edit', 'accept_suggestion', 'manual_fix', 'resolved_by_scan'] as const;
export type ResolutionMethod = (typeof RESOLUTION_METHODS)[number];

export const aiSuggestionSchema = z.object({
  suggestedValue: z.string(),
  confidence: z.number(),
  reasoning: z.string(),
});

/**
 * One failed row as the list, resolve and bulk calls answer it. Besides the fields below, a row
 * carries its value under the dataset's record-key column (e.g. `opportunity_id`), named by
 * `record_key`.
 */
export const issueRowSchema = z.looseObject({
  issue_id: z.string(),
  dataset_id: z.string(),
  record_key: z.string(),
  record_id: z.string(),
  name: z.string(),
  issue_column: z.string(),
  current_value: z.string().nullable(),
  /** The value the check failed on, kept when a fix changed it. */
  original_value: z.string().nullable(),
  status: z.enum(ISSUE_STATUSES),
  /** status, or expired for a muted row whose mute_until has passed. */
  display_status: z.enum(DISPLAY_STATUSES),
  is_expired: z.boolean(),
  check_name: z.string(),
  owner: z.string(),
  resolved_at: z.string().nullable(),
  resolved_by: z.string().nullable(),
  resolution_method: z.enum(RESOLUTION_METHODS).nullable(),
  muted_at: z.string().nullable(),
  mute_until: z.string().nullable(),
  muted_by: z.string().nullable(),
  scan_time: z.string(),
  taxonomy: taxonomySchema.nullable(),
  dimension: z.enum(ISSUE_DIMENSIONS),
  issue_type: z.enum(ISSUE_TYPES),
  issue_type_label: z.string(),
  ai_suggestion: aiSuggestionSchema.nullable(),
  /** Who works on the row, when someone was assigned (issue 13 §4). */
  assigned_to: z.string().optional(),
  version: z.number().int(),
});
export type IssueRow = z.infer<typeof issueRowSchema>;

export const statusCountsSchema = z.object({ open: z.number(), resolved: z.number(), muted: z.number() });
export type StatusCounts = z.infer<typeof statusCountsSchema>;

export const failedRowsResponseSchema = z.object({
  success: z.literal(true),
  data: z.array(issueRowSchema),
  /** total is exact for any limit (limit=1 included). */
  pagination: z.object({ total: z.number(), limit: z.number(), offset: z.number() }),
  /** Per status under the other filters (owner, issue type, date, scan time). */
  counts: statusCountsSchema,
  /** Per issue type under the other filters (status, owner, date, scan time). */
  issueTypeCounts: z.record(z.enum(ISSUE_TYPES), z.number()),
  /** Every owner with rows in the dataset, for the owner filter. */
  owners: z.array(z.string()),
  sort: z.string(),
});
export type FailedRowsResponse = z.infer<typeof failedRowsResponseSchema>;

// ---- POST /api/{dataset}/resolve/{id} and /bulk-resolve ----------------------------------

const EMPTY_VALUE = 'Value cannot be empty';

/** A new cell value: text (or a number, written as text), trimmed, never empty (spec 1 §5). */
export const cellValueSchema = z.preprocess(
  (v) => (v === null || v === undefined ? '' : typeof v === 'number' || typeof v === 'boolean' ? String(v) : v),
  z.string({ error: 'must be text' }).trim().min(1, EMPTY_VALUE).max(10_000, 'must be at most 10000 characters'),
);

/**
 * An accepted AI suggestion's value: like a cell value, but it may be empty — a suggestion such as
 * "n/a → empty" marks a missing value the way the dataset writes it. Whether the row's column
 * allows empty is the domain's rule (planChange); a manual edit stays never empty.
 */
export const suggestionValueSchema = z.preprocess(
  (v) => (v === null || v === undefined ? '' : typeof v === 'number' || typeof v === 'boolean' ? String(v) : v),
  z.string({ error: 'must be text' }).trim().max(10_000, 'must be at most 10000 characters'),
);

const acceptSuggestionSchema = z.strictObject({
  method: z.literal('accept_suggestion'),
  suggestion: suggestionValueSchema,
  /** Percent, as the AI suggestion reports it (spec 1 §3). */
  confidence: z.number({ error: 'must be a number' }).min(0, 'must be between 0 and 100').max(100, 'must be between 0 and 100').optional(),
  reasoning: z.string().trim().max(4000).optional(),
});
const manualFixSchema = z.strictObject({ method: z.literal('manual_fix') });
const manualUnmuteSchema = z.strictObject({ method: z.literal('manual_unmute') });
const manualMuteSchema = z.strictObject({
  method: z.literal('manual_mute'),
  muteDuration: z.enum(MUTE_DURATIONS, { error: `must be one of ${MUTE_DURATIONS.join(', ')}` }).default(DEFAULT_MUTE_DURATION),
});

const methodResolutionSchema = z.discriminatedUnion(
  'method',
  [acceptSuggestionSchema, manualFixSchema, manualUnmuteSchema, manualMuteSchema],
  { error: 'must be accept_suggestion, manual_fix, manual_unmute or manual_mute' },
);

/** The value-map form: exactly one column and its new value. */
const valueMapSchema = z
  .record(z.string().trim().min(1, 'must name a column').max(200), cellValueSchema)
  .refine((map) => Object.keys(map).length === 1, 'must name exactly one column and its new value');

/** What a resolution asks for, once parsed; the value-map form becomes manual_edit. */
export type ResolutionAction =
  | { method: 'manual_edit'; column: string; value: string }
  | z.output<typeof acceptSuggestionSchema>
  | z.output<typeof manualFixSchema>
  | z.output<typeof manualUnmuteSchema>
  | z.output<typeof manualMuteSchema>;

/** The resolution forms of spec 1 §7, as a client sends them. */
export type Resolution =
  | Record<string, string | number>
  | z.input<typeof acceptSuggestionSchema>
  | z.input<typeof manualFixSchema>
  | z.input<typeof manualUnmuteSchema>
  | z.input<typeof manualMuteSchema>;

const isMethodForm = (v: unknown): boolean => typeof v === 'object' && v !== null && !Array.isArray(v) && 'method' in v;

/**
 * One resolution in any of its forms. Objects with a `method` are read as the method forms, any
 * other object as a value map; this keeps each form's errors precise (a union would only say
 * "Invalid input", and would read {method:'typo'} as a value map).
 */
export const resolutionSchema = z.unknown().transform((value, ctx): ResolutionAction => {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    ctx.addIssue({ code: 'custom', message: 'is required: a column → value map or a {method} object' });
    return z.NEVER;
  }
  const parsed = isMethodForm(value) ? methodResolutionSchema.safeParse(value) : valueMapSchema.safeParse(value);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path });
    return z.NEVER;
  }
  const data = parsed.data;
  if ('method' in data) return data as ResolutionAction;
  const [column, newValue] = Object.entries(data as Record<string, string>)[0]!;
  return { method: 'manual_edit', column, value: newValue };
});

export const resolveRequestSchema = z.strictObject({
  resolution: resolutionSchema,
  /** Accepted for compatibility and ignored: the signed-in caller is who resolved. */
  resolvedBy: z.string().max(320).optional(),
  /** When sent, must name the issue of the path. */
  issueId: issueIdSchema.optional(),
  /** The version the client last saw; a stale one answers 409. */
  version: z.number({ error: 'must be a whole number' }).int('must be a whole number').positive().optional(),
});
export interface ResolveRequest {
  resolution: Resolution;
  resolvedBy?: string;
  issueId?: string;
  version?: number;
}
export const resolveResponseSchema = z.object({ success: z.literal(true), data: issueRowSchema });
export type ResolveResponse = z.infer<typeof resolveResponseSchema>;

const SELECT_ONE = 'Please select at least one row';

/** Bulk accept_suggestion takes each row's stored AI suggestion. */
export const bulkResolutionSchema = z.discriminatedUnion(
  'method',
  [manualMuteSchema, manualUnmuteSchema, manualFixSchema, z.strictObject({ method: z.literal('accept_suggestion') })],
  { error: 'must be manual_mute, manual_unmute, manual_fix or accept_suggestion' },
);
export type BulkResolution = z.output<typeof bulkResolutionSchema>;

export const bulkResolveRequestSchema = z.strictObject({
  recordIds: z
    .array(issueIdSchema, { error: SELECT_ONE })
    .min(1, SELECT_ONE)
    .max(BULK_MAX_ROWS, `must list at most ${BULK_MAX_ROWS} rows per call`),
  resolution: bulkResolutionSchema,
  /** Accepted for compatibility and ignored: the signed-in caller is who acted. */
  resolvedBy: z.string().max(320).optional(),
  /** The client's id for this action: its `bulk-progress` events carry it (real-time, issue 13). */
  operationId: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'must be 1 to 64 letters, digits, - or _').optional(),
});
export type BulkResolveRequest = z.input<typeof bulkResolveRequestSchema>;

export const bulkResolveResponseSchema = z.object({
  success: z.boolean(),
  /** Rows changed (named "resolved" by the spec for every bulk action). */
  resolved: z.number(),
  failed: z.number(),
  total: z.number(),
  errors: z.array(z.object({ id: z.string(), error: z.string() })),
});
export type BulkResolveResponse = z.infer<typeof bulkResolveResponseSchema>;

// ---- GET /api/{dataset}/issues/{id}/history ----------------------------------------------

export const HISTORY_ACTIONS = ['edited', 'suggestion_accepted', 'resolved', 'muted', 'unmuted', 'assigned'] as const;
export type HistoryAction = (typeof HISTORY_ACTIONS)[number];

export const historyEventSchema = z.object({
  event_id: z.string(),
  issue_id: z.string(),
  action: z.enum(HISTORY_ACTIONS),
  at: z.string(),
  by: z.string(),
  old_value: z.string().nullable(),
  new_value: z.string().nullable(),
  old_status: z.enum(ISSUE_STATUSES),
  new_status: z.enum(ISSUE_STATUSES),
  /** The issue's version after the change. */
  version: z.number(),
  details: z.object({
    method: z.enum([...RESOLUTION_METHODS, 'manual_mute', 'manual_unmute', 'assign']),
    column: z.string(),
    mute_duration: z.enum(MUTE_DURATIONS).optional(),
    mute_until: z.string().nullable().optional(),
    confidence: z.number().optional(),
    reasoning: z.string().optional(),
    bulk: z.boolean().optional(),
    /** assigned: who the row was given to, and why. */
    assigned_to: z.string().optional(),
    previously_assigned_to: z.string().optional(),
    assignment_reason: z.string().optional(),
  }),
});
export type HistoryEvent = z.infer<typeof historyEventSchema>;

export const issueHistoryResponseSchema = z.object({ success: z.literal(true), events: z.array(historyEventSchema) });
export type IssueHistoryResponse = z.infer<typeof issueHistoryResponseSchema>;

// ---- GET /api/{dataset}/export -----------------------------------------------------------

export const EXPORT_FORMATS = ['csv', 'json'] as const;
export const exportQuerySchema = z.object({
  format: z.preprocess(blankToUndefined, z.enum(EXPORT_FORMATS, { error: 'must be csv or json' }).default('csv')),
});

/** One fix: besides these, the record's key value under the dataset's record-key column. */
export const fixSchema = z.looseObject({
  issue_id: z.string(),
  record_key: z.string(),
  record_id: z.string(),
  column: z.string(),
  old_value: z.string().nullable(),
  new_value: z.string().nullable(),
  method: z.enum(RESOLUTION_METHODS),
  resolved_by: z.string(),
  resolved_at: z.string(),
});
export type Fix = z.infer<typeof fixSchema>;
export const fixesExportResponseSchema = z.object({ success: z.literal(true), data: z.array(fixSchema) });
export type FixesExportResponse = z.infer<typeof fixesExportResponseSchema>;
