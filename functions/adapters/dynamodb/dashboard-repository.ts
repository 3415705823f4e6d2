import { encodeTime } from 'ulid';
import { issueTypeOf } from '../../../shared/issue-type';
import { PRIORITIES } from '../../../shared/schemas/checks';
import type { DashboardStore, InstanceRef } from '../../domain/dashboard/ports';
import type { DailyActivity } from '../../domain/dashboard/daily-activity';
import { datesFrom, daysBefore } from '../../domain/dashboard/figures';
import { TIMEFRAME_DAYS } from '../../../shared/schemas/dashboard';
import type { IssueRecord } from '../../domain/issues/issue-record';
import type { DatasetRef } from '../../domain/issues/issue-store';
import type { FixRecord } from '../../domain/dashboard/learned-fixes';
import { inView, type DatasetRecord } from '../../domain/tenancy/records';
import { taxonomyOf } from '../../domain/scans/taxonomy';
import { countJobOutcomes } from './ai-job-progress';
import { sumCredits } from './credit-items';
import { datasetMetaRepository, getConfigsOf, getProfilesOf } from './dataset-meta-repository';
import { dayFromItem, readDailyActivity } from './daily-activity';
import { memoizedCounters, memoizedQuickWinCounts, memoizedRecentFixes, memoizedSettledDays } from './dashboard-memo';
import { readCounterCells } from './issue-counters';
import * as keys from './keys';
import { stripKeys } from './keys';
import { batchGetAll, countAll, partitionQuery, queryAll } from './query';
import { documentClient, table } from './client';
import { QueryCommand } from '@aws-sdk/lib-dynamodb';

// The dashboard's reads (issue 12): counters, daily records, checks, the quick-win index (byLookup,
// sparse) and the AI and credit ledgers. Each is a bounded Query of one partition or a batched
// read; per-dataset figures that have not changed come from memory (dashboard-memo.ts).

/** Days after this many days ago may still change (a scan that began before midnight adds its rows to its start day). */
const UNSETTLED_DAYS = 2;
/** The longest timeframe (90 days): a range reaching further back is read, not memoized. */
const LONGEST_DAYS = Math.max(...Object.values(TIMEFRAME_DAYS));

/**
 * Daily records of these datasets from `from` to `to`: the settled ones from the memo (read once per
 * generation, settled day and longest range asked for), the last days in one batched read.
 */
async function readDays(instance: InstanceRef, ids: readonly string[], from: string, to: string, now: Date): Promise<Map<string, readonly DailyActivity[]>> {
  const refOf = (id: string) => ({ ...instance, datasetId: id });
  const oldest = daysBefore(now, LONGEST_DAYS - 1);
  const settled = daysBefore(now, UNSETTLED_DAYS);
  if (from < oldest || to <= settled) {
    return new Map(await Promise.all(ids.map(async (id): Promise<[string, DailyActivity[]]> => [id, await readDailyActivity(refOf(id), from, to)])));
  }
  const liveDates = datesFrom(from, to).filter((date) => date > settled);
  const [settledDays, live] = await Promise.all([
    from <= settled ? memoizedSettledDays(instance, ids, from, settled, (id) => readDailyActivity(refOf(id), from, settled)) : Promise.resolve(new Map<string, readonly DailyActivity[]>()),
    batchGetAll(ids.flatMap((id) => liveDates.map((date) => keys.dailyActivity(instance.organizationId, instance.instanceId, id, date)))),
  ]);
  const liveByPk = new Map<string, DailyActivity[]>();
  for (const item of live) liveByPk.set(String(item.pk), [...(liveByPk.get(String(item.pk)) ?? []), dayFromItem(item)]);
  return new Map(
    ids.map((id) => {
      const before = settledDays.get(id) ?? [];
      const after = (liveByPk.get(keys.dailyActivity(instance.organizationId, instance.instanceId, id, '').pk) ?? []).sort((a, b) => a.date.localeCompare(b.date));
      return [id, [...before, ...after]];
    }),
  );
}

/** The newest resolved rows of a dataset (by the scan that found them), as fixes to learn from. */
async function readRecentFixes(ref: DatasetRef, limit: number): Promise<FixRecord[]> {
  const out = await documentClient().send(
    new QueryCommand({
      TableName: table(),
      IndexName: 'issuesByStatus',
      KeyConditionExpression: 'gsi2pk = :pk',
      ExpressionAttributeValues: { ':pk': keys.issueStatusPartition(ref.organizationId, ref.instanceId, ref.datasetId, 'resolved').gsi2pk },
      ProjectionExpression: 'issue_column, original_value, current_value, resolution_method',
      ScanIndexForward: false,
      Limit: limit,
    }),
  );
  return (out.Items ?? []).map((i) => ({
    column: String(i.issue_column),
    from: typeof i.original_value === 'string' ? i.original_value : null,
    to: typeof i.current_value === 'string' ? i.current_value : null,
    method: typeof i.resolution_method === 'string' ? i.resolution_method : null,
  }));
}

