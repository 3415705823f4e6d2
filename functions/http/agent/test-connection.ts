import { agentTestRequestSchema } from '../../../shared/schemas/agent';
import { orgParamsSchema } from '../../../shared/schemas/team';
import { testConnection } from '../../domain/agent/connector';
import { defineRoute } from '../define-route';
import { connectorDeps } from './deps';

// POST /api/organizations/{orgId}/soda-agent/test: a real HTTPS call to the agent (spec 2 §7.2).
export const handler = defineRoute({ params: orgParamsSchema, body: agentTestRequestSchema }, async ({ body }) => ({ body: await testConnection(connectorDeps(), body) }));
