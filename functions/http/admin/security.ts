import { agentRepository } from '../../adapters/dynamodb/agent-repository';
import { inspectKey } from '../../adapters/kms/key-wrappers';
import { securitySettings } from '../../domain/system/security';
import { defineRoute, requireCaller } from '../define-route';

// GET /api/system/security: the security panel of Settings › System & Security, for the caller's organization.
export const handler = defineRoute({}, async (input) => {
  const caller = requireCaller(input);
  return { body: await securitySettings({ inspectKey, agentConfig: (id) => agentRepository.getConfig(id), now: () => new Date() }, caller.organization) };
});
