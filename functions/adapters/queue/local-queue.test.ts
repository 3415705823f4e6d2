import type { SQSEvent } from 'aws-lambda';
import { LocalQueue } from './local-queue';

const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('local queue (SQS semantics)', () => {
  let queue: LocalQueue | undefined;
  afterEach(async () => queue?.stop());

  it('delivers messages in batches and deletes the ones handled', async () => {
    const batches: number[] = [];
    queue = new LocalQueue(async (event) => {
      batches.push(event.Records.length);
      return { batchItemFailures: [] };
    }, { batchSize: 10, concurrency: 1 });
    queue.send(Array.from({ length: 25 }, (_, i) => `m${i}`));
    queue.start();
    expect(await queue.drain(2000)).toBe(true);
    expect(batches).toEqual([10, 10, 5]);
    expect(queue.stats).toMatchObject({ sent: 25, deleted: 25 });
  });

  it('redelivers a reported failure after the visibility timeout, with a higher receive count', async () => {
    const seen: Array<[string, string]> = [];
    queue = new LocalQueue(async (event: SQSEvent) => {
      const failures = [];
      for (const r of event.Records) {
        seen.push([r.body, r.attributes.ApproximateReceiveCount]);
        if (r.body === 'flaky' && r.attributes.ApproximateReceiveCount === '1') failures.push({ itemIdentifier: r.messageId });
      }
      return { batchItemFailures: failures };
    }, { visibilityTimeoutMs: 60, concurrency: 1, pollIntervalMs: 5 });
    queue.send(['ok', 'flaky']);
    queue.start();
    await wait(20);
    expect(seen).toEqual([['ok', '1'], ['flaky', '1']]);
    expect(await queue.drain(2000)).toBe(true);
    expect(seen).toContainEqual(['flaky', '2']);
  });

  it('moves a message to the dead-letter list after maxReceiveCount receives', async () => {
    queue = new LocalQueue(async () => {
      throw new Error('poison');
    }, { visibilityTimeoutMs: 10, maxReceiveCount: 3, concurrency: 1, pollIntervalMs: 2 });
    queue.send(['poison']);
    queue.start();
    expect(await queue.drain(2000)).toBe(true);
    expect(queue.deadLetters()).toEqual([expect.objectContaining({ body: 'poison', receiveCount: 3 })]);
  });

  it('runs batches side by side up to its concurrency', async () => {
    let running = 0;
    let peak = 0;
    queue = new LocalQueue(async () => {
      running++;
      peak = Math.max(peak, running);
      await wait(30);
      running--;
      return { batchItemFailures: [] };
    }, { batchSize: 1, concurrency: 3 });
    queue.send(['a', 'b', 'c', 'd', 'e', 'f']);
    queue.start();
    await queue.drain(2000);
    expect(peak).toBe(3);
  });
});
