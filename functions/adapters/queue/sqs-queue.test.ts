import { SendMessageBatchCommand, SQSClient } from '@aws-sdk/client-sqs';
import { mockClient } from 'aws-sdk-client-mock';
import type { SuggestionMessage } from '../../domain/ai/pipeline/records';
import { sqsQueue } from './sqs-queue';

const sqs = mockClient(SQSClient);
const message = (i: number): SuggestionMessage => ({ v: 1, orgId: 'o', instanceId: 'i', datasetId: 'd', issueId: `I${i}`, jobId: 'J', user: 'u@x.io', generation: 0, enqueuedAt: '2026-01-01T00:00:00.000Z' });

beforeEach(() => sqs.reset());

describe('SQS suggestions queue', () => {
  it('sends messages ten at a time', async () => {
    sqs.on(SendMessageBatchCommand).resolves({ Successful: [], Failed: [] });
    await sqsQueue('https://sqs/q', new SQSClient({ region: 'us-east-1' })).send(Array.from({ length: 23 }, (_, i) => message(i)));
    const calls = sqs.commandCalls(SendMessageBatchCommand).map((c) => c.args[0].input.Entries!.length);
    expect(calls).toEqual([10, 10, 3]);
    expect(JSON.parse(sqs.commandCalls(SendMessageBatchCommand)[0]!.args[0].input.Entries![0]!.MessageBody!)).toEqual(message(0));
  });

  it('retries the entries SQS reports failed', async () => {
    sqs.on(SendMessageBatchCommand).resolvesOnce({ Failed: [{ Id: '1', Code: 'x', SenderFault: false }] }).resolves({ Failed: [] });
    await sqsQueue('https://sqs/q', new SQSClient({ region: 'us-east-1' })).send([message(0), message(1)]);
    expect(sqs.commandCalls(SendMessageBatchCommand)[1]!.args[0].input.Entries).toEqual([expect.objectContaining({ Id: '1' })]);
  });
});
