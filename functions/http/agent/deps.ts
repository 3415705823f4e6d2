import { getConfig } from '../../config';
import { agentClient } from '../../adapters/agent/agent-client';
import { agentRepository } from '../../adapters/dynamodb/agent-repository';
import { tenancyRepository } from '../../adapters/dynamodb/tenancy-repository';
import { agentSyncLauncher } from '../../adapters/jobs/agent-sync-launcher';
import { scanDeps } from '../../adapters/jobs/scan-deps';
import { keyWrapperFor } from '../../adapters/kms/key-wrappers';
import { systemClock } from '../../lib/clock';
import type { ConnectorDeps } from '../../domain/agent/connector';
import { NotFound } from '../../domain/errors';

/** The adapters of the agent connector: DynamoDB, the HTTPS client (SSRF-guarded), KMS or the key file. */
export function connectorDeps(): ConnectorDeps {
  const config = getConfig();
  return {
    store: agentRepository,
    organizations: tenancyRepository,
    agent: agentClient({ timeoutMs: config.agentTimeoutMs, allowLoopback: config.agentAllowLoopback, trustDir: config.agentTrustDir }),
    keyWrapper: keyWrapperFor,
    scan: scanDeps(),
    clock: systemClock,
  };
}

/** The connector with the launcher of background syncs (configure, Sync now). */
export function launchingDeps() {
  return { ...connectorDeps(), launcher: agentSyncLauncher(connectorDeps) };
}

export async function requireOrganization(orgId: string) {
  const org = await tenancyRepository.getOrganization(orgId);
  if (!org) throw new NotFound('Organization not found');
  return org;
}
