import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { BatchWriteCommand, PutCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { counterDeltas, type CounterCell } from '../../domain/issues/counters';
import { TooManyRequests } from '../../domain/errors';
import type { IssueRecord } from '../../domain/issues/issue-record';
import type { DatasetRef } from '../../domain/issues/issue-store';
import { MAX_INSERTS_PER_WRITE, type ScanResultsStore } from '../../domain/scans/ports';
import type { IndexedIssue, IssueMove } from '../../domain/scans/reconcile';
import { backoff } from './backoff';
import { documentClient, table } from './client';
import { applyDeltas, type CounterState } from './counter-codec';
import { dailyActivityKeys, dailyActivityUpdates } from './daily-activity';
import { freshStampItem, stampBump } from './dataset-stamp';
import { quickWinRank } from '../../domain/dashboard/quick-win';
import { activityOfInserts } from '../../domain/dashboard/daily-activity';
import { readCounterState } from './issue-counters';
import { items } from './items';
import * as keys from './keys';
import { partitionQuery, queryAll } from './query';

// The writes of a scan to a dataset's issues. New issues go in by transactions of up to
// MAX_INSERTS_PER_WRITE issues with the counter of the scan's time and the day's activity: a crash
// between two of them leaves whole chunks, so counts always equal a recount (the scan's writes
// run one after another, so these transactions rarely wait on the counter item). Open issues
// found again move to the new scan in transactions with both counters they touch, conditioned on
// the version read, like every other issue change.

type Item = Record<string, unknown>;

const BATCH = 25;
const PARALLEL = 8;
/** Issue updates per transaction: leaves room for the two counter items and the stamp (100 items at most). */
const MOVES_PER_TRANSACTION = 97;
const RETRIES = 25;


/** The conditioned rewrite of one scan time's counter item with deltas applied (from `current` when the caller knows it). */
async function counterPut(ref: DatasetRef, scanTime: string, deltas: readonly CounterCell[], known?: CounterState) {
  const { organizationId: org, instanceId: inst, datasetId } = ref;
  const current = known ?? (await readCounterState(org, inst, datasetId, scanTime));
  const next: CounterState = { cells: applyDeltas(current.cells, deltas), cv: (current.cv ?? 0) + 1 };
  return {
    next,
    put: {
      Put: {
        TableName: table(),
        Item: items.issueCounter(org, inst, datasetId, scanTime, next.cells, next.cv!),
        ...(current.cv === undefined
          ? { ConditionExpression: 'attribute_not_exists(pk)' }
          : { ConditionExpression: '#cv = :cv', ExpressionAttributeNames: { '#cv': 'cv' }, ExpressionAttributeValues: { ':cv': current.cv } }),
      },
    },
  };
}

function isConflict(error: unknown): boolean {
  return error instanceof TransactionCanceledException || (error instanceof Error && error.name === 'ConditionalCheckFailedException');
}

/**
 * The counter a scan's own insert chain wrote last, by counter key: its chunks follow one another,
 * so the next chunk starts from it instead of reading the item again. A write by anyone else in
 * between fails the version condition; the retry then reads the item.
 */
const lastWritten = new Map<string, CounterState>();
const LAST_WRITTEN_MAX = 64;

/** New issues, their counts and the day's activity (rows opened) in one transaction. */
async function insertChunk(ref: DatasetRef, scanTime: string, issues: readonly IssueRecord[], cells: readonly CounterCell[]): Promise<void> {
  if (issues.length > MAX_INSERTS_PER_WRITE) throw new Error(`at most ${MAX_INSERTS_PER_WRITE} issues per insert, not ${issues.length}`);
  const puts = issues.map((issue) => ({ Put: { TableName: table(), Item: items.issue(ref.organizationId, ref.instanceId, issue) } }));
  const days = dailyActivityUpdates(ref, activityOfInserts(scanTime, issues.length));
  const { pk, sk } = keys.issueCounter(ref.organizationId, ref.instanceId, ref.datasetId, scanTime);
  const cacheKey = `${pk}\u0000${sk}`;
  const stamp = stampBump(ref, { counters: true, quickWins: issues.some((issue) => quickWinRank(issue) !== undefined) });
  for (let attempt = 0; ; attempt++) {
    const known = attempt === 0 ? lastWritten.get(cacheKey) : undefined;
    lastWritten.delete(cacheKey);
    const counter = await counterPut(ref, scanTime, cells, known);
    try {
      await documentClient().send(new TransactWriteCommand({ TransactItems: [...puts, counter.put, ...days, stamp] }));
      if (lastWritten.size >= LAST_WRITTEN_MAX) lastWritten.clear();
      lastWritten.set(cacheKey, counter.next);
      return;
    } catch (error) {
      if (!isConflict(error) || attempt >= RETRIES) throw attempt >= RETRIES ? new TooManyRequests('The scan could not update the counts. Please try again.') : error;
      // A stale cached version costs one retry without waiting; real contention backs off.
      if (attempt > 0 || known === undefined) await backoff(attempt);
    }
  }
}

function moveUpdate(ref: DatasetRef, scanTime: string, move: IssueMove, now: string) {
  const { organizationId: org, instanceId: inst, datasetId } = ref;
  const before = move.before;
  const indexKeys = keys.issueByStatus(org, inst, { dataset_id: datasetId, status: 'open', scan_time: scanTime, issue_type: before.issue_type, owner: before.owner, issue_id: before.issue_id });
  return {
    Update: {
      TableName: table(),
      Key: keys.issue(org, inst, datasetId, before.issue_id),
      UpdateExpression: 'SET scan_time = :t, current_value = :v, version = :next, updated_at = :now, gsi2sk = :sk',
      ConditionExpression: 'version = :read AND #status = :open',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: { ':t': scanTime, ':v': move.value, ':next': before.version + 1, ':now': now, ':sk': indexKeys.gsi2sk, ':read': before.version, ':open': 'open' },
    },
  };
}

/** Counter deltas of moves, from the projection (the same rule as counterDeltas on whole issues). */
function moveDeltas(scanTime: string, moves: readonly IssueMove[]): CounterCell[] {
  const record = (i: IndexedIssue, t: string) => ({ scan_time: t, status: i.status, issue_type: i.issue_type, owner: i.owner }) as IssueRecord;
  return counterDeltas(moves.map((m) => ({ before: record(m.before, m.before.scan_time), after: record(m.before, scanTime) })));
}

async function moveChunk(ref: DatasetRef, scanTime: string, chunk: IssueMove[], result: { moved: IssueMove[]; stale: string[] }): Promise<void> {
  let remaining = chunk;
  for (let attempt = 0; remaining.length > 0; attempt++) {
    const now = new Date().toISOString();
    const deltas = moveDeltas(scanTime, remaining);
    const scans = [...new Set(deltas.map((d) => d.scanTime))];
    const counters = await Promise.all(scans.map(async (t) => (await counterPut(ref, t, deltas.filter((d) => d.scanTime === t))).put));
    try {
      // A move changes the counters (the row's scan), never whether it is a quick win.
      const stamp = stampBump(ref, { counters: true, quickWins: false });
      await documentClient().send(new TransactWriteCommand({ TransactItems: [...remaining.map((m) => moveUpdate(ref, scanTime, m, now)), ...counters, stamp] }));
      result.moved.push(...remaining);
      return;
    } catch (error) {
      if (!(error instanceof TransactionCanceledException)) throw error;
      const reasons = error.CancellationReasons ?? [];
      const stale = new Set<number>();
      reasons.forEach((r, i) => {
        if (r.Code === 'ConditionalCheckFailed' && i < remaining.length) stale.add(i);
      });
      if (stale.size > 0) {
        // Changed by someone since the scan read it: their change stands.
        result.stale.push(...remaining.filter((_, i) => stale.has(i)).map((m) => m.before.issue_id));
        remaining = remaining.filter((_, i) => !stale.has(i));
        continue;
      }
      if (attempt >= RETRIES) throw new TooManyRequests('The scan could not update the issues. Please try again.');
      await backoff(attempt);
    }
  }
}

async function keysOf(pk: string, skPrefix?: string): Promise<Array<{ pk: string; sk: string; version?: number }>> {
  const found = await queryAll({ ...partitionQuery(pk, skPrefix), ProjectionExpression: 'pk, sk, version' });
  return found as Array<{ pk: string; sk: string; version?: number }>;
}

export async function batchDelete(keyList: ReadonlyArray<{ pk: string; sk: string }>): Promise<void> {
  const chunks: Item[][] = [];
  for (let i = 0; i < keyList.length; i += BATCH) chunks.push(keyList.slice(i, i + BATCH).map(({ pk, sk }) => ({ DeleteRequest: { Key: { pk, sk } } })));
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(PARALLEL, chunks.length) }, async () => {
      while (next < chunks.length) {
        let pending: Item[] | undefined = chunks[next++];
        for (let attempt = 0; pending && pending.length > 0; attempt++) {
          if (attempt > 0) await backoff(attempt);
          const out = await documentClient().send(new BatchWriteCommand({ RequestItems: { [table()]: pending } as never }));
          pending = out.UnprocessedItems?.[table()] as Item[] | undefined;
        }
      }
    }),
  );
}

