import { CloudWatchClient, GetMetricStatisticsCommand } from '@aws-sdk/client-cloudwatch';
import { GetQueueAttributesCommand, SQSClient } from '@aws-sdk/client-sqs';
import { localSuggestionsQueue } from './suggestion-queue';

// The suggestions queue's state for System status (issue 9 item 6): depth, in flight, age of the
// oldest message and dead-letter depth. Locally from the in-process queue; in AWS from SQS
// GetQueueAttributes (both queues) and CloudWatch's ApproximateAgeOfOldestMessage (SQS has no
// attribute for it). Only the system status route is granted these calls.

export interface QueueAttributes {
  depth: number;
  inFlight: number;
  /** Null when no figure is published yet (an idle queue has no datapoints). */
  oldestAgeSeconds: number | null;
  deadLetters: number;
}

export interface QueueProbeConfig {
  queueUrl?: string;
  deadLetterQueueUrl?: string;
}

const queueNameOf = (url: string) => url.slice(url.lastIndexOf('/') + 1);

export async function probeSuggestionsQueue(
  config: QueueProbeConfig = { queueUrl: process.env.SUGGESTIONS_PROBE_QUEUE_URL, deadLetterQueueUrl: process.env.SUGGESTIONS_DLQ_URL },
  clients: { sqs?: SQSClient; cloudWatch?: CloudWatchClient; now?: () => Date } = {},
): Promise<QueueAttributes> {
  if (!config.queueUrl) {
    const local = localSuggestionsQueue();
    if (!local) throw new Error('No suggestions queue to probe');
    return local.attributes();
  }
  const sqs = clients.sqs ?? new SQSClient({});
  const cloudWatch = clients.cloudWatch ?? new CloudWatchClient({});
  const now = clients.now?.() ?? new Date();
  const attributes = (url: string) =>
    sqs.send(new GetQueueAttributesCommand({ QueueUrl: url, AttributeNames: ['ApproximateNumberOfMessages', 'ApproximateNumberOfMessagesNotVisible'] }));
  const [main, dead, age] = await Promise.all([
    attributes(config.queueUrl),
    config.deadLetterQueueUrl ? attributes(config.deadLetterQueueUrl) : Promise.resolve(undefined),
    cloudWatch.send(
      new GetMetricStatisticsCommand({
        Namespace: 'AWS/SQS',
        MetricName: 'ApproximateAgeOfOldestMessage',
        Dimensions: [{ Name: 'QueueName', Value: queueNameOf(config.queueUrl) }],
        StartTime: new Date(now.getTime() - 5 * 60_000),
        EndTime: now,
        Period: 60,
        Statistics: ['Maximum'],
      }),
    ),
  ]);
  const n = (value: string | undefined) => Number(value ?? 0);
  const latest = [...(age.Datapoints ?? [])].sort((a, b) => (b.Timestamp?.getTime() ?? 0) - (a.Timestamp?.getTime() ?? 0))[0];
  return {
    depth: n(main.Attributes?.ApproximateNumberOfMessages),
    inFlight: n(main.Attributes?.ApproximateNumberOfMessagesNotVisible),
    oldestAgeSeconds: latest?.Maximum !== undefined ? Math.round(latest.Maximum) : null,
    deadLetters: n(dead?.Attributes?.ApproximateNumberOfMessages) + n(dead?.Attributes?.ApproximateNumberOfMessagesNotVisible),
  };
}
