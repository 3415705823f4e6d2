import { LRUCache } from 'lru-cache';
import type { DailyActivity } from '../../domain/dashboard/daily-activity';
import type { InstanceRef } from '../../domain/dashboard/ports';
import type { CounterCell } from '../../domain/issues/counters';
import { readStamps, type DatasetStamp } from './dataset-stamp';

// The dashboard's figures per dataset, kept in the container's memory while the dataset's change
// stamp says they still hold (issue 12). Every call reads the stamps of its datasets (one batched
// read) and then only what changed since: an instance of 20 datasets costs two or three requests
// instead of sixty, whatever the number of issues. Exact: a figure is read after the stamp, and
// every writer bumps the stamp in the transaction that changes what the figure counts, so a
// memoized figure is used only while nothing it counts has changed (dataset-stamp.ts).

const MAX_ENTRIES = 4_096;

const counters = new LRUCache<string, readonly CounterCell[]>({ max: MAX_ENTRIES });
const quickWins = new LRUCache<string, number>({ max: MAX_ENTRIES });
const settledDays = new LRUCache<string, readonly DailyActivity[]>({ max: MAX_ENTRIES });

/** Empties the memos, of one instance or all (refresh-cache; the benchmark's calls that find nothing memoized). */
export function clearDashboardMemo(instance?: InstanceRef): void {
  const prefix = instance ? `${instance.organizationId}\u0000${instance.instanceId}\u0000` : '';
  const drop = (memo: { keys(): IterableIterator<string>; delete(key: string): boolean }) => {
    for (const key of [...memo.keys()]) if (key.startsWith(prefix)) memo.delete(key);
  };
  drop(counters);
  drop(quickWins);
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

const datasetKey = (instance: InstanceRef, id: string, stamp: DatasetStamp) => `${instance.organizationId}\u0000${instance.instanceId}\u0000${id}\u0000${stamp.born}`;

/**
 * Per dataset, `read(id)` unless memoized under the same stamp version: `version` picks the part of
 * the stamp the figure depends on. Datasets without a stamp are always read.
 */
async function memoized<T extends {}>(
  memo: LRUCache<string, T>,
  instance: InstanceRef,
  ids: readonly string[],
  version: (stamp: DatasetStamp) => string,
  read: (id: string) => Promise<T>,
): Promise<Map<string, T>> {
  const stamps = await stampsOf(instance, ids);
  const entries = await Promise.all(
    ids.map(async (id): Promise<[string, T]> => {
      const stamp = stamps.get(id);
      const key = stamp ? `${datasetKey(instance, id, stamp)}\u0000${version(stamp)}` : undefined;
      const hit = key === undefined ? undefined : memo.get(key);
      if (hit !== undefined) return [id, hit];
      const value = await read(id);
      if (key !== undefined) memo.set(key, value);
      return [id, value];
    }),
  );
  return new Map(entries);
}

export const memoizedCounters = (instance: InstanceRef, ids: readonly string[], read: (id: string) => Promise<readonly CounterCell[]>) =>
  memoized(counters, instance, ids, (s) => `v${s.v}`, read);

export const memoizedQuickWinCounts = (instance: InstanceRef, ids: readonly string[], read: (id: string) => Promise<number>) =>
  memoized(quickWins, instance, ids, (s) => `qv${s.qv}`, read);

/**
 * Settled daily records: those of days before `settled` (inclusive). Only a reset changes them (a
 * new generation), so they are memoized per generation and settled day.
 */
export const memoizedSettledDays = (instance: InstanceRef, ids: readonly string[], settled: string, read: (id: string) => Promise<readonly DailyActivity[]>) =>
  memoized(settledDays, instance, ids, () => `d${settled}`, read);
