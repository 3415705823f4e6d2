import { orgParamsSchema } from '../../../shared/schemas/team';
import { deleteAgent } from '../../domain/agent/connector';
import { defineRoute, requireCaller } from '../define-route';
import { connectorDeps } from './deps';

// DELETE /api/organizations/{orgId}/soda-agent: disconnects and deletes the configuration and its sealed key.
export const handler = defineRoute({ params: orgParamsSchema }, async (input) => {
  await deleteAgent(connectorDeps(), input.params.orgId, requireCaller(input));
  return { body: { success: true, message: 'Soda Agent configuration deleted' } };
});
