import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { counterDeltas } from '../../domain/issues/counters';
import { TooManyRequests } from '../../domain/errors';
import type { CommitOutcome, DatasetRef } from '../../domain/issues/issue-store';
import type { PlannedChange } from '../../domain/issues/transitions';
import { documentClient, table } from './client';
import { backoff } from './backoff';
import { applyDeltas, type CounterState } from './counter-codec';
import { withDailyActivity } from './daily-activity';
import { stampBump } from './dataset-stamp';
import { readCounterState } from './issue-counters';
import { issueUpdate } from './issue-update';
import { items } from './items';

// Commits issue changes. Each transaction holds, per change, an update of the issue's changed
// attributes (conditioned on the version it was read at) and its history event, plus the rewritten counter item of their scan
// (conditioned on the counter's version) and the daily activity record of the day (issue 12): a
// change, its history, its count change and its day's activity commit together or not at all, so
// counts never drift and no update is lost.

/**
 * DynamoDB takes at most 100 items per transaction, each item once. Beside two items per change
 * and one per counter, a transaction holds per day its changes fall on the dataset's daily record
 * and the team's member record, one member record per author and day (issue 13 item 5) and the
 * dataset's stamp; plan() counts them all.
 */
const MAX_TRANSACTION_ITEMS = 100;
/** Transactions on different counter items run side by side; more would only queue in the SDK. */
const PARALLEL_GROUPS = 4;
/** Writers of one scan's counter take turns; this many tries ride out a burst of them. */
const CONFLICT_RETRIES = 25;

function groupBy<T>(list: readonly T[], key: (t: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const t of list) {
    const k = key(t);
    const group = groups.get(k);
    if (group) group.push(t);
    else groups.set(k, [t]);
  }
  return groups;
}

/** Counter items as this writer last read or wrote them, by scan time (valid while it keeps winning). */
type CounterCache = Map<string, CounterState>;

/**
 * The transaction items of a set of changes: per change the issue (conditioned on the version it
 * was read at) and its history event, then one rewrite per touched counter item, conditioned on
 * the counter version it was read at.
 */
async function transactionItems(ref: DatasetRef, changes: readonly PlannedChange[], cache: CounterCache) {
  const { organizationId: org, instanceId: inst, datasetId } = ref;
  const writes = changes.flatMap((change) => [
    {
      Update: (() => {
        const before = items.issue(org, inst, change.before);
        const update = issueUpdate(before, items.issue(org, inst, change.after));
        return {
          TableName: table(),
          Key: { pk: before.pk, sk: before.sk },
          ...update,
          ConditionExpression: '#version = :read',
          ExpressionAttributeNames: { ...update.ExpressionAttributeNames, '#version': 'version' },
          ExpressionAttributeValues: { ...update.ExpressionAttributeValues, ':read': change.before.version },
        };
      })(),
    },
    // No condition needed: the event id is a fresh ULID, and the issue's version condition already
    // lets a change (and so its event) commit at most once.
    { Put: { TableName: table(), Item: items.issueEvent(org, inst, change.event) } },
  ]);
  const byScan = groupBy(counterDeltas(changes), (d) => d.scanTime);
  const counters = await Promise.all(
    [...byScan].map(async ([scanTime, deltas]) => {
      const current = cache.get(scanTime) ?? (await readCounterState(org, inst, datasetId, scanTime));
      const cells = applyDeltas(current.cells, deltas);
      cache.set(scanTime, { cells, cv: (current.cv ?? 0) + 1 });
      return {
        Put: {
          TableName: table(),
          Item: items.issueCounter(org, inst, datasetId, scanTime, cells, (current.cv ?? 0) + 1),
          ...(current.cv === undefined
            ? { ConditionExpression: 'attribute_not_exists(pk)' }
            : { ConditionExpression: '#cv = :cv', ExpressionAttributeNames: { '#cv': 'cv' }, ExpressionAttributeValues: { ':cv': current.cv } }),
        },
      };
    }),
  );
  // The dataset's stamp: its counters changed, and a change may move a row in or out of the quick wins.
  return withDailyActivity(ref, changes, [...writes, ...counters, stampBump(ref, { counters: true, quickWins: true })]);
}

