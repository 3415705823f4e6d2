import { issueParamsSchema } from '../../../shared/schemas/issues';
import { readSuggestion } from '../../domain/ai/pipeline/read-suggestions';
import { defineRoute } from '../define-route';
import { datasetRef } from '../issues/dataset-ref';
import { aiStores } from '../../adapters/ai/wiring';

// GET /api/{dataset}/suggestion/{id}: the row's AI suggestion and processing state.
export const handler = defineRoute({ params: issueParamsSchema }, async (input) => {
  const view = await readSuggestion(aiStores, datasetRef(input), input.params.id);
  return { body: { success: true, data: { ...view, suggestion: view.suggestedValue } } };
});
