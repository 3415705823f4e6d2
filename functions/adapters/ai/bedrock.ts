import { BedrockRuntimeClient, ConverseCommand } from '@aws-sdk/client-bedrock-runtime';
import { SYSTEM_PROMPT, userPrompt } from '../../domain/ai/llm/prompt';
import { readAnswer } from '../../domain/ai/llm/output';
import { withRetries, type RetryPolicy } from '../../domain/ai/llm/retry';
import type { SuggestionProvider } from '../../domain/ai/provider';

// Amazon Bedrock through the Converse API (one request shape for every model family).

export interface BedrockOptions {
  modelId: string;
  retry: RetryPolicy;
  client?: BedrockRuntimeClient;
  region?: string;
}

class NotRetryable extends Error {
  readonly retryable = false;
}

// Errors a retry cannot fix: the request or the account is wrong, not the moment.
const PERMANENT = new Set(['ValidationException', 'AccessDeniedException', 'ResourceNotFoundException', 'UnrecognizedClientException']);

export function bedrockProvider(options: BedrockOptions): SuggestionProvider {
  const client = options.client ?? new BedrockRuntimeClient(options.region ? { region: options.region } : {});
  return {
    name: 'bedrock',
    model: options.modelId,
    async suggest(request, signal) {
      const text = await withRetries(
        options.retry,
        async (attemptSignal) => {
          try {
            const answer = await client.send(
              new ConverseCommand({
                modelId: options.modelId,
                system: [{ text: SYSTEM_PROMPT }],
                messages: [{ role: 'user', content: [{ text: userPrompt(request) }] }],
                inferenceConfig: { maxTokens: 400, temperature: 0 },
              }),
              { abortSignal: attemptSignal },
            );
            const block = answer.output?.message?.content?.find((c) => typeof c.text === 'string');
            if (!block?.text) throw new Error('The model answered no text.');
            // Parse inside the attempt so a malformed answer is retried like a failed call.
            readAnswer(block.text, request.issue.current_value, `${request.issue.issue_column}:bedrock`);
            return block.text;
          } catch (error) {
            if (error instanceof Error && PERMANENT.has(error.name)) throw new NotRetryable(`${error.name}: ${error.message}`);
            throw error;
          }
        },
        signal,
      );
      return readAnswer(text, request.issue.current_value, `${request.issue.issue_column}:bedrock`);
    },
  };
}
