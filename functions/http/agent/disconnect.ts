import { orgParamsSchema } from '../../../shared/schemas/team';
import { disconnectAgent } from '../../domain/agent/connector';
import { defineRoute, requireCaller } from '../define-route';
import { connectorDeps } from './deps';

// DELETE /api/organizations/{orgId}/soda-agent/disconnect: the instance reverts to its own datasets.
export const handler = defineRoute({ params: orgParamsSchema }, async (input) => {
  const config = await disconnectAgent(connectorDeps(), input.params.orgId, requireCaller(input));
  return { body: { success: true, message: 'Soda Agent disconnected', config } };
});
