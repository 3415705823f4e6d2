import * as z from 'zod';

// The agent protocol (issue 14; spec 2 §2.3 Agent connector, §3 Agent config/status/capabilities,
// §7.2): what a customer-side agent serves over HTTPS to Quality Desk, and the /soda-agent
// routes' requests and answers. Documented in the docs page "Agent protocol" and in the OpenAPI
// description; versioned by AGENT_PROTOCOL_VERSION (a major change gets a new path prefix).

export const AGENT_PROTOCOL = 'quality-desk-agent';
export const AGENT_PROTOCOL_VERSION = '1.0';
/** Paths every agent serves under its endpoint (bearer API key on each). */
export const AGENT_PATHS = {
  capabilities: '/v1/capabilities',
  datasets: '/v1/datasets',
  scanResult: (datasetId: string) => `/v1/datasets/${encodeURIComponent(datasetId)}/scan-result`,
} as const;

/** Spec 2 §9: agent API key minimum 32 characters. */
export const AGENT_API_KEY_MIN = 32;
export const AGENT_API_KEY_MAX = 512;

export const AGENT_DENIED = 'Admin access required to manage Soda Agent configuration';
/** Spec 2 §8 Agent errors (shown in the dismissible Error panel). */
export const AGENT_MESSAGES = {
  testFailed: 'Connection test failed',
  configureFailed: 'Configuration failed',
  disconnectFailed: 'Disconnect failed',
  connectionFailed: 'Connection failed',
  revertConfirm: 'This will revert to mock data',
} as const;

// ---- what an agent serves ---------------------------------------------------------------------

export const agentCapabilitiesSchema = z.object({
  auditLogging: z.boolean(),
  byokSupported: z.boolean(),
  shardingSupported: z.boolean(),
});
export type AgentCapabilities = z.infer<typeof agentCapabilitiesSchema>;

export const agentCapabilitiesResponseSchema = z.object({
  protocol: z.literal(AGENT_PROTOCOL),
  /** "1.x": a client of 1.0 reads any 1.x answer (fields are only ever added). */
  version: z.string().max(20).regex(/^1\.\d+$/, 'must be a 1.x protocol version'),
  agent: z.object({ name: z.string().max(200), version: z.string().max(50) }).optional(),
  capabilities: agentCapabilitiesSchema,
});
export type AgentCapabilitiesResponse = z.infer<typeof agentCapabilitiesResponseSchema>;

/** A dataset id as agents name them: safe in a path, a key and a file name (as ours). */
export const agentDatasetIdSchema = z.string().regex(/^[a-z0-9][a-z0-9_-]{0,62}$/, 'must be 1–63 lower-case letters, digits, "_" or "-"');

export const agentDatasetSchema = z.object({
  id: agentDatasetIdSchema,
  name: z.string().min(1).max(100),
  /** The column that identifies a record in its failed-row samples. */
  recordKey: z.string().min(1).max(128),
  /** Rows the latest run checked (the data itself stays with the customer). */
  totalRecords: z.number().int().min(0),
  /** Failed rows of the latest run. */
  failedRows: z.number().int().min(0),
  lastRunAt: z.string().max(40).nullable(),
});
export type AgentDataset = z.infer<typeof agentDatasetSchema>;

export const agentDatasetsResponseSchema = z.object({ datasets: z.array(agentDatasetSchema).max(1000) });

// ---- the /soda-agent routes (spec 2 §7.2) -------------------------------------------------------

const endpointSchema = z
  .string({ error: 'is required' })
  .trim()
  .min(1, 'is required')
  .max(2048, 'must be at most 2048 characters')
  .refine((v) => URL.canParse(v), 'must be a URL')
  .refine((v) => URL.canParse(v) && new URL(v).protocol === 'https:', 'must use HTTPS (https://…)')
  .refine((v) => !URL.canParse(v) || (!new URL(v).username && !new URL(v).password), 'must not carry credentials')
  .transform((v) => v.replace(/\/+$/, ''));

const apiKeySchema = z
  .string({ error: 'is required' })
  .min(AGENT_API_KEY_MIN, `must be at least ${AGENT_API_KEY_MIN} characters`)
  .max(AGENT_API_KEY_MAX, `must be at most ${AGENT_API_KEY_MAX} characters`)
  .regex(/^[\x21-\x7e]+$/, 'must be printable characters without spaces');

export const agentTestRequestSchema = z.object({ sodaAgentEndpoint: endpointSchema, apiKey: apiKeySchema });
export type AgentTestRequest = z.input<typeof agentTestRequestSchema>;

