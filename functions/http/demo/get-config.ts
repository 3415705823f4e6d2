import type { DemoConfigResponse } from '../../../shared/schemas/demo';
import { demoInstanceParamsSchema } from '../../../shared/schemas/demo';
import { getDemoConfig } from '../../domain/demo/deploy-demo';
import { defineRoute, requireInstance } from '../define-route';
import { demoDeps } from './deps';

// GET /api/demo-data/instances/{id}/config: the saved demo config and the latest deployment's progress.
export const handler = defineRoute({ params: demoInstanceParamsSchema }, async (input) => {
  const instance = requireInstance(input);
  const { config, deployment } = await getDemoConfig(demoDeps(), instance);
  const body: DemoConfigResponse = { success: true, instanceId: instance.id, organizationId: instance.organizationId, config, deployment };
  return { body };
});
