import * as z from 'zod';

// The AI part of the configuration, read from the environment once and validated with zod.
// AI_PROVIDER picks the provider; the others configure the remote ones and the price of a credit.

const schema = z.object({
  AI_PROVIDER: z.enum(['builtin', 'bedrock', 'openai']).default('builtin'),
  BEDROCK_MODEL_ID: z.string().min(1).default('anthropic.claude-3-haiku-20240307-v1:0'),
  BEDROCK_REGION: z.string().min(1).optional(),
  /** Base URL of an OpenAI-compatible API, e.g. http://localhost:11434/v1 for a local model server. */
  OPENAI_BASE_URL: z.url().default('https://api.openai.com/v1'),
  OPENAI_API_KEY: z.string().default(''),
  OPENAI_MODEL: z.string().min(1).default('gpt-4o-mini'),
  AI_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(15_000),
  AI_ATTEMPTS: z.coerce.number().int().min(1).max(5).default(3),
  AI_BACKOFF_MS: z.coerce.number().int().min(0).max(10_000).default(300),
  /** The SQS suggestions queue (AWS); unset locally, where the in-process queue runs. */
  SUGGESTIONS_QUEUE_URL: z.url().optional(),
  /**
   * The suggestions queue's visibility timeout in seconds, which the queued mark's lease is
   * counted in (unset: the queue definition's; the local stack sets its in-process queue's).
   */
  SUGGESTIONS_VISIBILITY_SECONDS: z.coerce.number().int().min(1).max(43_200).optional(),
  /** Dollar value of one credit (spec 2 §9: 1.00). */
  CREDIT_DOLLARS: z.coerce.number().min(0).default(1),
});

export type AiConfig = z.infer<typeof schema>;

let cached: AiConfig | undefined;

export function aiConfig(env: NodeJS.ProcessEnv = process.env): AiConfig {
  if (cached && env === process.env) return cached;
  const parsed = schema.safeParse(env);
  if (!parsed.success) throw new Error(`Invalid AI configuration: ${parsed.error.issues.map((i) => i.path.join('.')).join(', ')}`);
  if (env === process.env) cached = parsed.data;
  return parsed.data;
}
