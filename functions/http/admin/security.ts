import { agentRepository } from '../../adapters/dynamodb/agent-repository';
import { inspectKey } from '../../adapters/kms/key-wrappers';
import { securitySettings } from '../../domain/system/security';
import { getConfig } from '../../config';
import { defineRoute, requireCaller } from '../define-route';

// GET /api/system/security: the security panel of Settings › System & Security, for the caller's organization.
export const handler = defineRoute({}, async (input) => {
  const caller = requireCaller(input);
  const config = getConfig();
  const limits = { loginSourceMaxAttempts: config.loginSourceMaxAttempts, deployed: !config.local };
  return { body: await securitySettings({ inspectKey, agentConfig: (id) => agentRepository.getConfig(id), now: () => new Date(), limits }, caller.organization) };
});
