import { GetCommand } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod';
import type { SystemStatus } from '../../../shared/schemas/system';
import { getConfig } from '../../config';
import { agentClient } from '../../adapters/agent/agent-client';
import { documentClient, table } from '../../adapters/dynamodb/client';
import * as keys from '../../adapters/dynamodb/keys';
import { describeTableHealth } from '../../adapters/dynamodb/table-probe';
import { cognitoIdentity } from '../../adapters/identity/cognito';
import { inspectKey } from '../../adapters/kms/key-wrappers';
import { probeSuggestionsQueue } from '../../adapters/queue/queue-probe';
import { AGENT_PATHS, agentCapabilitiesResponseSchema } from '../../../shared/schemas/agent';
import { AgentCallError } from '../../domain/agent/ports';
import { Forbidden } from '../../domain/errors';
import { KEY_ROTATION_DAYS } from '../../domain/secrets/envelope';
import { agentLinkReport, agentReachability, keyReport, queueReport, runProbe, summarize, tableReport, type Probe } from '../../domain/system/health';
import { keyState } from '../../domain/system/key-status';
import { managesOrganization } from '../../domain/tenancy/caller';
import { agentRepository } from '../../adapters/dynamodb/agent-repository';
import { defineRoute } from '../define-route';

// GET /api/system/status (spec 2 §2.3 System): timed probes of what the app depends on. The
// Health Check button asks for `?check=full` (org admins): the table and its indexes through
// DescribeTable, the key-encryption keys from KMS (locally the key file), and the agent link
// called live instead of read from its last contact.

const quick: Probe[] = [
  { name: 'database', check: async () => void (await documentClient().send(new GetCommand({ TableName: table(), Key: keys.health() }))) },
  { name: 'identity', check: () => cognitoIdentity.ping() },
  { name: 'queue', check: async () => queueReport(await probeSuggestionsQueue()) },
];

/** The agent's own timeout, but never more than 5 s: the probes share the function's 10 s. */
async function reachAgent(endpoint: string): Promise<'refused-key' | 'answered'> {
  const config = getConfig();
  const client = agentClient({ timeoutMs: Math.min(config.agentTimeoutMs, 5000), allowLoopback: config.agentAllowLoopback, trustDir: config.agentTrustDir });
  try {
    await client.get(endpoint, '', AGENT_PATHS.capabilities, agentCapabilitiesResponseSchema);
    return 'answered';
  } catch (error) {
    if (error instanceof AgentCallError && error.kind === 'unauthorized') return 'refused-key';
    if (error instanceof AgentCallError) throw Object.assign(new Error(error.message), { name: `Agent unreachable: ${error.message}` });
    throw error;
  }
}

const querySchema = z.object({ check: z.enum(['full']).optional() });

export const handler = defineRoute({ query: querySchema }, async (input) => {
  const started = Date.now();
  const full = input.query.check === 'full';
  if (full && !(input.caller && managesOrganization(input.caller))) throw new Forbidden('Admin access required to run the health check');
  const org = input.caller?.organization;
  // The caller's organization's agent link (issue 14), when it has one.
  const agent = org ? await agentRepository.getConfig(org.id) : undefined;
  const probes: Probe[] = full
    ? [
        { name: 'database', check: async () => tableReport(await describeTableHealth()) },
        ...quick.slice(1),
        { name: 'encryption key', check: async () => keyReport(keyState(await inspectKey({}), new Date(), KEY_ROTATION_DAYS)) },
        ...(org?.byok ? [{ name: 'customer key (BYOK)', check: async () => keyReport(keyState(await inspectKey({ byok: org.byok }), new Date(), KEY_ROTATION_DAYS)) }] : []),
        ...(agent ? [{ name: 'agent', check: () => agentReachability(agent, reachAgent) }] : []),
      ]
    : [...quick, ...(agent ? [{ name: 'agent', check: async () => agentLinkReport(agent) }] : [])];
  const results = await Promise.all(probes.map(async (p) => [p.name, await runProbe(p)] as const));
  const services = Object.fromEntries(results);
  const memory = process.memoryUsage();
  const config = getConfig();
  const body: SystemStatus = {
    success: true,
    summary: summarize(services),
    uptime: Math.round(process.uptime()),
    version: config.appVersion,
    environment: config.stage,
    services,
    performance: {
      responseTime: Date.now() - started,
      memory: { used: memory.heapUsed, total: memory.heapTotal },
      platform: process.platform,
      arch: process.arch,
      nodeVersion: process.version,
    },
    check: full ? 'full' : 'quick',
  };
  return { body };
});
