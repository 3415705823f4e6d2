import { orgParamsSchema } from '../../../shared/schemas/team';
import { syncAgent } from '../../domain/agent/connector';
import { defineRoute, requireCaller } from '../define-route';
import { connectorDeps, requireOrganization } from './deps';

// POST /api/organizations/{orgId}/soda-agent/sync ("Sync now"): the only route that opens the sealed key.
export const handler = defineRoute({ params: orgParamsSchema }, async (input) => {
  const org = await requireOrganization(input.params.orgId);
  const sync = await syncAgent(connectorDeps(), org, requireCaller(input).email);
  return { body: { success: sync.status !== 'failed', sync, ...(sync.status === 'failed' ? { error: sync.error ?? sync.datasets.find((d) => d.error)?.error } : {}) } };
});
