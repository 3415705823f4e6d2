import { demoDeployBodySchema, demoInstanceParamsSchema, type DemoDeployResponse } from '../../../shared/schemas/demo';
import { deployDemo } from '../../domain/demo/deploy-demo';
import { defineRoute, requireCaller, requireInstance } from '../define-route';
import { demoDeps } from './deps';

// POST /api/demo-data/instances/{id}/deploy {organizationId, force}: answers at once with
// recordsGenerated; the deployment's scans run on, their progress read by GET .../config.
export const handler = defineRoute({ params: demoInstanceParamsSchema, body: demoDeployBodySchema }, async (input) => {
  const { recordsGenerated, deployment } = await deployDemo(demoDeps(), requireInstance(input), input.body, requireCaller(input).email);
  const body: DemoDeployResponse = { success: true, message: `Deploying ${recordsGenerated} demo records`, recordsGenerated, deployment };
  return { status: 202, body };
});
