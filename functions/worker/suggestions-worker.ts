import type { Context, SQSBatchResponse, SQSEvent } from 'aws-lambda';
import * as z from 'zod';
import { ISSUE_STATUSES, ISSUE_TYPES } from '../../shared/constants';
import { taxonomySchema } from '../../shared/schemas/issues';
import { processMessages, type ReceivedMessage } from '../domain/ai/pipeline/process-messages';
import type { SuggestionMessage } from '../domain/ai/pipeline/records';
import { providerDeps } from '../adapters/ai/wiring';
import { logger, withLogScope } from '../lib/logger';
import { countMetric, MetricName } from '../lib/metrics';

// The suggestions worker: SQS batches in, partial batch failures out (only the failed messages
// come back; after maxReceiveCount they go to the DLQ). The same handler runs locally, fed by
// the in-process queue.

const id = z.string().min(1).max(200);
const text = z.string().max(2_000);

/**
 * The row as queued (request-suggestions' snapshotOf, at most 16,000 characters in all). The worker
 * works from it without reading the row again; its write is conditioned on the row's status,
 * version and AI revision being exactly these, so a snapshot that no longer matches writes nothing.
 */
const snapshotSchema = z.object({
  issue_id: id,
  dataset_id: id,
  record_key: text,
  record_id: text,
  name: text,
  issue_column: text,
  current_value: z.string().max(16_000).nullable(),
  status: z.enum(ISSUE_STATUSES),
  check_name: text,
  owner: text,
  scan_time: z.string().max(40),
  issue_type: z.enum(ISSUE_TYPES),
  taxonomy: taxonomySchema.optional(),
  version: z.number().int().min(0),
  ai_status: z.literal('queued'),
  ai_job: id,
  /** The requester's e-mail address (at most 320 characters). */
  ai_user: z.string().min(1).max(320),
  ai_gen: z.number().int().min(0),
  ai_queued_at: z.string().max(40),
  ai_rev: z.number().int().min(0),
});

const messageSchema = z.object({
  v: z.literal(1),
  orgId: id,
  instanceId: id,
  datasetId: id,
  issueId: id,
  jobId: id,
  user: z.string().min(1).max(320),
  generation: z.number().int().min(0),
  enqueuedAt: z.string().max(40),
  correlationId: z.string().max(100).optional(),
  /** An unreadable snapshot, or one of another row, is left out: the worker reads the row then. */
  snapshot: snapshotSchema.optional().catch(undefined),
});

/** The message, with its snapshot only when it describes the message's own row. */
export function readMessage(body: string): SuggestionMessage {
  const { snapshot, ...message } = messageSchema.parse(JSON.parse(body));
  return snapshot && snapshot.issue_id === message.issueId && snapshot.dataset_id === message.datasetId ? { ...message, snapshot } : message;
}

/** The batch's correlation id: the one request that queued it, or the batch's own when it mixes several. */
export function batchCorrelationId(ids: readonly (string | undefined)[], fallback: string): string {
  const distinct = new Set(ids.filter((id): id is string => Boolean(id)));
  return distinct.size === 1 ? [...distinct][0]! : fallback;
}

export async function handler(event: SQSEvent, context?: Context): Promise<SQSBatchResponse> {
  const received: ReceivedMessage[] = [];
  const failed: string[] = [];
  for (const record of event.Records) {
    try {
      const receiveCount = Number(record.attributes?.ApproximateReceiveCount);
      received.push({ id: record.messageId, message: readMessage(record.body), ...(Number.isInteger(receiveCount) && receiveCount > 0 ? { receiveCount } : {}) });
    } catch {
      // Unreadable: let it go to the DLQ for a look rather than drop it silently.
      logger.error('unreadable suggestion message', { messageId: record.messageId });
      failed.push(record.messageId);
    }
  }
  const correlationIds = received.map((r) => r.message.correlationId);
  const correlationId = batchCorrelationId(correlationIds, context?.awsRequestId ?? event.Records[0]?.messageId ?? 'batch');
  return withLogScope({ correlationId, ...(context ? { context } : {}) }, async () => {
    const deps = providerDeps();
    const result = await processMessages(context ? { ...deps, remainingMs: () => context.getRemainingTimeInMillis() } : deps, received);
    const outcomes: Record<string, number> = {};
    for (const outcome of result.outcomes.values()) outcomes[outcome] = (outcomes[outcome] ?? 0) + 1;
    // A row processed to the end is charged one credit (stored suggestion or definite abstention).
    const processed = (outcomes.stored ?? 0) + (outcomes.abstained ?? 0);
    countMetric(MetricName.RowsProcessed, processed);
    countMetric(MetricName.CreditsCharged, processed);
    const requestIds = [...new Set(correlationIds.filter(Boolean))];
    logger.info('suggestion batch', {
      messages: event.Records.length,
      failed: failed.length + result.failed.length,
      outcomes,
      ...(requestIds.length > 1 ? { correlationIds: requestIds.slice(0, 10) } : {}),
    });
    return { batchItemFailures: [...failed, ...result.failed].map((itemIdentifier) => ({ itemIdentifier })) };
  });
}
