import { demoInstanceParamsSchema, demoRegenerateBodySchema, type DemoDeployResponse } from '../../../shared/schemas/demo';
import { deployDemo } from '../../domain/demo/deploy-demo';
import { defineRoute, requireCaller, requireInstance } from '../define-route';
import { demoDeps } from './deps';

// POST /api/demo-data/instances/{id}/regenerate {organizationId}: the last deployment again, from
// the same files, so regenerating twice ends in the same demo data.
export const handler = defineRoute({ params: demoInstanceParamsSchema, body: demoRegenerateBodySchema }, async (input) => {
  const { recordsGenerated, deployment } = await deployDemo(demoDeps(), requireInstance(input), { ...input.body, force: false, regenerate: true }, requireCaller(input).email);
  const body: DemoDeployResponse = { success: true, message: `Regenerating ${recordsGenerated} demo records`, recordsGenerated, deployment };
  return { status: 202, body };
});
