import { batchRequestSchema } from '../../../shared/schemas/ai';
import { requestSuggestions } from '../../domain/ai/pipeline/request-suggestions';
import { planSubscription } from '../../domain/tenancy/caller';
import { defineRoute, requireCaller } from '../define-route';
import { bodyDatasetRef } from './ai-dataset';
import { aiStores, lazyQueue } from '../../adapters/ai/wiring';

// POST /api/ai/recommendations/batch {issues, context}: queues the rows; answers the job and counts.
export const handler = defineRoute({ body: batchRequestSchema }, async (input) => {
  const caller = requireCaller(input);
  const body = await requestSuggestions(
    { ...aiStores, queue: lazyQueue },
    bodyDatasetRef(input, input.body.context.datasetId),
    { email: caller.email, subscription: planSubscription(caller) },
    input.body.issues,
  );
  return { status: 202, body };
});
