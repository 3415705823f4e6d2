import { demoConfigBodySchema, demoInstanceParamsSchema, type DemoConfigResponse } from '../../../shared/schemas/demo';
import { getDemoConfig, saveDemoConfig } from '../../domain/demo/deploy-demo';
import { defineRoute, requireCaller, requireInstance } from '../define-route';
import { demoDeps } from './deps';

// PUT /api/demo-data/instances/{id}/config (spec 2 §3 Demo instance config).
export const handler = defineRoute({ params: demoInstanceParamsSchema, body: demoConfigBodySchema }, async (input) => {
  const instance = requireInstance(input);
  await saveDemoConfig(demoDeps(), instance, input.body, requireCaller(input).email);
  const { config, deployment } = await getDemoConfig(demoDeps(), instance);
  const body: DemoConfigResponse = { success: true, instanceId: instance.id, organizationId: instance.organizationId, config, deployment };
  return { body };
});
