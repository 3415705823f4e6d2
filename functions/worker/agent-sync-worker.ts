import type { Context } from 'aws-lambda';
import { isAgentSyncEvent, runAgentSyncJob } from '../adapters/jobs/agent-sync-launcher';
import { syncConnectedAgents } from '../domain/agent/connector';
import { connectorDeps } from '../http/agent/deps';
import { logger } from '../lib/logger';

// The agent sync (issue 14 §3). Two callers:
//  - the schedule (an EventBridge rule in AWS, a timer in the local stack): each connected
//    organization's agent is synced in turn; one failing agent never stops the others (its failure
//    is recorded in its own lastSync, which the status shows);
//  - configure and Sync now, which claimed one organization's sync and invoke this function
//    asynchronously with { kind: 'agent-sync', organizationId, by }.

export async function handler(event?: unknown, context?: Context) {
  if (isAgentSyncEvent(event)) {
    const summary = await runAgentSyncJob(connectorDeps(), event, context);
    return { organizations: summary ? 1 : 0, failed: summary && summary.status !== 'succeeded' ? 1 : 0 };
  }
  const { errors, ...result } = await syncConnectedAgents(connectorDeps());
  for (const { organizationId, message } of errors) logger.warn('agent sync failed', { organizationId, error: message });
  return result;
}
