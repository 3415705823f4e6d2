import { feedbackRequestSchema } from '../../../shared/schemas/ai';
import { giveFeedback } from '../../domain/ai/pipeline/feedback';
import { defineRoute, requireCaller } from '../define-route';
import { bodyDatasetRef } from './ai-dataset';
import { aiStores } from '../../adapters/ai/wiring';

// POST /api/ai/feedback {issueId, recommendationId, feedback, rating, comments} (+ datasetId).
export const handler = defineRoute({ body: feedbackRequestSchema }, async (input) => ({
  body: { success: true, data: await giveFeedback(aiStores, bodyDatasetRef(input, input.body.datasetId), requireCaller(input).email, input.body) },
}));
