import * as z from 'zod';
import { checksConfigSchema } from './checks';
import { SOURCE_LIMITS } from './source-limits';

// Datasets as data enters them (issue 4): source files, their limits, uploads, scans, imports.

export { SOURCE_LIMITS };

/** The id of a new dataset: a lower-case slug, so it is safe in a path, a key and a file name. */
export const newDatasetIdSchema = z
  .string({ error: 'must be a dataset id' })
  .max(63, 'must be at most 63 characters')
  .trim()
  .regex(/^[a-z0-9][a-z0-9_-]{0,62}$/, 'must be 1–63 lower-case letters, digits, "_" or "-", starting with a letter or digit');

/** The spec's slug rule (spec 2 §5): lower case, non-alphanumerics to "_", collapsed, trimmed. */
export function datasetIdFromName(name: string): string {
  return name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/_+/g, '_')
    .replace(/^_|_$/g, '')
    .slice(0, 63);
}

// ---- uploads and dataset creation (Settings → Datasets) -----------------------------------

export const createUploadRequestSchema = z.object({
  fileName: z.string({ error: 'is required' }).trim().min(1, 'is required').max(200, 'must be at most 200 characters'),
  size: z
    .number({ error: 'must be the file size in bytes' })
    .int('must be a whole number')
    .min(1, 'the file is empty')
    .max(SOURCE_LIMITS.maxBytes, `the file is larger than ${SOURCE_LIMITS.maxBytes / (1024 * 1024)} MB`),
  contentType: z.string().trim().max(100).default('text/csv'),
});
export type CreateUploadRequest = z.input<typeof createUploadRequestSchema>;

export const uploadIdSchema = z.string({ error: 'is required' }).max(26, 'must be an upload id').regex(/^[0-9A-HJKMNP-TV-Z]{26}$/, 'must be an upload id');

export const createUploadResponseSchema = z.object({
  success: z.literal(true),
  uploadId: z.string(),
  upload: z.object({ url: z.string(), method: z.literal('PUT'), headers: z.record(z.string(), z.string()), expiresAt: z.string() }),
});
export type CreateUploadResponse = z.infer<typeof createUploadResponseSchema>;

export const createDatasetRequestSchema = z.object({
  name: z.string({ error: 'is required' }).trim().min(1, 'is required').max(100, 'must be at most 100 characters'),
  /** Derived from the name when absent. */
  id: newDatasetIdSchema.optional(),
  recordKey: z.string({ error: 'is required' }).trim().min(1, 'must name the record key column').max(128),
  uploadId: uploadIdSchema,
  fileName: z.string().trim().max(200).default('source.csv'),
});
export type CreateDatasetRequest = z.input<typeof createDatasetRequestSchema>;

export const createdDatasetSchema = z.object({
  id: z.string(),
  name: z.string(),
  onboardingStatus: z.enum(['onboarded', 'needs_finalization', 'other']),
  recordKey: z.string(),
  totalRecords: z.number(),
  columns: z.array(z.string()),
  lastScanTime: z.string().nullable(),
});
export type CreatedDataset = z.infer<typeof createdDatasetSchema>;
export const createDatasetResponseSchema = z.object({ success: z.literal(true), dataset: createdDatasetSchema });

// ---- scans -------------------------------------------------------------------------------

export const scanStatusSchema = z.enum(['queued', 'running', 'succeeded', 'failed']);

export const scanJobSchema = z.object({
  scanId: z.string(),
  datasetId: z.string(),
  kind: z.enum(['scan', 'import']),
  status: scanStatusSchema,
  scanTime: z.string(),
  requestedBy: z.string(),
  requestedAt: z.string(),
  startedAt: z.string().optional(),
  finishedAt: z.string().optional(),
  totalRows: z.number(),
  rowsRead: z.number(),
  failures: z.number(),
  newIssues: z.number(),
  updatedIssues: z.number(),
  keptIssues: z.number(),
  resolvedByScan: z.number(),
  checks: z.array(z.object({ name: z.string(), failed: z.number() })),
  error: z.string().optional(),
});
export type ScanJobView = z.infer<typeof scanJobSchema>;

export const startScanResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  scanId: z.string(),
  scan: scanJobSchema,
});
export type StartScanResponse = z.infer<typeof startScanResponseSchema>;

export const scanParamsSchema = z.object({
  dataset: z.string().max(100, 'must be a dataset id').regex(/^[A-Za-z0-9_.-]{1,100}$/, 'must be a dataset id'),
  scanId: z.string().max(26, 'must be a scan id').regex(/^[0-9A-HJKMNP-TV-Z]{26}$/, 'must be a scan id'),
});

// ---- source data ---------------------------------------------------------------------------

export const SOURCE_DATA_MAX_LIMIT = 500;

export const sourceDataQuerySchema = z.object({
  limit: z.coerce.number({ error: 'must be a whole number' }).int('must be a whole number').min(1, 'must be at least 1').max(SOURCE_DATA_MAX_LIMIT, `must be at most ${SOURCE_DATA_MAX_LIMIT}`).default(50),
  offset: z.coerce.number({ error: 'must be a whole number' }).int('must be a whole number').min(0, 'must be at least 0').max(10_000_000, 'must be at most 10000000').default(0),
  /** Only the record with this key (the context of one issue). */
  record_id: z.string().trim().min(1).max(200).optional(),
});

export const sourceDataResponseSchema = z.object({
  success: z.literal(true),
  columns: z.array(z.string()),
  recordKey: z.string(),
  data: z.array(z.record(z.string(), z.string())),
  pagination: z.object({ total: z.number(), limit: z.number(), offset: z.number() }),
});
export type SourceDataResponse = z.infer<typeof sourceDataResponseSchema>;

// ---- foreign results -----------------------------------------------------------------------

export const IMPORT_FORMATS = ['soda', 'great_expectations'] as const;
export const importRequestSchema = z.object({
  format: z.enum(IMPORT_FORMATS, { error: `must be one of ${IMPORT_FORMATS.join(', ')}` }),
  result: z.record(z.string(), z.unknown(), { error: 'must be the JSON object the tool wrote' }),
});
export type ImportRequest = z.input<typeof importRequestSchema>;

export const resetResponseSchema = z.object({ success: z.literal(true), message: z.string(), scanId: z.string().nullable() });
export type ResetResponse = z.infer<typeof resetResponseSchema>;

export const scanResponseSchema = z.object({ success: z.literal(true), scan: scanJobSchema });

// ---- config ------------------------------------------------------------------------------

export const configResponseSchema = z.object({
  success: z.literal(true),
  config: checksConfigSchema.nullable(),
  columns: z.array(z.string()),
  recordKey: z.string(),
  updatedAt: z.string().nullable(),
  updatedBy: z.string().nullable(),
});
export type ConfigResponse = z.infer<typeof configResponseSchema>;

export const previewResponseSchema = z.object({
  success: z.literal(true),
  rows: z.number(),
  checks: z.array(z.object({ name: z.string(), failed: z.number(), samples: z.array(z.object({ recordId: z.string(), value: z.string().nullable() })) })),
});
export type PreviewResponse = z.infer<typeof previewResponseSchema>;