/**
 * Splits changes into transactions. Changes are grouped by scan time, so each transaction touches
 * one counter item and transactions of different groups never contend; a group's transactions
 * run one after the other.
 */
function plan(changes: readonly PlannedChange[]): PlannedChange[][][] {
  return [...groupBy(changes, (c) => c.before.scan_time).values()].map((group) => {
    const chunks: PlannedChange[][] = [];
    let chunk: PlannedChange[] = [];
    const scans = new Set<string>();
    const days = new Set<string>();
    const memberDays = new Set<string>();
    for (const change of group) {
      const day = change.event.at.slice(0, 10);
      const memberDay = `${change.event.by}\n${day}`;
      const nextScans = new Set([...scans, change.before.scan_time, change.after.scan_time]);
      // Per day: the dataset's record and the team's member record (TEAM_MEMBER); per author and day, theirs.
      const nextDays = new Set([...days, day]).size;
      // One more: the dataset's stamp.
      const items = 2 * (chunk.length + 1) + nextScans.size + 2 * nextDays + new Set([...memberDays, memberDay]).size + 1;
      if (chunk.length > 0 && items > MAX_TRANSACTION_ITEMS) {
        chunks.push(chunk);
        chunk = [];
        scans.clear();
        days.clear();
        memberDays.clear();
      }
      chunk.push(change);
      scans.add(change.before.scan_time).add(change.after.scan_time);
      days.add(day);
      memberDays.add(memberDay);
    }
    if (chunk.length > 0) chunks.push(chunk);
    return chunks;
  });
}

const RETRYABLE = new Set(['None', 'TransactionConflict', 'ThrottlingError', 'ProvisionedThroughputExceeded']);

async function writeChunk(ref: DatasetRef, chunk: readonly PlannedChange[], outcome: CommitOutcome, cache: CounterCache): Promise<void> {
  let remaining = [...chunk];
  for (let attempt = 0; remaining.length > 0; attempt++) {
    try {
      await documentClient().send(new TransactWriteCommand({ TransactItems: await transactionItems(ref, remaining, cache) }));
      outcome.committed.push(...remaining.map((c) => c.before.issue_id));
      return;
    } catch (error) {
      // Whatever failed, the counters were not written: read them afresh next time.
      cache.clear();
      if (!(error instanceof TransactionCanceledException)) throw error;
      const reasons = error.CancellationReasons ?? [];
      // Items are [issue, event] per change, then the counters. A failed condition on an issue
      // makes its change stale; on a counter, another writer got there first: re-read it.
      const stale = new Set<number>();
      reasons.forEach((r, i) => {
        if (r.Code === 'ConditionalCheckFailed' && i < 2 * remaining.length) stale.add(Math.floor(i / 2));
      });
      if (stale.size > 0) {
        outcome.stale.push(...remaining.filter((_, i) => stale.has(i)).map((c) => c.before.issue_id));
        remaining = remaining.filter((_, i) => !stale.has(i));
        continue;
      }
      const retryable = reasons.every((r, i) => !r.Code || RETRYABLE.has(r.Code) || (r.Code === 'ConditionalCheckFailed' && i >= 2 * remaining.length));
      if (!retryable) throw error;
      if (attempt >= CONFLICT_RETRIES) throw new TooManyRequests('Too many changes to these issues at once. Please try again.');
      await backoff(attempt);
    }
  }
}

async function inParallel<T>(tasks: readonly T[], limit: number, run: (task: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, tasks.length) }, async () => {
      while (next < tasks.length) await run(tasks[next++]!);
    }),
  );
}

export async function commitChanges(ref: DatasetRef, changes: readonly PlannedChange[]): Promise<CommitOutcome> {
  const outcome: CommitOutcome = { committed: [], stale: [] };
  await inParallel(plan(changes), PARALLEL_GROUPS, async (group) => {
    // A group's chunks go one after another through the same counter item: each starts from the
    // counter state the previous one wrote instead of reading it again.
    const cache: CounterCache = new Map();
    for (const chunk of group) await writeChunk(ref, chunk, outcome, cache);
  });
  return outcome;
}
