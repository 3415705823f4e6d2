import { pauseProcessing } from '../../domain/ai/pipeline/controls';
import { defineRoute, requireCaller } from '../define-route';
import { controlDeps, memberOf } from '../../adapters/ai/wiring';

// The AI processing controls act on the caller's server-side state (spec 1 §4 AI processing).
export const handler = defineRoute({}, async (input) => ({
  body: { success: true, data: await pauseProcessing(controlDeps(), memberOf(requireCaller(input))) },
}));
