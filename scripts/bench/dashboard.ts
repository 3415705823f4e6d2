import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { ISSUE_TYPES, type IssueStatus } from '../../shared/constants';
import { issueTypeOf } from '../../shared/issue-type';
import type { CounterCell } from '../../functions/domain/issues/counters';
import type { IssueRecord } from '../../functions/domain/issues/issue-record';
import type { DatasetRecord } from '../../functions/domain/tenancy/records';
import { emptyDay, type DailyActivity } from '../../functions/domain/dashboard/daily-activity';
import { items } from '../../functions/adapters/dynamodb/items';
import { metaItems } from '../../functions/adapters/dynamodb/dataset-meta-repository';
import { dynamoClient } from '../local/provision';
import { mulberry32, type Random } from '../seed/random';
import { batchWrite, datasetItems } from '../seed/write';
import { startBenchTable } from './bench-table';
import { line, measure } from './measure';

// npm run bench -- dashboard: the dashboard calls (metrics with trends, dataset-health with
// details, trends over 90 days, quick-wins) on two instances of 20 datasets, one holding 200,000
// issues and one 2,000,000, side by side in one run, through the very use cases and repository the
// Lambdas run (no HTTP). Counters and 90 days of daily records are seeded directly as the writers
// would leave them; one dataset per instance also holds real issues with stored AI suggestions,
// so quick-wins reads real rows, and a second one holds fixed and open rows without suggestions,
// so quick-wins-learned reads learned fixes. The reads must not grow with the number of issues.
// The calls keep unchanged per-dataset figures in memory (dashboard-memo.ts) as a warm Lambda
// container does; the `-cold` lines measure the same calls with the memo emptied before each one
// (the first call a new container answers, or after a reset), for information.

const ORG = 'org_bench';
const DATASETS = 20;
const DAYS = 90;
const SCANS = 10;
const REAL_ISSUES = 5_000;
const SAMPLES = 40;
const TARGET_P95_MS = 100;
const OWNERS = ['a@bench.example', 'b@bench.example', 'c@bench.example'];
const DAY_MS = 86_400_000;

const SIZES = [
  { instanceId: 'inst_200k', issues: 200_000 },
  { instanceId: 'inst_2m', issues: 2_000_000 },
] as const;

/** Counter cells of `total` issues spread over scans, statuses, types and owners. */
function cells(total: number, scanTimes: readonly string[], rand: Random): CounterCell[] {
  const out: CounterCell[] = [];
  const statuses: Array<[IssueStatus, number]> = [
    ['open', 0.6],
    ['resolved', 0.3],
    ['muted', 0.1],
  ];
  const slots = scanTimes.length * statuses.length * ISSUE_TYPES.length * OWNERS.length;
  let left = total;
  let slot = 0;
  for (const scanTime of scanTimes)
    for (const [status, share] of statuses)
      for (const issueType of ISSUE_TYPES)
        for (const owner of OWNERS) {
          slot++;
          const count = slot === slots ? left : Math.min(left, Math.round((total * share * (0.5 + rand())) / (slots / statuses.length)));
          left -= count;
          if (count > 0) out.push({ scanTime, status, issueType, owner, count });
        }
  return out;
}

function days(total: number, today: number, rand: Random): DailyActivity[] {
  const perDay = total / DAYS / 10;
  return Array.from({ length: DAYS }, (_, i) => {
    const date = new Date(today - i * DAY_MS).toISOString().slice(0, 10);
    const resolved = Math.round(perDay * (0.5 + rand()));
    const opened = Math.round(perDay * (0.5 + rand()));
    const day = emptyDay(date);
    day.opened = opened;
    day.resolved = resolved;
    day.aiAccepted = Math.round(resolved * 0.4);
    day.muted = Math.round(perDay * 0.1);
    day.openDelta = opened - resolved - day.muted;
    day.timeToResolve[2] = resolved;
    day.resolvedByHour[10] = resolved;
    return day;
  });
}

