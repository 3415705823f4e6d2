import type { Context } from 'aws-lambda';
import { getConfig } from '../../config';
import { runSyncJob, type ConnectorDeps } from '../../domain/agent/connector';
import type { AgentSyncLauncher } from '../../domain/agent/ports';
import { logger, withLogScope } from '../../lib/logger';
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
    const summary = await runSyncJob(deps, event.organizationId, event.by);
    if (summary) logger.info('agent sync finished', { organizationId: event.organizationId, status: summary.status, datasets: summary.datasets.length });
    return summary;
  });
}

export function agentSyncLauncher(deps: () => ConnectorDeps): AgentSyncLauncher {
  return {
    launch: (organizationId, by) =>
      launchJob(
        getConfig().agentSyncFunction,
        { kind: 'agent-sync', organizationId, by } satisfies AgentSyncEvent,
        { message: 'agent sync failed', fields: { organizationId } },
        (event) => runAgentSyncJob(deps(), event),
      ),
  };
}
