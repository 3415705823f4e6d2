import type { Context } from 'aws-lambda';
import { getConfig } from '../../config';
import { claimSync, runClaimedSync, type ConnectorDeps } from '../../domain/agent/connector';
import type { AgentSyncLauncher } from '../../domain/agent/ports';
import { logger, withLogScope } from '../../lib/logger';
import { tenancyRepository } from '../dynamodb/tenancy-repository';
import { launchJob } from './launch-job';

// Runs an organization's agent sync without holding the request (configure, Sync now;
// launch-job.ts): in AWS the agent sync function, the one that may open the sealed key. The caller
// has claimed the sync; the job ends the claim with its result.

export interface AgentSyncEvent {
  kind: 'agent-sync';
  organizationId: string;
  by: string;
  correlationId?: string;
}

export function isAgentSyncEvent(event: unknown): event is AgentSyncEvent {
  return typeof event === 'object' && event !== null && (event as { kind?: unknown }).kind === 'agent-sync' && typeof (event as { organizationId?: unknown }).organizationId === 'string';
}

/** One claimed sync, with the starting request's correlation id on every log line. */
export async function runAgentSyncJob(deps: ConnectorDeps, event: AgentSyncEvent, context?: Context) {
  const correlationId = event.correlationId ?? `agent-sync-${event.organizationId}`;
  return withLogScope({ correlationId, ...(context ? { context } : {}) }, async () => {
    const org = await tenancyRepository.getOrganization(event.organizationId);
    if (!org) return undefined;
    const summary = await runClaimedSync(deps, org, event.by);
    logger.info('agent sync finished', { organizationId: org.id, status: summary.status, datasets: summary.datasets.length });
    return summary;
  });
}

/** The schedule: each connected organization whose sync nobody holds, in turn. */
export async function runScheduledSyncs(deps: ConnectorDeps): Promise<{ organizations: number; failed: number }> {
  const orgIds = await deps.store.listConnectedOrganizations();
  let failed = 0;
  for (const orgId of orgIds) {
    try {
      const org = await tenancyRepository.getOrganization(orgId);
      if (!org || org.status !== 'active' || org.inactive) continue;
      const claim = await claimSync(deps, org.id, (await deps.store.getConfig(org.id))?.configuredBy ?? 'schedule');
      if (!claim) continue; // a Sync now is running
      const summary = await runClaimedSync(deps, org, claim.by);
      if (summary.status !== 'succeeded') failed++;
    } catch (error) {
      failed++;
      logger.warn('agent sync failed', { organizationId: orgId, error: (error as Error).message });
    }
  }
  return { organizations: orgIds.length, failed };
}

export function agentSyncLauncher(deps: () => ConnectorDeps): AgentSyncLauncher {
  return {
    launch: (organizationId, by) =>
      launchJob(getConfig().agentSyncFunction, { kind: 'agent-sync', organizationId, by } satisfies AgentSyncEvent, (event) => runAgentSyncJob(deps(), event), {
        message: 'agent sync failed',
        fields: { organizationId },
      }),
  };
}