function realIssues(datasetId: string, scanTime: string, rand: Random): IssueRecord[] {
  return Array.from({ length: REAL_ISSUES }, (_, i) => {
    const check = ['missing_amount', 'invalid_stage', 'duplicate_name', 'close_date_format'][i % 4]!;
    const row: IssueRecord = {
      issue_id: `B${String(i).padStart(7, '0')}`,
      dataset_id: datasetId,
      record_key: 'opportunity_id',
      record_id: `OPP-${i}`,
      name: `Opportunity ${i}`,
      issue_column: ['amount', 'stage', 'name', 'close_date'][i % 4]!,
      current_value: `v${i}`,
      status: 'open',
      check_name: check,
      owner: OWNERS[i % OWNERS.length]!,
      scan_time: scanTime,
      issue_type: issueTypeOf({ check_name: check }),
      taxonomy: {
        dimension: { key: 'completeness', description: '' },
        subcategory: { name: 's', description: '', priority: (['critical', 'high', 'medium', 'low'] as const)[i % 4]!, automationPotential: 0.5 },
      },
      version: 1,
      // A fifth of the rows carry a suggestion, half of those with high confidence.
      ...(i % 5 === 0 ? { ai_suggestion: { suggestedValue: `${1000 + i}`, confidence: rand() < 0.5 ? 90 + Math.floor(rand() * 10) : 60, reasoning: 'bench' } } : {}),
    };
    return row;
  });
}

/**
 * A dataset without AI suggestions whose fixes taught learned fixes: 50 failed values, the first
 * LEARNED_RESOLVED rows fixed by hand (each value always to the same new value), the rest open.
 */
const LEARNED_RESOLVED = 600;
function learnedIssues(datasetId: string, scanTime: string): IssueRecord[] {
  return Array.from({ length: REAL_ISSUES }, (_, i) => {
    const value = `bad-${i % 50}`;
    const fixed = i < LEARNED_RESOLVED;
    const row: IssueRecord = {
      issue_id: `L${String(i).padStart(7, '0')}`,
      dataset_id: datasetId,
      record_key: 'opportunity_id',
      record_id: `OPP-${i}`,
      name: `Opportunity ${i}`,
      issue_column: 'stage',
      current_value: fixed ? `good-${i % 50}` : value,
      status: fixed ? 'resolved' : 'open',
      check_name: 'invalid_stage',
      owner: OWNERS[i % OWNERS.length]!,
      scan_time: scanTime,
      issue_type: issueTypeOf({ check_name: 'invalid_stage' }),
      taxonomy: {
        dimension: { key: 'conformity', description: '' },
        subcategory: { name: 's', description: '', priority: (['critical', 'high', 'medium', 'low'] as const)[i % 4]!, automationPotential: 0.5 },
      },
      version: 1,
      ...(fixed ? { original_value: value, resolution_method: 'manual_edit' as const, resolved_at: new Date().toISOString(), resolved_by: OWNERS[0] } : {}),
    };
    return row;
  });
}

