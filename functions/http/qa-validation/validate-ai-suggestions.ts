import { aiValidationBodySchema } from '../../../shared/schemas/qa-validation';
import { aiValidationPorts } from '../../adapters/qa/validation-ports';
import { validateAiSuggestions } from '../../domain/qa/validation';
import { defineRoute, requireInstance } from '../define-route';
import { runContext, stored } from './context';

// POST /api/qa-validation/validate-ai-suggestions {dataset_id?, sample_size = 5}: asks the provider again for a sample.
export const handler = defineRoute({ body: aiValidationBodySchema }, async (input) =>
  stored(await validateAiSuggestions(aiValidationPorts(), runContext(input), requireInstance(input), { ...(input.body.dataset_id ? { datasetId: input.body.dataset_id } : {}), sampleSize: input.body.sample_size })),
);
