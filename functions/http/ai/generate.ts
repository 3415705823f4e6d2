import { generateRequestSchema } from '../../../shared/schemas/ai';
import { generateNow } from '../../domain/ai/pipeline/generate-now';
import { planSubscription } from '../../domain/tenancy/caller';
import { defineRoute, requireCaller } from '../define-route';
import { bodyDatasetRef } from './ai-dataset';
import { providerDeps } from '../../adapters/ai/wiring';

// POST /api/ai/recommendations/generate {issue, context}: one row now (one credit when a suggestion is stored).
export const handler = defineRoute({ body: generateRequestSchema }, async (input) => {
  const caller = requireCaller(input);
  const data = await generateNow(providerDeps(), bodyDatasetRef(input, input.body.context.datasetId), { email: caller.email, subscription: planSubscription(caller) }, input.body.issue);
  return { body: { success: true, data } };
});
