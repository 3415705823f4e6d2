import * as z from 'zod';
import { AGENT_PROTOCOL_VERSION, agentCapabilitiesResponseSchema, agentDatasetsResponseSchema } from './schemas/agent';

// The agent protocol as an OpenAPI 3.1 description, built from the same zod schemas the connector
// validates answers with (so the description cannot drift from what is accepted). The reference
// agent serves it at /v1/openapi.json; the docs page "Agent protocol" explains it.

const json = (schema: z.ZodType) => z.toJSONSchema(schema, { target: 'draft-2020-12', io: 'output' });

/** The scan result: the part of Soda Core's scan-result JSON the connector reads. */
const scanResultSchema = z.object({
  definitionName: z.string().optional(),
  scanStartTimestamp: z.string().optional(),
  scanEndTimestamp: z.string().optional(),
  /** True when failedRowsSample lists every failed row of the run (rows not listed have passed). */
  failedRowsComplete: z.boolean().optional(),
  checks: z.array(
    z.object({
      name: z.string(),
      definition: z.string().optional(),
      column: z.string(),
      outcome: z.enum(['pass', 'warn', 'fail']),
      failedRowsSample: z.object({ columns: z.array(z.string()), rows: z.array(z.array(z.union([z.string(), z.number(), z.boolean(), z.null()]))) }),
    }),
  ),
});

export function agentProtocolOpenApi(): Record<string, unknown> {
  const errors = {
    '401': { description: 'Missing or wrong API key' },
    '404': { description: 'Unknown path or dataset' },
  };
  return {
    openapi: '3.1.0',
    info: {
      title: 'Quality Desk agent protocol',
      version: AGENT_PROTOCOL_VERSION,
      description:
        'What a customer-side agent serves to Quality Desk over HTTPS. Every request carries `Authorization: Bearer <API key>` (at least 32 characters). Only failed-row samples (record key and the failing column) leave the customer network.',
    },
    components: { securitySchemes: { apiKey: { type: 'http', scheme: 'bearer' } } },
    security: [{ apiKey: [] }],
    paths: {
      '/v1/capabilities': {
        get: { summary: 'Protocol version and what the agent supports', responses: { '200': { description: 'Capabilities', content: { 'application/json': { schema: json(agentCapabilitiesResponseSchema) } } }, ...errors } },
      },
      '/v1/datasets': {
        get: { summary: 'The datasets the agent checks, with their latest run', responses: { '200': { description: 'Datasets', content: { 'application/json': { schema: json(agentDatasetsResponseSchema) } } }, ...errors } },
      },
      '/v1/datasets/{datasetId}/scan-result': {
        get: {
          summary: 'The latest run of a dataset as a Soda Core scan result with failed-row samples',
          parameters: [{ name: 'datasetId', in: 'path', required: true, schema: { type: 'string', pattern: '^[a-z0-9][a-z0-9_-]{0,62}$' } }],
          responses: { '200': { description: 'Scan result', content: { 'application/json': { schema: json(scanResultSchema) } } }, ...errors },
        },
      },
    },
  };
}
