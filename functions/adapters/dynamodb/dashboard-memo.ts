import { LRUCache } from 'lru-cache';
import type { DailyActivity } from '../../domain/dashboard/daily-activity';
import type { InstanceRef } from '../../domain/dashboard/ports';
import type { CounterCell } from '../../domain/issues/counters';
import type { FixRecord } from '../../domain/dashboard/learned-fixes';
import { readStamps, type DatasetStamp } from './dataset-stamp';

// The dashboard's figures per dataset, kept in the container's memory while the dataset's change
// stamp says they still hold (issue 12). Every call reads the stamps of its datasets (one batched
// read) and then only what changed since: an instance of 20 datasets costs two or three requests
// instead of sixty, whatever the number of issues. Exact: a figure is read after the stamp, and
// every writer bumps the stamp in the transaction that changes what the figure counts, so a
// memoized figure is used only while nothing it counts has changed (dataset-stamp.ts).

// Bounded by what they hold, least recently used first out, so a container serving many large
// datasets keeps a few tens of MB at most (a route Lambda has 512 MB).
const MAX_ENTRIES = 4_096;

/** Memo keys start with their instance (refresh-cache drops one instance's). */
const instancePrefix = (instance: InstanceRef) => `${instance.organizationId}\u0000${instance.instanceId}\u0000`;
/** Counter cells (~150 bytes each). */
const MAX_CELLS = 200_000;
/** Days of activity (~500 bytes each with their buckets). */
const MAX_DAYS = 50_000;
/** Fix records (~100 bytes each). */
const MAX_FIXES = 200_000;

const counters = new LRUCache<string, readonly CounterCell[]>({ max: MAX_ENTRIES, maxSize: MAX_CELLS, sizeCalculation: (cells) => Math.max(1, cells.length) });
const quickWins = new LRUCache<string, number>({ max: MAX_ENTRIES });
const fixes = new LRUCache<string, readonly FixRecord[]>({ max: MAX_ENTRIES, maxSize: MAX_FIXES, sizeCalculation: (list) => Math.max(1, list.length) });
/** Settled days of a dataset from `from` on. */
interface SettledDays {
  from: string;
  days: readonly DailyActivity[];
}
const settledDays = new LRUCache<string, SettledDays>({ max: MAX_ENTRIES, maxSize: MAX_DAYS, sizeCalculation: (m) => Math.max(1, m.days.length) });

/** Empties the memos, of one instance or all (refresh-cache; the benchmark's calls that find nothing memoized). */
export function clearDashboardMemo(instance?: InstanceRef): void {
  const prefix = instance ? instancePrefix(instance) : '';
  const drop = (memo: { keys(): IterableIterator<string>; delete(key: string): boolean }) => {
    for (const key of [...memo.keys()]) if (key.startsWith(prefix)) memo.delete(key);
  };
  drop(counters);
  drop(quickWins);
  drop(fixes);
  drop(settledDays);
}

/**
 * The stamps of these datasets. Reads asked for in the same synchronous run share one request (a
 * dashboard call asks for counters, days and quick wins side by side); the request goes out after
 * that run, so it is no older than any of them. A later call (another request: one the user makes
 * after a change of theirs returned) never joins it and reads the stamps afresh.
 */
const inFlight = new Map<string, Promise<Map<string, DatasetStamp>>>();
function stampsOf(instance: InstanceRef, ids: readonly string[]): Promise<Map<string, DatasetStamp>> {
  const key = [instance.organizationId, instance.instanceId, ...ids].join('\u0000');
  const pending = inFlight.get(key);
  if (pending) return pending;
  const read = readStamps(instance, ids);
  inFlight.set(key, read);
  queueMicrotask(() => inFlight.delete(key));
  return read;
}

const datasetKey = (instance: InstanceRef, id: string, stamp: DatasetStamp) => `${instancePrefix(instance)}${id}\u0000${stamp.born}`;

/**
 * Per dataset, `read(id)` unless memoized under the same stamp version (and `covers` the memoized
 * value): `version` picks the part of the stamp the figure depends on. Datasets without a stamp
 * are always read.
 */
async function memoized<T extends {}>(
  memo: LRUCache<string, T>,
  instance: InstanceRef,
  ids: readonly string[],
  version: (stamp: DatasetStamp) => string,
  read: (id: string) => Promise<T>,
  covers: (value: T) => boolean = () => true,
): Promise<Map<string, T>> {
  const stamps = await stampsOf(instance, ids);
  const entries = await Promise.all(
    ids.map(async (id): Promise<[string, T]> => {
      const stamp = stamps.get(id);
      const key = stamp ? `${datasetKey(instance, id, stamp)}\u0000${version(stamp)}` : undefined;
      const hit = key === undefined ? undefined : memo.get(key);
      if (hit !== undefined && covers(hit)) return [id, hit];
      const value = await read(id);
      if (key !== undefined) memo.set(key, value);
      return [id, value];
    }),
  );
  return new Map(entries);
}

export const memoizedCounters = (instance: InstanceRef, ids: readonly string[], read: (id: string) => Promise<readonly CounterCell[]>) =>
  memoized(counters, instance, ids, (s) => `v${s.v}`, read);

/** The newest resolved rows: only a change of the counters (a resolution is one) changes them. */
export const memoizedRecentFixes = (instance: InstanceRef, id: string, limit: number, read: () => Promise<readonly FixRecord[]>) =>
  memoized(fixes, instance, [id], (s) => `v${s.v}\u0000${limit}`, read).then((found) => found.get(id)!);

export const memoizedQuickWinCounts = (instance: InstanceRef, ids: readonly string[], read: (id: string) => Promise<number>) =>
  memoized(quickWins, instance, ids, (s) => `qv${s.qv}`, read);

/**
 * Settled daily records from `from` to `settled` (inclusive): only a reset changes them (a new
 * generation), so they are memoized per generation and settled day. A longer range than the one
 * memoized is read (and memoized) whole; a shorter one is cut from it.
 */
export async function memoizedSettledDays(
  instance: InstanceRef,
  ids: readonly string[],
  from: string,
  settled: string,
  read: (id: string) => Promise<readonly DailyActivity[]>,
): Promise<Map<string, readonly DailyActivity[]>> {
  const found = await memoized(settledDays, instance, ids, () => `d${settled}`, async (id) => ({ from, days: await read(id) }), (m) => m.from <= from);
  return new Map([...found].map(([id, m]) => [id, m.days.filter((d) => d.date >= from)]));
}
