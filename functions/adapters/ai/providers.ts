import { builtinProvider } from '../../domain/ai/builtin/builtin-provider';
import type { ProviderName, SuggestionProvider } from '../../domain/ai/provider';
import { aiConfig, type AiConfig } from './ai-config';
import { bedrockProvider } from './bedrock';
import { openAiProvider } from './openai';

// The configured provider, created once per container.

export function createProvider(config: AiConfig): SuggestionProvider {
  const retry = { attempts: config.AI_ATTEMPTS, timeoutMs: config.AI_TIMEOUT_MS, backoffMs: config.AI_BACKOFF_MS };
  switch (config.AI_PROVIDER) {
    case 'bedrock':
      return bedrockProvider({ modelId: config.BEDROCK_MODEL_ID, retry, ...(config.BEDROCK_REGION ? { region: config.BEDROCK_REGION } : {}) });
    case 'openai':
      return openAiProvider({ baseUrl: config.OPENAI_BASE_URL, apiKey: config.OPENAI_API_KEY, model: config.OPENAI_MODEL, retry });
    case 'builtin':
      return builtinProvider;
  }
}

/** What GET /api/ai/providers lists: every provider, whether it is configured and which is active. */
export function providerCatalogue(config: AiConfig): Array<{ name: ProviderName; model: string; active: boolean; configured: boolean; offline: boolean }> {
  return [
    { name: 'builtin', model: builtinProvider.model, active: config.AI_PROVIDER === 'builtin', configured: true, offline: true },
    { name: 'bedrock', model: config.BEDROCK_MODEL_ID, active: config.AI_PROVIDER === 'bedrock', configured: config.AI_PROVIDER === 'bedrock', offline: false },
    { name: 'openai', model: config.OPENAI_MODEL, active: config.AI_PROVIDER === 'openai', configured: config.AI_PROVIDER === 'openai' && Boolean(config.OPENAI_BASE_URL), offline: false },
  ];
}

let provider: SuggestionProvider | undefined;

export function configuredProvider(): SuggestionProvider {
  provider ??= createProvider(aiConfig());
  return provider;
}

/** Tests and the local stack swap the provider (e.g. a slow or failing one). */
export function useProvider(next: SuggestionProvider | undefined): void {
  provider = next;
}
