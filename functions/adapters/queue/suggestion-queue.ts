import type { SuggestionQueue } from '../../domain/ai/pipeline/ports';
import type { SuggestionMessage } from '../../domain/ai/pipeline/records';
import { currentCorrelationId } from '../../lib/logger';
import { aiConfig } from '../ai/ai-config';
import type { LocalQueue } from './local-queue';
import { sqsQueue } from './sqs-queue';

// The suggestions queue of this container: SQS when the stack names one (SUGGESTIONS_QUEUE_URL),
// otherwise the in-process queue the local stack registered at start-up.

let local: LocalQueue | undefined;
let queue: SuggestionQueue | undefined;

/** The local stack registers its in-process queue here (same process as the handlers). */
export function registerLocalQueue(next: LocalQueue | undefined): void {
  local = next;
  queue = undefined;
}

/** The in-process queue of the local stack, when one is registered (System status probes it). */
export function localSuggestionsQueue(): LocalQueue | undefined {
  return local;
}

/** The message with the running request's correlation id, so the worker's logs carry it on. */
export function withCorrelationId(message: SuggestionMessage, correlationId = currentCorrelationId()): SuggestionMessage {
  return correlationId && !message.correlationId ? { ...message, correlationId } : message;
}

export function suggestionQueue(): SuggestionQueue {
  if (queue) return queue;
  const url = aiConfig().SUGGESTIONS_QUEUE_URL;
  let base: SuggestionQueue;
  if (url) base = sqsQueue(url);
  else if (local) {
    const target = local;
    base = { send: async (messages) => void target.send(messages.map((m) => JSON.stringify(m))) };
  } else throw new Error('No suggestions queue: set SUGGESTIONS_QUEUE_URL or start the local stack');
  queue = { send: (messages) => base.send(messages.map((m) => withCorrelationId(m))) };
  return queue;
}

/** The in-process queue of the local stack, if one is registered (QA checks read its state). */
export function localQueue(): LocalQueue | undefined {
  return local;
}
