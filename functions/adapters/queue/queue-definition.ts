// The one definition of the suggestions queue: the CDK stateful stack (SQS + DLQ), the worker's
// event source and the local in-process queue all read it.

export const suggestionsQueueDefinition = {
  /**
   * Messages per worker invocation (suggestionsBatchSize): the builtin provider answers in about a
   * millisecond, so its batches are bound by their writes, and a batch's rows share one read of the
   * user's state, one lease renewal and one transaction (49 rows: their 49 updates, a credit group
   * per job — 49 at worst — and the stamp, 99 of DynamoDB's 100 items; one job's 49 rows are 51
   * items). A remote provider waits on the network for every row: smaller batches keep within the
   * timeout.
   */
  batchSize: { builtin: 49, remote: 10 },
  /** More than 10 messages a batch need a batching window in AWS (the local queue takes what is there). */
  maxBatchingWindowSeconds: 1,
  /** Receives before a message moves to the dead-letter queue. */
  maxReceiveCount: 5,
  /** The worker's Lambda timeout. */
  workerTimeoutSeconds: 60,
  /** AWS advises at least six times the function timeout, so a slow batch is not redelivered mid-run. */
  visibilityTimeoutSeconds: 360,
  /** Concurrent worker invocations (AWS) and pollers (local). */
  maxConcurrency: 10,
  localConcurrency: 4,
  dlqRetentionDays: 14,
} as const;

/** Messages per worker invocation for the configured AI provider (AI_PROVIDER). */
export function suggestionsBatchSize(provider: string | undefined): number {
  return (provider ?? 'builtin') === 'builtin' ? suggestionsQueueDefinition.batchSize.builtin : suggestionsQueueDefinition.batchSize.remote;
}

export const suggestionsQueueName = (stage: string) => `quality-desk-${stage}-suggestions`;
export const suggestionsDeadLetterQueueName = (stage: string) => `quality-desk-${stage}-suggestions-dlq`;

/**
 * The lease policy of the queued mark (queue-rules): the visibility timeout in effect (the
 * definition's in AWS, the local queue's locally) and the receive count before the DLQ.
 */
export function suggestionsLeasePolicy(visibilitySeconds: number | undefined): { visibilityMs: number; maxReceiveCount: number } {
  return { visibilityMs: (visibilitySeconds ?? suggestionsQueueDefinition.visibilityTimeoutSeconds) * 1000, maxReceiveCount: suggestionsQueueDefinition.maxReceiveCount };
}
