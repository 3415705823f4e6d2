import { tenancyRepository } from '../adapters/dynamodb/tenancy-repository';
import { syncAgent } from '../domain/agent/connector';
import { connectorDeps } from '../http/agent/deps';
import { logger } from '../lib/logger';

// The scheduled agent sync (issue 14 §3): an EventBridge rule in AWS, a timer in the local stack.
// Each connected organization's agent is synced in turn; one failing agent never stops the others
// (its failure is recorded in its own lastSync, which the status shows).

export async function handler(): Promise<{ organizations: number; failed: number }> {
  const deps = connectorDeps();
  const orgIds = await deps.store.listConnectedOrganizations();
  let failed = 0;
  for (const orgId of orgIds) {
    try {
      const org = await tenancyRepository.getOrganization(orgId);
      if (!org || org.status !== 'active' || org.inactive) continue;
      const summary = await syncAgent(deps, org);
      if (summary.status !== 'succeeded') failed++;
    } catch (error) {
      failed++;
      logger.warn('agent sync failed', { organizationId: orgId, error: (error as Error).message });
    }
  }
  return { organizations: orgIds.length, failed };
}
