import * as z from 'zod';
import { agentConfigureRequestSchema } from '../../../shared/schemas/agent';
import { orgParamsSchema } from '../../../shared/schemas/team';
import { tenancyRepository } from '../../adapters/dynamodb/tenancy-repository';
import { configureAgent } from '../../domain/agent/connector';
import { resolveInstance } from '../../domain/tenancy/resolve';
import { NotFound } from '../../domain/errors';
import { defineRoute, requireCaller } from '../define-route';
import { launchingDeps, requireOrganization } from './deps';

/** The full config (spec 2 §3) and the instance the agent's datasets appear in. */
const bodySchema = agentConfigureRequestSchema.extend({
  instanceId: z.string({ error: 'is required (the instance the agent’s datasets appear in)' }).trim().min(1, 'is required').max(64, 'must be at most 64 characters'),
});

// POST /api/organizations/{orgId}/soda-agent/configure: tests, seals the key, stores, starts the first sync.
export const handler = defineRoute({ params: orgParamsSchema, body: bodySchema }, async (input) => {
  const caller = requireCaller(input);
  const org = await requireOrganization(input.params.orgId);
  const instance = await resolveInstance(tenancyRepository, caller, input.body.instanceId);
  if (instance.organizationId !== org.id) throw new NotFound('Instance not found');
  const { instanceId: _i, ...request } = input.body;
  const result = await configureAgent(launchingDeps(), org, instance.id, request, caller);
  return { body: { success: true, ...result } };
});
