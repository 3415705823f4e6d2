import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { z } from 'zod';
import { processMessages, type ReceivedMessage } from '../domain/ai/pipeline/process-messages';
import { providerDeps } from '../adapters/ai/wiring';
import { logger } from '../lib/logger';

// The suggestions worker: SQS batches in, partial batch failures out (only the failed messages
// come back; after maxReceiveCount they go to the DLQ). The same handler runs locally, fed by
// the in-process queue.

const messageSchema = z.object({
  v: z.literal(1),
  orgId: z.string().min(1),
  instanceId: z.string().min(1),
  datasetId: z.string().min(1),
  issueId: z.string().min(1),
  jobId: z.string().min(1),
  user: z.string().min(1),
  generation: z.number().int().min(0),
  enqueuedAt: z.string(),
});

export async function handler(event: SQSEvent): Promise<SQSBatchResponse> {
  const received: ReceivedMessage[] = [];
  const failed: string[] = [];
  for (const record of event.Records) {
    try {
      const receiveCount = Number(record.attributes?.ApproximateReceiveCount);
      received.push({ id: record.messageId, message: messageSchema.parse(JSON.parse(record.body)), ...(Number.isInteger(receiveCount) && receiveCount > 0 ? { receiveCount } : {}) });
    } catch {
      // Unreadable: let it go to the DLQ for a look rather than drop it silently.
      logger.error('unreadable suggestion message', { messageId: record.messageId });
      failed.push(record.messageId);
    }
  }
  const result = await processMessages(providerDeps(), received);
  const outcomes: Record<string, number> = {};
  for (const outcome of result.outcomes.values()) outcomes[outcome] = (outcomes[outcome] ?? 0) + 1;
  logger.info('suggestion batch', { messages: event.Records.length, failed: failed.length + result.failed.length, outcomes });
  return { batchItemFailures: [...failed, ...result.failed].map((itemIdentifier) => ({ itemIdentifier })) };
}
