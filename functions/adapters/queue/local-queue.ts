import { randomUUID } from 'node:crypto';
import type { SQSBatchResponse, SQSEvent, SQSRecord } from 'aws-lambda';

// The in-process queue of the local stack, with the SQS semantics the worker relies on: batches
// of up to `batchSize` messages; a received message stays invisible for the visibility timeout;
// messages the handler reports failed (partial batch failure) or all of a batch whose handler
// throws come back after it; past `maxReceiveCount` receives a message moves to the dead-letter
// list instead. `concurrency` pollers run side by side, like concurrent Lambda invocations.

export interface LocalQueueOptions {
  batchSize?: number;
  visibilityTimeoutMs?: number;
  maxReceiveCount?: number;
  concurrency?: number;
  /** Idle pollers look again after this long. */
  pollIntervalMs?: number;
  name?: string;
}

export type BatchHandler = (event: SQSEvent) => Promise<SQSBatchResponse | void>;

interface Held {
  messageId: string;
  body: string;
  receiveCount: number;
  visibleAt: number;
  sentAt: number;
  firstReceivedAt?: number;
}

export interface DeadLetter {
  messageId: string;
  body: string;
  receiveCount: number;
}

export class LocalQueue {
  private readonly messages = new Map<string, Held>();
  private readonly dead: DeadLetter[] = [];
  private readonly options: Required<LocalQueueOptions>;
  private running = false;
  private pollers: Promise<void>[] = [];
  private inFlight = 0;
  private wake: Array<() => void> = [];
  readonly stats = { sent: 0, deleted: 0, received: 0, batches: 0, failedReceives: 0, deadLettered: 0 };

  constructor(
    private readonly handler: BatchHandler,
    options: LocalQueueOptions = {},
  ) {
    this.options = {
      batchSize: options.batchSize ?? 10,
      visibilityTimeoutMs: options.visibilityTimeoutMs ?? 30_000,
      maxReceiveCount: options.maxReceiveCount ?? 5,
      concurrency: options.concurrency ?? 2,
      pollIntervalMs: options.pollIntervalMs ?? 50,
      name: options.name ?? 'local-queue',
    };
  }

  send(bodies: readonly string[]): string[] {
    const now = Date.now();
    const ids = bodies.map((body) => {
      const messageId = randomUUID();
      this.messages.set(messageId, { messageId, body, receiveCount: 0, visibleAt: now, sentAt: now });
      return messageId;
    });
    this.stats.sent += bodies.length;
    for (const w of this.wake.splice(0)) w();
    return ids;
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    this.pollers = Array.from({ length: this.options.concurrency }, () => this.poll());
  }

  async stop(): Promise<void> {
    this.running = false;
    for (const w of this.wake.splice(0)) w();
    await Promise.all(this.pollers);
  }

  /** Whether its pollers run (stopped: messages wait forever). */
  get isRunning(): boolean {
    return this.running;
  }

  /** Messages waiting or in flight (not dead-lettered). */
  get depth(): number {
    return this.messages.size;
  }

  deadLetters(): readonly DeadLetter[] {
    return this.dead;
  }

  /**
   * What GetQueueAttributes (and CloudWatch's age metric) report for an SQS queue: messages
   * waiting to be received, messages received and not yet deleted (in flight), the age of the
   * oldest message, and the dead-letter list's length.
   */
  attributes(now = Date.now()): { depth: number; inFlight: number; oldestAgeSeconds: number; deadLetters: number } {
    let depth = 0;
    let inFlight = 0;
    let oldest = now;
    for (const held of this.messages.values()) {
      if (held.visibleAt > now) inFlight++;
      else depth++;
      oldest = Math.min(oldest, held.sentAt);
    }
    return { depth, inFlight, oldestAgeSeconds: Math.round((now - oldest) / 1000), deadLetters: this.dead.length };
  }

  /** Resolves when no message is left and no batch is running (or the timeout passes). */
  async drain(timeoutMs = 60_000): Promise<boolean> {
    const until = Date.now() + timeoutMs;
    while (Date.now() < until) {
      if (this.messages.size === 0 && this.inFlight === 0) return true;
      await new Promise((r) => setTimeout(r, 10));
    }
    return false;
  }

  /** Takes the next batch of visible messages (receiving them), moving exhausted ones to the DLQ. */
  private receive(now: number): Held[] {
    const batch: Held[] = [];
    for (const held of this.messages.values()) {
      if (held.visibleAt > now) continue;
      if (held.receiveCount >= this.options.maxReceiveCount) {
        // SQS redrive: a message received maxReceiveCount times without deletion goes to the DLQ.
        this.messages.delete(held.messageId);
        this.dead.push({ messageId: held.messageId, body: held.body, receiveCount: held.receiveCount });
        this.stats.deadLettered++;
        continue;
      }
      held.receiveCount++;
      held.firstReceivedAt ??= now;
      held.visibleAt = now + this.options.visibilityTimeoutMs;
      batch.push(held);
      if (batch.length >= this.options.batchSize) break;
    }
    return batch;
  }

  private record(held: Held): SQSRecord {
    return {
      messageId: held.messageId,
      receiptHandle: `${held.messageId}#${held.receiveCount}`,
      body: held.body,
      attributes: {
        ApproximateReceiveCount: String(held.receiveCount),
        SentTimestamp: String(held.sentAt),
        SenderId: 'local',
        ApproximateFirstReceiveTimestamp: String(held.firstReceivedAt ?? held.sentAt),
      },
      messageAttributes: {},
      md5OfBody: '',
      eventSource: 'aws:sqs',
      eventSourceARN: `arn:aws:sqs:local:000000000000:${this.options.name}`,
      awsRegion: 'local',
    };
  }

  private async poll(): Promise<void> {
    while (this.running) {
      const batch = this.receive(Date.now());
      if (batch.length === 0) {
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, this.options.pollIntervalMs);
          this.wake.push(() => {
            clearTimeout(timer);
            resolve();
          });
        });
        continue;
      }
      this.inFlight++;
      this.stats.batches++;
      this.stats.received += batch.length;
      try {
        const response = await this.handler({ Records: batch.map((h) => this.record(h)) });
        const failed = new Set((response?.batchItemFailures ?? []).map((f) => f.itemIdentifier));
        for (const held of batch) {
          if (failed.has(held.messageId)) this.stats.failedReceives++;
          else if (this.messages.delete(held.messageId)) this.stats.deleted++;
        }
      } catch {
        // A thrown handler fails the whole batch: every message returns after its visibility timeout.
        this.stats.failedReceives += batch.length;
      } finally {
        this.inFlight--;
      }
    }
  }
}
