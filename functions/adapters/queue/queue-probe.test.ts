import { CloudWatchClient, GetMetricStatisticsCommand } from '@aws-sdk/client-cloudwatch';
import { GetQueueAttributesCommand, SQSClient } from '@aws-sdk/client-sqs';
import { mockClient } from 'aws-sdk-client-mock';
import { describe, expect, it } from 'vitest';
import { LocalQueue } from './local-queue';
import { probeSuggestionsQueue } from './queue-probe';
import { registerLocalQueue } from './suggestion-queue';

const MAIN = 'https://sqs.eu-west-1.amazonaws.com/123456789012/quality-desk-dev-suggestions';
const DLQ = 'https://sqs.eu-west-1.amazonaws.com/123456789012/quality-desk-dev-suggestions-dlq';

describe('suggestions queue probe', () => {
  it('reads depth and in-flight of both queues with GetQueueAttributes and the oldest age from CloudWatch', async () => {
    const sqs = mockClient(SQSClient);
    sqs.on(GetQueueAttributesCommand, { QueueUrl: MAIN }).resolves({ Attributes: { ApproximateNumberOfMessages: '120', ApproximateNumberOfMessagesNotVisible: '30' } });
    sqs.on(GetQueueAttributesCommand, { QueueUrl: DLQ }).resolves({ Attributes: { ApproximateNumberOfMessages: '2', ApproximateNumberOfMessagesNotVisible: '0' } });
    const cw = mockClient(CloudWatchClient);
    cw.on(GetMetricStatisticsCommand).resolves({
      Datapoints: [
        { Timestamp: new Date('2026-03-03T10:03:00Z'), Maximum: 41.6 },
        { Timestamp: new Date('2026-03-03T10:02:00Z'), Maximum: 400 },
      ],
    });
    const figures = await probeSuggestionsQueue({ queueUrl: MAIN, deadLetterQueueUrl: DLQ }, { sqs: new SQSClient({}), cloudWatch: new CloudWatchClient({}), now: () => new Date('2026-03-03T10:04:00Z') });
    expect(figures).toEqual({ depth: 120, inFlight: 30, oldestAgeSeconds: 42, deadLetters: 2 });
    const metric = cw.commandCalls(GetMetricStatisticsCommand)[0]!.args[0].input;
    expect(metric).toMatchObject({ Namespace: 'AWS/SQS', MetricName: 'ApproximateAgeOfOldestMessage', Dimensions: [{ Name: 'QueueName', Value: 'quality-desk-dev-suggestions' }] });
    sqs.restore();
    cw.restore();
  });

  it('reads the in-process queue locally: waiting, in flight, oldest age and dead letters', async () => {
    let release: () => void = () => undefined;
    const queue = new LocalQueue(() => new Promise<void>((r) => (release = r)).then(() => ({ batchItemFailures: [] })), { batchSize: 1, concurrency: 1, pollIntervalMs: 5 });
    registerLocalQueue(queue);
    try {
      queue.send(['a', 'b', 'c']);
      queue.start();
      await new Promise((r) => setTimeout(r, 50));
      const figures = await probeSuggestionsQueue({});
      expect(figures).toMatchObject({ depth: 2, inFlight: 1, deadLetters: 0 });
      expect(figures.oldestAgeSeconds).toBeGreaterThanOrEqual(0);
    } finally {
      release();
      await queue.stop();
      registerLocalQueue(undefined);
    }
  });
});
