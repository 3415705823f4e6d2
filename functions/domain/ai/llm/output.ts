import * as z from 'zod';
import { abstain, type SuggestionResult } from '../provider';

// Strict reading of an LLM's answer: exactly the JSON object the prompt asks for, checked with
// zod. Anything else is a provider failure, never a guess.

export const llmAnswerSchema = z
  .object({
    suggestedValue: z.string().max(2000).nullable(),
    confidence: z.number().min(0).max(100),
    reasoning: z.string().min(1).max(1000),
  })
  .strict();

/** Self-reported confidence of a language model is not calibrated: it is capped. */
export const LLM_MAX_CONFIDENCE = 90;

export class MalformedAnswer extends Error {}

export function readAnswer(text: string, currentValue: string | null, rule: string): SuggestionResult {
  const trimmed = text.trim().replace(/^```(?:json)?\s*|\s*```$/g, '');
  let json: unknown;
  try {
    json = JSON.parse(trimmed);
  } catch {
    throw new MalformedAnswer('The model did not answer JSON.');
  }
  const parsed = llmAnswerSchema.safeParse(json);
  if (!parsed.success) throw new MalformedAnswer(`The model's answer has the wrong shape: ${parsed.error.issues.map((i) => i.path.join('.') || i.message).join(', ')}`);
  const { suggestedValue, confidence, reasoning } = parsed.data;
  if (suggestedValue === null) return abstain(reasoning);
  if (suggestedValue === (currentValue ?? '')) return abstain('The model kept the current value.');
  return { kind: 'suggestion', suggestedValue, confidence: Math.round(Math.min(confidence, LLM_MAX_CONFIDENCE)), reasoning, rule };
}
