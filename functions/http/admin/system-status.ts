import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { SystemStatus } from '../../../shared/schemas/system';
import { getConfig } from '../../config';
import { documentClient, table } from '../../adapters/dynamodb/client';
import { keys } from '../../adapters/dynamodb/keys';
import { cognitoIdentity } from '../../adapters/identity/cognito';
import { probeSuggestionsQueue } from '../../adapters/queue/queue-probe';
import { agentLinkReport, queueReport, runProbe, summarize, type Probe } from '../../domain/system/health';
import { agentRepository } from '../../adapters/dynamodb/agent-repository';
import { defineRoute } from '../define-route';

const probes: Probe[] = [
  { name: 'database', check: async () => void (await documentClient().send(new GetCommand({ TableName: table(), Key: keys.health() }))) },
  { name: 'identity', check: () => cognitoIdentity.ping() },
  { name: 'queue', check: async () => queueReport(await probeSuggestionsQueue()) },
];

export const handler = defineRoute({}, async (input) => {
  const started = Date.now();
  // The caller's organization's agent link (issue 14), when it has one: from its last contact.
  const agent = input.caller ? await agentRepository.getConfig(input.caller.organization.id) : undefined;
  const all = agent ? [...probes, { name: 'agent', check: async () => agentLinkReport(agent) }] : probes;
  const results = await Promise.all(all.map(async (p) => [p.name, await runProbe(p)] as const));
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
  };
  return { body };
});
