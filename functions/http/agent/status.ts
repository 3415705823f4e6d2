import { orgParamsSchema } from '../../../shared/schemas/team';
import type { AgentStatusResponse } from '../../../shared/schemas/agent';
import { agentRepository } from '../../adapters/dynamodb/agent-repository';
import { agentStatus } from '../../domain/agent/connector';
import { systemClock } from '../../lib/clock';
import { defineRoute } from '../define-route';

// GET /api/organizations/{orgId}/soda-agent/status: status and capabilities (spec 2 §3).
export const handler = defineRoute({ params: orgParamsSchema }, async ({ params }) => {
  const body: AgentStatusResponse = { success: true, ...(await agentStatus(agentRepository, params.orgId, systemClock.now())) };
  return { body };
});
