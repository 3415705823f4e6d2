import { SendMessageBatchCommand, SQSClient } from '@aws-sdk/client-sqs';
import type { SuggestionQueue } from '../../domain/ai/pipeline/ports';
import type { SuggestionMessage } from '../../domain/ai/pipeline/records';

// The suggestions queue in AWS: SendMessageBatch, ten at a time, failed entries retried.

const SQS_BATCH = 10;
const ATTEMPTS = 3;

export function sqsQueue(queueUrl: string, client = new SQSClient({})): SuggestionQueue {
  return {
    async send(messages: readonly SuggestionMessage[]) {
      for (let i = 0; i < messages.length; i += SQS_BATCH) {
        let entries = messages.slice(i, i + SQS_BATCH).map((m, j) => ({ Id: String(j), MessageBody: JSON.stringify(m) }));
        for (let attempt = 0; entries.length > 0; attempt++) {
          if (attempt >= ATTEMPTS) throw new Error(`Could not queue ${entries.length} suggestion message(s)`);
          const out = await client.send(new SendMessageBatchCommand({ QueueUrl: queueUrl, Entries: entries }));
          const failed = new Set((out.Failed ?? []).map((f) => f.Id));
          entries = entries.filter((e) => failed.has(e.Id));
        }
      }
    },
  };
}
