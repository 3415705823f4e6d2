import { suggestionsQuerySchema } from '../../../shared/schemas/ai';
import { datasetParamsSchema } from '../../../shared/schemas/issues';
import { readSuggestions } from '../../domain/ai/pipeline/read-suggestions';
import { defineRoute } from '../define-route';
import { datasetRef } from '../issues/dataset-ref';
import { aiStores } from '../../adapters/ai/wiring';

// GET /api/{dataset}/suggestions?ids=a,b,c: the cheap poll of the rows a screen shows.
export const handler = defineRoute({ params: datasetParamsSchema, query: suggestionsQuerySchema }, async (input) => ({
  body: { success: true, data: await readSuggestions(aiStores, datasetRef(input), input.query.ids) },
}));