export async function run(): Promise<boolean> {
  const bench = await startBenchTable('quality-desk-bench-dashboard');
  try {
    const { dashboardRepository: store } = await import('../../functions/adapters/dynamodb/dashboard-repository');
    const { dashboardMetrics, datasetHealth, dashboardTrends, quickWins } = await import('../../functions/domain/dashboard/dashboard');
    const { clearDashboardMemo } = await import('../../functions/adapters/dynamodb/dashboard-memo');
    const doc = DynamoDBDocumentClient.from(dynamoClient(bench.endpoint), { marshallOptions: { removeUndefinedValues: true } });
    const now = new Date();
    const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
    const scanTimes = Array.from({ length: SCANS }, (_, i) => new Date(today - (SCANS - i) * 7 * DAY_MS + 6 * 3_600_000).toISOString());

    const seedStarted = performance.now();
    for (const size of SIZES) {
      const rand = mulberry32(size.issues);
      const all: Array<Record<string, unknown>> = [];
      for (let d = 0; d < DATASETS; d++) {
        const id = `ds_${String(d).padStart(2, '0')}`;
        const perDataset = size.issues / DATASETS;
        const dataset: DatasetRecord = {
          id,
          name: `Dataset ${d}`,
          organizationId: ORG,
          instanceId: size.instanceId,
          onboardingStatus: 'onboarded',
          recordKey: 'opportunity_id',
          totalRecords: perDataset * 2,
          lastScanTime: scanTimes.at(-1)!,
          createdAt: new Date(today - 100 * DAY_MS).toISOString(),
        };
        const ref = { organizationId: ORG, instanceId: size.instanceId, datasetId: id };
        const real = d === 0 ? realIssues(id, scanTimes.at(-1)!, rand) : d === 1 ? learnedIssues(id, scanTimes.at(-1)!) : [];
        const counted = cells(perDataset - real.length, scanTimes.slice(0, -1), rand);
        // The real rows go in through the seed writer (issues, their counters); the rest as counters only.
        all.push(...datasetItems({ dataset, issues: real, events: [], counters: [] }).filter((i) => i.kind !== 'dailyActivity'));
        all.push(...[...new Set(counted.map((c) => c.scanTime))].map((t) => items.issueCounter(ORG, size.instanceId, id, t, counted)));
        if (real.length > 0) all.push(items.issueCounter(ORG, size.instanceId, id, scanTimes.at(-1)!, real.map((r) => ({ scanTime: r.scan_time, status: r.status, issueType: r.issue_type, owner: r.owner, count: 1 })).reduce<CounterCell[]>((acc, c) => {
          const hit = acc.find((x) => x.status === c.status && x.issueType === c.issueType && x.owner === c.owner);
          if (hit) hit.count++;
          else acc.push({ ...c });
          return acc;
        }, [])));
        all.push(...days(perDataset, today, rand).map((day) => items.dailyActivity(ORG, size.instanceId, id, day)));
        all.push(
          metaItems.config(ref, {
            config: { ownerRule: { kind: 'fixed', owner: OWNERS[0]! }, checks: ['missing_amount', 'invalid_stage', 'duplicate_name', 'close_date_format', 'probability_range'].map((name, i) => ({ name, column: `c${i}`, type: 'missing', severity: 'fail', subcategory: { name: 's', description: '', priority: (['critical', 'high', 'medium', 'low', 'medium'] as const)[i]!, automationPotential: 0.5 }, dimension: 'completeness' })) } as never,
            updatedAt: now.toISOString(),
            updatedBy: 'bench',
          }),
        );
      }
      await batchWrite(doc, bench.table, all, 16);
    }
    line('dashboard', { metric: 'seed', datasets: DATASETS * SIZES.length, issues: SIZES.reduce((n, s) => n + s.issues, 0), realIssuesPerInstance: REAL_ISSUES, seconds: Math.round((performance.now() - seedStarted) / 100) / 10 });

    let passed = true;
    const calls = {
      metrics: (inst: { organizationId: string; instanceId: string }) => dashboardMetrics(store, inst, { timeframe: '7d', includeTrends: true }, new Date()),
      'dataset-health': (inst: { organizationId: string; instanceId: string }) => datasetHealth(store, inst, { includeDetails: true }, new Date()),
      'trends-90d': (inst: { organizationId: string; instanceId: string }) => dashboardTrends(store, inst, { timeframe: '90d', interval: 'day' }, new Date()),
      'quick-wins': (inst: { organizationId: string; instanceId: string }) => quickWins(store, inst, { limit: 10 }),
      // A dataset with no AI suggestions: the list comes from learned fixes (500 fixes read, 10 mappings, one Query each).
      'quick-wins-learned': (inst: { organizationId: string; instanceId: string }) => quickWins(store, inst, { limit: 10, datasetId: 'ds_01' }),
    };
    for (const [metric, call] of Object.entries(calls)) {
      const row: Record<string, unknown> = { metric, target: { p95: TARGET_P95_MS } };
      for (const size of SIZES) {
        const inst = { organizationId: ORG, instanceId: size.instanceId };
        const check = (await call(inst)) as unknown;
        if (metric === 'metrics') {
          const m = check as { issuesFound: number; trendsData: unknown[] };
          if (m.trendsData.length !== 7) throw new Error('metrics: expected 7 trend points');
          row[`issuesFound_${size.issues}`] = m.issuesFound;
        }
        if (metric.startsWith('quick-wins') && (check as unknown[]).length !== 10) throw new Error(`${metric}: expected 10 quick wins`);
        if (metric === 'quick-wins-learned' && !(check as Array<{ suggestedAction: string }>).every((w) => w.suggestedAction === 'Apply Learned Fix')) throw new Error('quick-wins-learned: expected learned fixes');
        const timing = await measure(SAMPLES, () => call(inst));
        row[`p50_${size.issues}`] = timing.p50;
        row[`p95_${size.issues}`] = timing.p95;
        if (timing.p95 > TARGET_P95_MS) passed = false;
      }
      line('dashboard', row);
    }
    for (const metric of ['metrics', 'dataset-health', 'trends-90d'] as const) {
      const row: Record<string, unknown> = { metric: `${metric}-cold` };
      for (const size of SIZES) {
        const inst = { organizationId: ORG, instanceId: size.instanceId };
        const timing = await measure(SAMPLES, () => {
          clearDashboardMemo();
          return calls[metric](inst);
        });
        row[`p50_${size.issues}`] = timing.p50;
        row[`p95_${size.issues}`] = timing.p95;
      }
      line('dashboard', row);
    }
    return passed;
  } finally {
    await bench.stop();
  }
}
