import { getConfig } from '../../config';
import { agentClient } from '../../adapters/agent/agent-client';
import { agentRepository } from '../../adapters/dynamodb/agent-repository';
import { tenancyRepository } from '../../adapters/dynamodb/tenancy-repository';
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
    agent: agentClient({ timeoutMs: config.agentTimeoutMs, allowLoopback: config.agentAllowLoopback, trustDir: config.agentTrustDir }),
    keyWrapper: keyWrapperFor,
    scan: scanDeps(),
    clock: systemClock,
  };
}

export async function requireOrganization(orgId: string) {
  const org = await tenancyRepository.getOrganization(orgId);
  if (!org) throw new NotFound('Organization not found');
  return org;
}
