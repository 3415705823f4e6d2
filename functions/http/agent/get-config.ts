import type { z } from 'zod';
import { agentConfigResponseSchema } from '../../../shared/schemas/agent';
import { orgParamsSchema } from '../../../shared/schemas/team';
import { agentRepository } from '../../adapters/dynamodb/agent-repository';
import { configView } from '../../domain/agent/connector';
import { systemClock } from '../../lib/clock';
import { defineRoute } from '../define-route';

// GET /api/organizations/{orgId}/soda-agent/config: the configuration, the key as a masked hint only.
export const handler = defineRoute({ params: orgParamsSchema }, async ({ params }) => {
  const body: z.infer<typeof agentConfigResponseSchema> = { success: true, config: configView(params.orgId, await agentRepository.getConfig(params.orgId), systemClock.now()) };
  return { body };
});