export const dashboardRepository: DashboardStore = {
  async listDatasets(instance) {
    const prefix = keys.datasetPrefix(instance.organizationId, instance.instanceId);
    return (await queryAll(partitionQuery(prefix.pk, prefix.skPrefix))).map((i) => stripKeys(i) as unknown as DatasetRecord).filter(inView);
  },

  readCounters: (instance, ids) => memoizedCounters(instance, ids, (id) => readCounterCells(instance.organizationId, instance.instanceId, id)),

  readDaily: (instance, ids, from, to) => readDays(instance, ids, from, to, new Date()),

  async getScoringChecks(instance, datasetIds) {
    const configs = await getConfigsOf(instance, datasetIds);
    return new Map(
      datasetIds.map((id) => {
        const checks = configs.get(id)?.config.checks ?? [];
        return [id, { count: checks.length, checks: checks.map((c) => ({ issueType: issueTypeOf({ check_name: c.name, taxonomy: taxonomyOf(c) }), priority: c.subcategory?.priority })) }];
      }),
    );
  },

  async listQuickWins(ref, limit, priority) {
    const partition = keys.quickWinPartition(ref.organizationId, ref.instanceId, ref.datasetId);
    const values: Record<string, unknown> = { ':pk': partition.gsi1pk, ':open': 'open' };
    if (priority) values[':sk'] = `${PRIORITIES.indexOf(priority)}#`;
    // The index is sparse and kept by the writers; a row that left open in a race with the worker
    // may keep its keys a while, so the status is checked again here.
    const out = await documentClient().send(
      new QueryCommand({
        TableName: table(),
        IndexName: 'byLookup',
        KeyConditionExpression: priority ? 'gsi1pk = :pk AND begins_with(gsi1sk, :sk)' : 'gsi1pk = :pk',
        FilterExpression: '#status = :open AND attribute_exists(ai_suggestion)',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: values,
        Limit: limit * 2,
      }),
    );
    return (out.Items ?? []).slice(0, limit).map((i) => stripKeys(i) as unknown as IssueRecord);
  },

  async getFormatInputs(instance, datasetIds) {
    const [configs, profiles] = await Promise.all([getConfigsOf(instance, datasetIds), getProfilesOf(instance, datasetIds)]);
    return new Map(
      datasetIds.map((id) => {
        const checks = configs.get(id)?.config.checks ?? [];
        const profile = profiles.get(id);
        return [
          id,
          {
            columns: (profile?.columns ?? []).map((c) => ({ name: c.name, type: c.type, typeShare: c.typeShare, filled: c.filled })),
            guarded: checks.filter((c) => c.type === 'invalid_format' || c.type === 'regex').map((c) => c.column),
          },
        ];
      }),
    );
  },

  recentFixes: (ref, limit) => memoizedRecentFixes(ref, ref.datasetId, limit, () => readRecentFixes(ref, limit)),

  async listOpenWithValue(ref, column, value, limit, priority) {
    const partition = keys.openValuePartition(ref.organizationId, ref.instanceId, ref.datasetId, column, value);
    const values: Record<string, unknown> = { ':pk': partition.gsi1pk, ':open': 'open', ':col': column, ':val': value };
    if (priority) values[':sk'] = `${PRIORITIES.indexOf(priority)}#`;
    // Status and value are checked again: a row that just left open or changed may keep its keys
    // a moment, and the column/value filter rules out a (128-bit) hash collision.
    const out = await documentClient().send(
      new QueryCommand({
        TableName: table(),
        IndexName: 'byLookup',
        KeyConditionExpression: priority ? 'gsi1pk = :pk AND begins_with(gsi1sk, :sk)' : 'gsi1pk = :pk',
        FilterExpression: '#status = :open AND issue_column = :col AND current_value = :val',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: values,
        Limit: limit * 2,
      }),
    );
    return (out.Items ?? []).slice(0, limit).map((i) => stripKeys(i) as unknown as IssueRecord);
  },

  countSuggestions: (instance, ids) =>
    memoizedQuickWinCounts(instance, ids, (id) => {
      const partition = keys.quickWinPartition(instance.organizationId, instance.instanceId, id);
      return countAll({
        IndexName: 'byLookup',
        KeyConditionExpression: 'gsi1pk = :pk',
        FilterExpression: '#status = :open',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':pk': partition.gsi1pk, ':open': 'open' },
      });
    }),

  async latestScan(ref) {
    const [job] = await datasetMetaRepository.listScans(ref, 1);
    return job ? { status: job.status, rowsRead: job.rowsRead, totalRows: job.totalRows } : undefined;
  },

  async rowsQueuedForAi(instance) {
    const allJobs = keys.aiJobsOfOrganization(instance.organizationId);
    const jobs = await queryAll({
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :sk)',
      FilterExpression: 'finished = :no AND instanceId = :inst',
      ExpressionAttributeValues: { ':pk': allJobs.pk, ':sk': allJobs.skPrefix, ':no': false, ':inst': instance.instanceId },
      ProjectionExpression: 'jobId, #total',
      ExpressionAttributeNames: { '#total': 'total' },
    });
    const pending = await Promise.all(
      jobs.map(async (job) => {
        // Rows done: those processed (charged) and those that ended otherwise (a marker).
        const done = await countJobOutcomes(instance.organizationId, String(job.jobId));
        return Math.max(0, Number(job.total ?? 0) - done);
      }),
    );
    return pending.reduce((a, b) => a + b, 0);
  },

  async creditsSince(instance, since) {
    const ledger = keys.creditLedger(instance.organizationId);
    // Entries sort by job id (a ULID): from the first id of `since` on.
    return sumCredits({
      KeyConditionExpression: 'pk = :pk AND sk >= :from',
      FilterExpression: 'instanceId = :inst',
      ExpressionAttributeValues: { ':pk': ledger.pk, ':from': `${ledger.skPrefix}${encodeTime(since.getTime(), 10)}`, ':inst': instance.instanceId },
    });
  },
};