export const scanResultsRepository: ScanResultsStore = {
  async clearIssues(ref) {
    const { organizationId: org, instanceId: inst, datasetId } = ref;
    const prefix = keys.issuePrefix(org, inst, datasetId);
    const issues = await keysOf(prefix.pk, prefix.skPrefix);
    // Counters first: from then on no page reaches the issues still being deleted. The daily
    // activity goes with them: the dataset starts over.
    await batchDelete(await keysOf(keys.issueCounterPrefix(org, inst, datasetId).pk));
    await batchDelete(await dailyActivityKeys(ref));
    // Only a changed issue (version above 1) can have history; a moved one has none of its own.
    const changed = issues.filter((k) => (k.version ?? 1) > 1).map((k) => keys.issueIdFromKey(k.sk));
    for (let i = 0; i < changed.length; i += 16) {
      const events = await Promise.all(changed.slice(i, i + 16).map((id) => keysOf(keys.issueEventPrefix(org, inst, datasetId, id).pk)));
      await batchDelete(events.flat());
    }
    await batchDelete(issues);
    // A new generation once everything is gone: figures memoized before or during the clearing
    // are never used again.
    await documentClient().send(new PutCommand({ TableName: table(), Item: freshStampItem(ref) }));
    return issues.length;
  },

  async loadIndex(ref) {
    const prefix = keys.issuePrefix(ref.organizationId, ref.instanceId, ref.datasetId);
    const found = await queryAll({
      ...partitionQuery(prefix.pk, prefix.skPrefix),
      ProjectionExpression: 'issue_id, #status, scan_time, check_name, issue_type, #owner, version, current_value',
      ExpressionAttributeNames: { '#status': 'status', '#owner': 'owner' },
      ConsistentRead: true,
    });
    const index = new Map<string, IndexedIssue>();
    for (const item of found as unknown as IndexedIssue[]) index.set(item.issue_id, { ...item, current_value: item.current_value ?? null });
    return index;
  },

  async insertIssues(ref, scanTime, issues, cells) {
    if (issues.length > 0) await insertChunk(ref, scanTime, issues, cells);
  },

  async moveIssues(ref, scanTime, moves) {
    const result = { moved: [] as IssueMove[], stale: [] as string[] };
    // Grouped by old scan time: each transaction touches two counter items, its own and the scan's.
    const byScan = new Map<string, IssueMove[]>();
    for (const move of moves) byScan.set(move.before.scan_time, [...(byScan.get(move.before.scan_time) ?? []), move]);
    for (const group of byScan.values()) {
      for (let i = 0; i < group.length; i += MOVES_PER_TRANSACTION) await moveChunk(ref, scanTime, group.slice(i, i + MOVES_PER_TRANSACTION), result);
    }
    return result;
  },
};
