import { qaInstanceParamsSchema } from '../../../shared/schemas/qa';
import { resetInstanceData } from '../../domain/qa/resets';
import { defineRoute, requireCaller } from '../define-route';
import { resetDeps } from './deps';

// POST /qa/organizations/{orgId}/instances/{instanceId}/reset (returns message).
export const handler = defineRoute({ params: qaInstanceParamsSchema }, async (input) => ({
  body: { success: true, ...(await resetInstanceData(resetDeps(), input.params.orgId, input.params.instanceId, requireCaller(input).email)) },
}));
