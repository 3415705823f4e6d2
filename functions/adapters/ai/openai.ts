import * as z from 'zod';
import { SYSTEM_PROMPT, userPrompt } from '../../domain/ai/llm/prompt';
import { readAnswer } from '../../domain/ai/llm/output';
import { withRetries, type RetryPolicy } from '../../domain/ai/llm/retry';
import type { SuggestionProvider } from '../../domain/ai/provider';

// Any OpenAI-compatible chat-completions endpoint (OpenAI, or a model server on the user's
// network): base URL, key and model are configuration.

export interface OpenAiOptions {
  baseUrl: string;
  apiKey: string;
  model: string;
  retry: RetryPolicy;
  fetch?: typeof fetch;
}

const completionSchema = z.object({
  choices: z.array(z.object({ message: z.object({ content: z.string().nullable() }) })).min(1),
});

class HttpFailure extends Error {
  constructor(
    message: string,
    readonly retryable: boolean,
  ) {
    super(message);
  }
}

export function openAiProvider(options: OpenAiOptions): SuggestionProvider {
  const doFetch = options.fetch ?? fetch;
  const url = `${options.baseUrl.replace(/\/+$/, '')}/chat/completions`;
  const rule = (column: string) => `${column}:openai`;
  return {
    name: 'openai',
    model: options.model,
    async suggest(request, signal) {
      const text = await withRetries(
        options.retry,
        async (attemptSignal) => {
          const response = await doFetch(url, {
            method: 'POST',
            signal: attemptSignal,
            headers: { 'content-type': 'application/json', ...(options.apiKey ? { authorization: `Bearer ${options.apiKey}` } : {}) },
            body: JSON.stringify({
              model: options.model,
              temperature: 0,
              max_tokens: 400,
              response_format: { type: 'json_object' },
              messages: [
                { role: 'system', content: SYSTEM_PROMPT },
                { role: 'user', content: userPrompt(request) },
              ],
            }),
          });
          // 429 and 5xx are worth another try; other 4xx are not.
          if (!response.ok) throw new HttpFailure(`HTTP ${response.status}`, response.status === 429 || response.status >= 500);
          const body = completionSchema.safeParse(await response.json());
          const content = body.success ? body.data.choices[0]!.message.content : null;
          if (!content) throw new Error('The endpoint answered no message.');
          readAnswer(content, request.issue.current_value, rule(request.issue.issue_column));
          return content;
        },
        signal,
      );
      return readAnswer(text, request.issue.current_value, rule(request.issue.issue_column));
    },
  };
}