export const agentConfigureRequestSchema = z.object({
  sodaAgentEndpoint: endpointSchema,
  apiKey: apiKeySchema,
  /** Optional; its default is derived from the organization id (spec 2 §5). */
  diagnosticsSchema: z
    .string()
    .trim()
    .max(63, 'must be at most 63 characters')
    .regex(/^([a-z_][a-z0-9_]*)?$/, 'must be lower-case letters, digits and "_", starting with a letter or "_"')
    .optional(),
  encryptionEnabled: z.boolean().default(true),
  byokEnabled: z.boolean().default(false),
  shardingEnabled: z.boolean().default(false),
});
export type AgentConfigureRequest = z.input<typeof agentConfigureRequestSchema>;

export const agentAvailableDatasetSchema = agentDatasetSchema.pick({ id: true, name: true, failedRows: true, totalRecords: true, lastRunAt: true });

export const agentTestResponseSchema = z.object({
  success: z.boolean(),
  message: z.string(),
  availableDatasets: z.array(agentAvailableDatasetSchema),
  capabilities: agentCapabilitiesSchema.optional(),
  error: z.string().optional(),
  details: z.string().optional(),
});
export type AgentTestResponse = z.infer<typeof agentTestResponseSchema>;

export const agentSyncSummarySchema = z.object({
  at: z.string(),
  status: z.enum(['succeeded', 'failed', 'partial']),
  datasets: z.array(z.object({ id: z.string(), name: z.string(), failedRows: z.number(), newIssues: z.number(), updatedIssues: z.number(), resolvedBySync: z.number(), error: z.string().optional() })),
  error: z.string().optional(),
});
export type AgentSyncSummary = z.infer<typeof agentSyncSummarySchema>;

/**
 * A sync running in the background (configure and Sync now start one; 100,000 failed rows take
 * longer than an API answer may): since when and for whom. Its result becomes `lastSync`.
 */
export const agentSyncRunSchema = z.object({ since: z.string(), by: z.string() });
export type AgentSyncRun = z.infer<typeof agentSyncRunSchema>;
/** POST …/soda-agent/sync: the sync started (or the one already running). */
export const agentSyncStartedResponseSchema = z.object({ success: z.literal(true), message: z.string(), syncing: agentSyncRunSchema });
/** A sync whose worker died is given up after this long (a Lambda runs for at most 15 minutes). */
export const AGENT_SYNC_LEASE_MINUTES = 15;

/** The stored configuration as the API shows it: the key never, only a masked hint. */
export const agentConfigSchema = z.object({
  configured: z.boolean(),
  sodaAgentEndpoint: z.string().nullable(),
  apiKeyHint: z.string().nullable(),
  diagnosticsSchema: z.string(),
  encryptionEnabled: z.boolean(),
  byokEnabled: z.boolean(),
  shardingEnabled: z.boolean(),
  instanceId: z.string().nullable(),
  configuredAt: z.string().nullable(),
  configuredBy: z.string().nullable(),
  connected: z.boolean(),
  lastSync: agentSyncSummarySchema.nullable(),
  syncing: agentSyncRunSchema.nullable(),
  encryption: z.object({ algorithm: z.string(), keyProvider: z.enum(['aws-kms', 'local']).nullable(), keyId: z.string().nullable(), sealedAt: z.string().nullable() }),
});
export type AgentConfig = z.infer<typeof agentConfigSchema>;
export const agentConfigResponseSchema = z.object({ success: z.literal(true), config: agentConfigSchema });

export const agentStatusResponseSchema = z.object({
  success: z.literal(true),
  status: z.object({ connected: z.boolean(), message: z.string(), endpoint: z.string().nullable(), encryptionEnabled: z.boolean(), byokEnabled: z.boolean() }),
  capabilities: agentCapabilitiesSchema,
  lastSync: agentSyncSummarySchema.nullable(),
  syncing: agentSyncRunSchema.nullable(),
});
export type AgentStatusResponse = z.infer<typeof agentStatusResponseSchema>;

/** The default diagnostics schema name of an organization (spec 2 §5): derived from its id. */
export function defaultDiagnosticsSchema(organizationId: string): string {
  const slug = organizationId
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/_+/g, '_')
    .replace(/^_|_$/g, '');
  return `soda_diagnostics_${slug}`.slice(0, 63);
}

/** The scheduled sync runs every 15 minutes (EventBridge rule in AWS, a timer locally). */
export const AGENT_SYNC_MINUTES = 15;
