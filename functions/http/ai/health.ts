import { aiConfig } from '../../adapters/ai/ai-config';
import { configuredProvider } from '../../adapters/ai/providers';
import { defineRoute } from '../define-route';

// GET /api/ai/health: which provider answers and whether it is ready. A remote provider is not
// called here (each call costs money); it is reported as configured.
export const handler = defineRoute({}, async () => {
  const config = aiConfig();
  const provider = configuredProvider();
  const ready = provider.name === 'builtin' || (provider.name === 'openai' ? Boolean(config.OPENAI_BASE_URL) : Boolean(config.BEDROCK_MODEL_ID));
  return {
    body: {
      success: true,
      status: ready ? 'healthy' : 'degraded',
      provider: { name: provider.name, model: provider.model, offline: provider.name === 'builtin' },
      queue: config.SUGGESTIONS_QUEUE_URL ? 'sqs' : 'in-process',
      checkedAt: new Date().toISOString(),
    },
  };
});
