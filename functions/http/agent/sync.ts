import type { z } from 'zod';
import type { agentSyncStartedResponseSchema } from '../../../shared/schemas/agent';
import { orgParamsSchema } from '../../../shared/schemas/team';
import { startSync } from '../../domain/agent/connector';
import { defineRoute, requireCaller } from '../define-route';
import { launchingDeps, requireOrganization } from './deps';

// POST /api/organizations/{orgId}/soda-agent/sync ("Sync now"): starts the sync in the background
// (202); its result becomes the status's lastSync. While a sync runs, this answers that one.
export const handler = defineRoute({ params: orgParamsSchema }, async (input) => {
  const org = await requireOrganization(input.params.orgId);
  const syncing = await startSync(launchingDeps(), org.id, requireCaller(input).email);
  const body: z.infer<typeof agentSyncStartedResponseSchema> = { success: true, message: 'Sync started; its result appears under Last sync', syncing };
  return { status: 202, body };
});
