import { describe, expect, it } from 'vitest';
import { withLogScope } from '../../lib/logger';
import { batchCorrelationId } from '../../worker/suggestions-worker';
import type { SuggestionMessage } from '../../domain/ai/pipeline/records';
import { LocalQueue } from './local-queue';
import { registerLocalQueue, suggestionQueue, withCorrelationId } from './suggestion-queue';

const message: SuggestionMessage = {
  v: 1, orgId: 'o', instanceId: 'i', datasetId: 'd', issueId: 'x', jobId: 'j', user: 'u', generation: 0, enqueuedAt: '2026-01-01T00:00:00.000Z',
};

describe('correlation id through the suggestions queue', () => {
  it('stamps the running request id on each message, keeping one already there', () => {
    expect(withCorrelationId(message, 'cid-1').correlationId).toBe('cid-1');
    expect(withCorrelationId({ ...message, correlationId: 'first' }, 'cid-1').correlationId).toBe('first');
    expect(withCorrelationId(message, undefined)).toEqual(message);
  });

  it('the queue of the local stack receives the id of the request that sent', async () => {
    const bodies: string[] = [];
    const queue = new LocalQueue(async () => ({ batchItemFailures: [] }), { name: 't', batchSize: 10, maxReceiveCount: 3, concurrency: 1, visibilityTimeoutMs: 1000 });
    const send = queue.send.bind(queue);
    queue.send = (items: readonly string[]) => { bodies.push(...items); return send(items); };
    registerLocalQueue(queue);
    try {
      await withLogScope({ correlationId: 'req-42' }, () => suggestionQueue().send([message]));
    } finally {
      registerLocalQueue(undefined);
    }
    expect(JSON.parse(bodies[0]!).correlationId).toBe('req-42');
  });

  it('the worker takes the one id of its batch, or its own when the batch mixes requests', () => {
    expect(batchCorrelationId(['a', 'a', undefined], 'fb')).toBe('a');
    expect(batchCorrelationId(['a', 'b'], 'fb')).toBe('fb');
    expect(batchCorrelationId([undefined], 'fb')).toBe('fb');
  });
});
