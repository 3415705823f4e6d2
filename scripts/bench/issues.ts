import { DynamoDBDocumentClient, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { ulid } from 'ulid';
import { ISSUE_STATUSES, ISSUE_TYPES, type IssueStatus, type IssueType } from '../../shared/constants';
import { issueTypeOf } from '../../shared/issue-type';
import { failedRowsQuerySchema, type FailedRowsQuery } from '../../shared/schemas/issues';
import type { IssueRecord } from '../../functions/domain/issues/issue-record';
import type { DatasetRecord } from '../../functions/domain/tenancy/records';
import { dynamoClient } from '../local/provision';
import { mulberry32, pick, type Random } from '../seed/random';
import { line, measure, timingOf } from './measure';
import * as keys from '../../functions/adapters/dynamodb/keys';
import { startBenchTable, writeBenchDataset } from './bench-table';

// npm run bench -- issues: the Issues screen's calls on 100,000 issues in DynamoDB Local (in
// memory), through the very use cases and repository the Lambdas run (no HTTP, no Cognito).
// Prints one JSON line per figure and a summary with pass/fail per target.

const ISSUES = 100_000;
const SAMPLES = 40;
const WARMUP = 5;
const BULK_SAMPLES = 30;
const BULK_ROWS = 1000;
const TARGETS = { pageP95Ms: 50, countsSpeedup: 20, bulkP95Ms: 2000 };

const ORG = 'org_bench';
const INSTANCE = 'inst_bench';
const DATASET = 'opportunities';
const OWNERS = ['ana.souza@bench.example', 'marcus.webb@bench.example', 'olivia.chen@bench.example'];
/** One check per issue type (half of them without taxonomy, so the keyword fallback decides). */
export const CHECKS: ReadonlyArray<{ name: string; column: string }> = [
  { name: 'missing_amount', column: 'amount' },
  { name: 'invalid_stage', column: 'stage' },
  { name: 'duplicate_opportunity_name', column: 'name' },
  { name: 'close_date_conformance', column: 'close_date' },
  { name: 'probability_range', column: 'probability' },
  { name: 'country_not_iso_code', column: 'country' },
];
const DAY = 86_400_000;

const B = 'issues';

/** Two scans a day (06:00 and 18:00) for the two weeks before `anchor`, oldest first. */
export function scanTimes(anchor: number): string[] {
  const out: string[] = [];
  for (let day = 14; day >= 1; day--) for (const hour of [6, 18]) out.push(new Date(anchor - day * DAY + hour * 3_600_000).toISOString());
  return out;
}

function statusOf(rand: Random): IssueStatus {
  const r = rand();
  return r < 0.6 ? 'open' : r < 0.85 ? 'resolved' : 'muted';
}

function generate(anchor: number): IssueRecord[] {
  const rand = mulberry32(20260301);
  const scans = scanTimes(anchor);
  return Array.from({ length: ISSUES }, (_, i) => {
    const check = pick(rand, CHECKS);
    const scan = pick(rand, scans);
    const status = statusOf(rand);
    const base: IssueRecord = {
      issue_id: ulid(Date.parse(scan), rand),
      dataset_id: DATASET,
      record_key: 'opportunity_id',
      record_id: `OPP-${String(100000 + i)}`,
      name: `Opportunity ${i}`,
      issue_column: check.column,
      current_value: rand() < 0.1 ? null : String(Math.floor(rand() * 100000) - 5000),
      status,
      check_name: check.name,
      owner: pick(rand, OWNERS),
      scan_time: scan,
      issue_type: issueTypeOf({ check_name: check.name }),
      version: status === 'open' ? 1 : 2,
    };
    if (status === 'resolved') return { ...base, resolved_at: scan, resolved_by: base.owner, resolution_method: 'manual_fix', original_value: base.current_value };
    if (status === 'muted') return { ...base, muted_at: scan, muted_by: base.owner, mute_until: new Date(Date.parse(scan) + 7 * DAY).toISOString(), mute_duration: '1_week' };
    return base;
  });
}

const q = (params: Record<string, string | number>): FailedRowsQuery =>
  failedRowsQuerySchema.parse(Object.fromEntries(Object.entries(params).map(([k, v]) => [k, String(v)])));

export async function run(): Promise<boolean> {
  const bench = await startBenchTable('quality-desk-bench');
  const { table } = bench;
  const dynamo = { endpoint: bench.endpoint };
  try {
    const { issuesRepository: store } = await import('../../functions/adapters/dynamodb/issues-repository');
    const { listFailedRows } = await import('../../functions/domain/issues/list-failed-rows');
    const { bulkResolve } = await import('../../functions/domain/issues/bulk-resolve');
    const { countIssues, summarize } = await import('../../functions/domain/issues/counters');
    const { systemClock } = await import('../../functions/lib/clock');

    // ---- seed -------------------------------------------------------------------------------
    const now = new Date();
    const anchor = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
    const issues = generate(anchor);
    const dataset: DatasetRecord = {
      id: DATASET,
      name: DATASET,
      organizationId: ORG,
      instanceId: INSTANCE,
      onboardingStatus: 'onboarded',
      recordKey: 'opportunity_id',
      totalRecords: ISSUES,
      lastScanTime: scanTimes(anchor).at(-1)!,
      createdAt: new Date(anchor - 30 * DAY).toISOString(),
    };
    const doc = DynamoDBDocumentClient.from(dynamoClient(dynamo.endpoint), { marshallOptions: { removeUndefinedValues: true } });
    const seedStarted = performance.now();
    await writeBenchDataset(dynamo.endpoint, table, dataset, issues);
    const seconds = Math.round((performance.now() - seedStarted) / 100) / 10;
    const truth = summarize(countIssues(issues), {}).counts;
    const issueTypes = new Set(issues.map((i) => i.issue_type)).size;
    const dates = [...new Set(issues.map((i) => i.scan_time.slice(0, 10)))].sort();
    line(B, { metric: 'seed', issues: ISSUES, owners: OWNERS.length, issueTypes, scanTimes: 28, days: dates.length, statuses: truth, seconds });
    issues.length = 0;
    // Let DynamoDB Local settle after the bulk load before timing anything.
    await new Promise((r) => setTimeout(r, 3000));

    const ref = { organizationId: ORG, instanceId: INSTANCE, datasetId: DATASET };

    // ---- pages ------------------------------------------------------------------------------
    // Configurations are sampled round-robin, so a busy moment of the machine spreads over all of
    // them instead of spoiling one.
    const allFour = (i: number) => ({ status: 'open', owner: OWNERS[i % 3]!, issueType: ISSUE_TYPES[i % 6]!, date: dates[i % dates.length]! });
    const pageConfigs = [0, 1000, 10_000].flatMap((offset) => [
      { filter: 'none (status=open)', offset, params: (_i: number) => ({}) as Record<string, string> },
      // Filters rotate over owners, issue types and days so consecutive samples ask different things.
      { filter: 'status+owner+issueType+date', offset, params: allFour },
      // All four filters leave ~240 rows, so their offsets 1,000 and 10,000 lie past the end; this
      // one shows deep offsets under a filter.
      { filter: 'status+owner', offset, params: (i: number) => ({ status: 'open', owner: OWNERS[i % 3]! }) },
    ]);
    const pageTimes = pageConfigs.map(() => [] as number[]);
    const pageShape = pageConfigs.map(() => ({ total: 0, rows: 0 }));
    for (let round = -WARMUP; round < SAMPLES; round++) {
      for (const [c, config] of pageConfigs.entries()) {
        const started = performance.now();
        const res = await listFailedRows(store, ref, q({ ...config.params(Math.abs(round)), offset: config.offset, limit: 15 }));
        if (round >= 0) pageTimes[c]!.push(performance.now() - started);
        pageShape[c] = { total: res.pagination.total, rows: res.data.length };
      }
    }
    const pageP95s: number[] = [];
    for (const [c, config] of pageConfigs.entries()) {
      const timing = timingOf(pageTimes[c]!);
      pageP95s.push(timing.p95);
      line(B, { metric: 'page', filter: config.filter, offset: config.offset, limit: 15, ...pageShape[c], ...timing });
    }

    // ---- status counts: ours vs the spec's -----------------------------------------------------
    let ours = { open: 0, resolved: 0, muted: 0 };
    const oursTiming = await measure(SAMPLES, async () => {
      ours = (await listFailedRows(store, ref, q({ limit: 1 }))).counts;
    });
    const exact = JSON.stringify(ours) === JSON.stringify(truth);
    line(B, { metric: 'statusCounts', method: 'counters: one failed_rows call with limit=1', counts: ours, exact, ...oursTiming });
    let specCounts = { open: 0, resolved: 0, muted: 0 };
    const specTiming = await measure(
      SAMPLES,
      async () => {
        const pages = await Promise.all(ISSUE_STATUSES.map((status) => listFailedRows(store, ref, q({ status, limit: 1000 }))));
        specCounts = { open: pages[0]!.data.length, resolved: pages[1]!.data.length, muted: pages[2]!.data.length };
      },
      2,
    );
    const specExact = JSON.stringify(specCounts) === JSON.stringify(truth);
    line(B, { metric: 'statusCounts', method: "spec: three failed_rows calls with limit=1000 (in parallel), counting rows", counts: specCounts, exact: specExact, ...specTiming });
    const speedup = Math.round((specTiming.p50 / oursTiming.p50) * 10) / 10;
    line(B, { metric: 'statusCountsSpeedup', factor: speedup, basis: 'p50 spec / p50 ours', p95factor: Math.round((specTiming.p95 / oursTiming.p95) * 10) / 10 });

    // ---- bulk mute and unmute of 1,000 rows ---------------------------------------------------
    // The rows a user would select: one 1000-row page of the open list per sample.
    const selections: string[][] = [];
    for (let i = 0; i < BULK_SAMPLES + 2; i++) {
      const res = await listFailedRows(store, ref, q({ limit: BULK_ROWS, offset: i * BULK_ROWS }));
      selections.push(res.data.map((r) => r.issue_id));
    }
    // Two unmeasured rounds first, then one mute and one unmute per selection, each timed whole.
    const bulkOk: boolean[] = [];
    const times = { mute: [] as number[], unmute: [] as number[] };
    for (let i = 0; i < selections.length; i++) {
      const ids = selections[i]!;
      let started = performance.now();
      const muted = await bulkResolve(store, ref, ids, { method: 'manual_mute', muteDuration: '1_week' }, 'bench@bench.example', systemClock);
      const muteMs = performance.now() - started;
      started = performance.now();
      const unmuted = await bulkResolve(store, ref, ids, { method: 'manual_unmute' }, 'bench@bench.example', systemClock);
      const unmuteMs = performance.now() - started;
      bulkOk.push(ids.length === BULK_ROWS && muted.resolved === ids.length && unmuted.resolved === ids.length && muted.failed + unmuted.failed === 0);
      if (i >= 2) {
        times.mute.push(muteMs);
        times.unmute.push(unmuteMs);
      }
    }
    const bulkTimings = { mute: timingOf(times.mute), unmute: timingOf(times.unmute) };
    for (const action of ['mute', 'unmute'] as const) line(B, { metric: 'bulk', action, rows: BULK_ROWS, allRowsChanged: bulkOk.every(Boolean), ...bulkTimings[action] });

    // ---- counts against a full recount ----------------------------------------------------------
    const issuePartition = keys.issuePrefix(ORG, INSTANCE, DATASET);
    const recounted = { open: 0, resolved: 0, muted: 0 };
    let start: Record<string, unknown> | undefined;
    const all: IssueRecord[] = [];
    do {
      const out = await doc.send(
        new QueryCommand({
          TableName: table,
          KeyConditionExpression: 'pk = :pk AND begins_with(sk, :sk)',
          ExpressionAttributeValues: { ':pk': issuePartition.pk, ':sk': issuePartition.skPrefix },
          ProjectionExpression: '#s, scan_time, issue_type, #o',
          ExpressionAttributeNames: { '#s': 'status', '#o': 'owner' },
          ConsistentRead: true,
          ExclusiveStartKey: start,
        }),
      );
      all.push(...((out.Items ?? []) as IssueRecord[]));
      start = out.LastEvaluatedKey;
    } while (start);
    for (const i of all) recounted[i.status]++;
    const counters = await store.readCounters(ref);
    const fromCounters = summarize(counters, {}).counts;
    const cellKey = (c: { scanTime: string; status: string; issueType: IssueType; owner: string; count: number }) => `${c.scanTime}|${c.status}|${c.issueType}|${c.owner}|${c.count}`;
    const cellsEqual =
      JSON.stringify(counters.filter((c) => c.count !== 0).map(cellKey).sort()) === JSON.stringify(countIssues(all).map(cellKey).sort());
    const recountExact = JSON.stringify(fromCounters) === JSON.stringify(recounted) && cellsEqual;
    line(B, { metric: 'recount', afterBulk: true, counters: fromCounters, recount: recounted, everyCellEqual: cellsEqual, exact: recountExact });

    // ---- summary -------------------------------------------------------------------------------
    const pageP95 = Math.max(...pageP95s);
    const bulkP95 = Math.max(bulkTimings.mute.p95, bulkTimings.unmute.p95);
    const results = {
      pageP95: { target: `<= ${TARGETS.pageP95Ms} ms at every offset and filter`, worst: pageP95, pass: pageP95 <= TARGETS.pageP95Ms },
      statusCounts: { target: `>= ${TARGETS.countsSpeedup}x faster than the spec and exact`, factor: speedup, exact, pass: speedup >= TARGETS.countsSpeedup && exact },
      bulk1000: { target: `<= ${TARGETS.bulkP95Ms} ms (p95, whole call)`, worst: bulkP95, allRowsChanged: bulkOk.every(Boolean), pass: bulkP95 <= TARGETS.bulkP95Ms && bulkOk.every(Boolean) },
      countsEqualRecount: { pass: recountExact },
    };
    const passed = Object.values(results).every((r) => r.pass);
    line(B, { metric: 'summary', pass: passed, ...results });
    return passed;
  } finally {
    await bench.stop();
  }
}
