import { LocalQueue } from '../../functions/adapters/queue/local-queue';
import { suggestionsBatchSize, suggestionsQueueDefinition } from '../../functions/adapters/queue/queue-definition';

// The local stack's suggestions queue (ARCHITECTURE §2.5): the in-process queue with SQS semantics
// (batches, visibility timeout, retries, max receive count, dead-letter list), feeding the very
// worker handler the Lambda runs. The batch route finds it through registerLocalQueue.

/**
 * Locally a failed batch comes back after 30 s rather than AWS's visibility timeout
 * (SUGGESTIONS_VISIBILITY_SECONDS changes it; the queued rows' lease is counted in it too).
 */
export const LOCAL_VISIBILITY_SECONDS = 30;

export async function startSuggestionsQueue(): Promise<{ queue: LocalQueue; stop: () => Promise<void> }> {
  // Loaded after the stack put its configuration in the environment, as a Lambda reads it at start.
  process.env.SUGGESTIONS_VISIBILITY_SECONDS ??= String(LOCAL_VISIBILITY_SECONDS);
  const { handler } = await import('../../functions/worker/suggestions-worker');
  const { registerLocalQueue } = await import('../../functions/adapters/queue/suggestion-queue');
  const queue = new LocalQueue(handler, {
    name: 'suggestions',
    batchSize: suggestionsBatchSize(process.env.AI_PROVIDER),
    maxReceiveCount: suggestionsQueueDefinition.maxReceiveCount,
    concurrency: suggestionsQueueDefinition.localConcurrency,
    visibilityTimeoutMs: Number(process.env.SUGGESTIONS_VISIBILITY_SECONDS) * 1000,
  });
  registerLocalQueue(queue);
  queue.start();
  return {
    queue,
    stop: async () => {
      registerLocalQueue(undefined);
      await queue.stop();
    },
  };
}
