import { windowFor, type AttemptBuckets, type Bucket, type BucketRule, type KnownSources, type Reservation } from '../domain/session/attempt-guard';

// In-memory attempt buckets for unit tests, with the DynamoDB adapter's semantics (each call is
// atomic: JavaScript runs one at a time between awaits).

interface Item {
  attempts: number;
  windowEnd: number;
  level: number;
  sources: Set<string>;
}

const id = (b: Bucket) => JSON.stringify(b);

export class MemoryAttemptBuckets implements AttemptBuckets {
  readonly items = new Map<string, Item>();

  private full(item: Item, rule: BucketRule) {
    return item.attempts >= rule.max && (!rule.minSources || item.sources.size >= rule.minSources);
  }

  async reserve(bucket: Bucket, rule: BucketRule, nowMs: number, source?: string): Promise<Reservation> {
    const item = this.items.get(id(bucket));
    if (item && item.windowEnd > nowMs) {
      if (this.full(item, rule)) return { reserved: false, retryAtMs: item.windowEnd };
      item.attempts++;
      if (source !== undefined && rule.minSources) item.sources.add(source);
      return { reserved: true, count: item.attempts };
    }
    const level = item && item.attempts >= rule.max ? item.level + 1 : 0;
    this.items.set(id(bucket), { attempts: 1, windowEnd: nowMs + windowFor(rule, level), level, sources: new Set(source !== undefined && rule.minSources ? [source] : []) });
    return { reserved: true, count: 1 };
  }

  async release(bucket: Bucket) {
    const item = this.items.get(id(bucket));
    if (item && item.attempts > 0) item.attempts--;
  }

  async succeeded(bucket: Bucket) {
    const item = this.items.get(id(bucket));
    if (!item) return;
    if (item.attempts > 0) item.attempts--;
    item.level = 0;
  }

  async blockedUntil(bucket: Bucket, rule: BucketRule, nowMs: number) {
    const item = this.items.get(id(bucket));
    return item && item.windowEnd > nowMs && this.full(item, rule) ? item.windowEnd : undefined;
  }
}

export class MemoryKnownSources implements KnownSources {
  readonly known = new Set<string>();
  async isKnown(account: string, source: string) {
    return this.known.has(`${account} ${source}`);
  }
  async remember(account: string, source: string) {
    this.known.add(`${account} ${source}`);
  }
}
