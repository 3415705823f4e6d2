import { spawnSync } from 'node:child_process';
import { distance } from 'fastest-levenshtein';
import { CLUSTER_STRATEGIES, type ClusterStrategy } from '../../shared/schemas/clusters';
import type { ClusterRow } from '../../functions/domain/clusters/build-clusters';
import type { IssueRecord } from '../../functions/domain/issues/issue-record';
import type { DatasetRecord } from '../../functions/domain/tenancy/records';
import { mulberry32, pick, type Random } from '../seed/random';
import { startBenchTable, writeBenchDataset } from './bench-table';
import { line } from './measure';

// npm run bench -- clusters (issue 13 §8): each clustering strategy over 100,000 failed-row values
// of one column (time and peak memory, each in its own process so one strategy's garbage does not
// count against the next), beside naive all-pairs Levenshtein on 5,000 distinct values
// extrapolated to the column's distinct values; then a mass fix of a 5,000-row cluster on DynamoDB
// Local, end to end, with the counts compared to a recount.
//
// The values are generated here: names built from syllables, each written by people in several
// ways (case, spaces, punctuation, a dropped, doubled, swapped or wrong letter).
// `seconds` is wall time, `cpuSeconds` the process's CPU time: on a shared, loaded machine the
// second says what the work costs; the target is checked on wall time.

const B = 'clusters';
const VALUES = 100_000;
const NAIVE = 5_000;
const TARGET_KEY_SECONDS = 2;
const TARGET_NN_SECONDS = 10;
const FIX_ROWS = 5_000;
const NN: ReadonlySet<ClusterStrategy> = new Set(['levenshtein', 'ppm']);

const SYLLABLES = ['ka', 'ri', 'mo', 'len', 'sa', 'tor', 'vi', 'na', 'bel', 'quin', 'dor', 'ma', 'ste', 'ro', 'lu', 'fen', 'ga', 'zi', 'har', 'ton', 'wel', 'por', 'cas', 'ne', 'il', 'ur', 'bra', 'sel', 'mi', 'ko'];
const SUFFIXES = ['', '', ' GmbH', ' Inc.', ' Ltd', ' & Co', ' Group', ' AG', ' LLC'];

function canonical(rand: Random): string {
  const word = () => {
    const n = 2 + Math.floor(rand() * 2);
    let w = '';
    for (let i = 0; i < n; i++) w += pick(rand, SYLLABLES);
    return w[0]!.toUpperCase() + w.slice(1);
  };
  return (rand() < 0.5 ? word() : `${word()} ${word()}`) + pick(rand, SUFFIXES);
}

function variant(rand: Random, v: string): string {
  const r = rand();
  const i = Math.floor(rand() * v.length);
  if (r < 0.35) return v; // written right
  if (r < 0.45) return v.toLowerCase();
  if (r < 0.5) return v.toUpperCase();
  if (r < 0.55) return ` ${v}  `.replace(' ', '  ');
  if (r < 0.6) return v.replace(/[.&]/g, '');
  if (r < 0.7) return v.slice(0, i) + v.slice(i + 1); // dropped letter
  if (r < 0.78) return v.slice(0, i) + v[i] + v.slice(i); // doubled letter
  if (r < 0.88) return i + 1 < v.length ? v.slice(0, i) + v[i + 1] + v[i] + v.slice(i + 2) : v; // swap
  return v.slice(0, i) + 'aeiou'[Math.floor(rand() * 5)] + v.slice(i + 1); // wrong letter
}

export function benchValues(n: number, seed = 20261123): string[] {
  const rand = mulberry32(seed);
  const names = Array.from({ length: Math.round(n / 5) }, () => canonical(rand));
  return Array.from({ length: n }, () => variant(rand, pick(rand, names)));
}

const rowsOf = (values: readonly string[]): ClusterRow[] =>
  values.map((v, i) => ({ issue_id: `I${i}`, issue_column: 'company', check_name: 'company_valid', current_value: v }));

/** Child process: one strategy, printing seconds, clusters and peak memory above the baseline. */
async function one(strategy: ClusterStrategy): Promise<void> {
  const { buildClusters } = await import('../../functions/domain/clusters/build-clusters');
  const rows = rowsOf(benchValues(VALUES));
  global.gc?.();
  const baseline = process.memoryUsage().rss;
  const started = performance.now();
  const cpu = process.cpuUsage();
  const clusters = buildClusters(rows, { strategy });
  const seconds = (performance.now() - started) / 1000;
  const used = process.cpuUsage(cpu);
  const cpuSeconds = (used.user + used.system) / 1e6;
  const peakMb = Math.max(0, process.resourceUsage().maxRSS * 1024 - baseline) / 1_048_576;
  const clustered = clusters.reduce((n, c) => n + c.size, 0);
  console.log(JSON.stringify({ seconds, cpuSeconds, clusters: clusters.length, clusteredRows: clustered, peakMb }));
}

function inChild(strategy: ClusterStrategy): { seconds: number; cpuSeconds: number; clusters: number; clusteredRows: number; peakMb: number } {
  const out = spawnSync(process.execPath, ['--expose-gc', '--import', 'tsx', import.meta.filename, '--one', strategy], { encoding: 'utf8', maxBuffer: 1 << 20 });
  const last = out.stdout.trim().split('\n').at(-1) ?? '';
  if (out.status !== 0 || !last.startsWith('{')) throw new Error(`strategy ${strategy} failed: ${out.stderr.slice(-2000)}`);
  return JSON.parse(last);
}

const r2 = (x: number) => Math.round(x * 100) / 100;

async function massFix(): Promise<boolean> {
  const bench = await startBenchTable('quality-desk-bench-clusters');
  try {
    const { issuesRepository } = await import('../../functions/adapters/dynamodb/issues-repository');
    const { resolveCluster } = await import('../../functions/domain/clusters/resolve-cluster');
    const { buildClusters } = await import('../../functions/domain/clusters/build-clusters');
    const { toClusterRow } = await import('../../functions/domain/clusters/list-clusters');
    const { summarize } = await import('../../functions/domain/issues/counters');
    const { systemClock } = await import('../../functions/lib/clock');
    const ref = { organizationId: 'org_bench', instanceId: 'inst_bench', datasetId: 'accounts' };
    const scans = ['2026-11-01T06:00:00.000Z', '2026-11-02T06:00:00.000Z', '2026-11-03T06:00:00.000Z', '2026-11-04T06:00:00.000Z'];
    const spellings = ['Acme Corporation', 'acme corporation', 'ACME CORPORATION', 'Acme  Corporation', 'Corporation, Acme'];
    const others = benchValues(5_000, 7);
    const issues: IssueRecord[] = [...Array.from({ length: FIX_ROWS }, (_, i) => spellings[i % spellings.length]!), ...others].map((value, i) => ({
      issue_id: `01BENCH${String(i).padStart(19, '0')}`,
      dataset_id: ref.datasetId,
      record_key: 'account_id',
      record_id: `ACC-${i}`,
      name: `Account ${i}`,
      issue_column: 'company',
      current_value: value,
      status: 'open',
      check_name: 'company_valid',
      owner: 'ana@bench.example',
      scan_time: scans[i % scans.length]!,
      issue_type: 'invalid_value',
      version: 1,
    }));
    const dataset: DatasetRecord = { id: ref.datasetId, name: ref.datasetId, organizationId: ref.organizationId, instanceId: ref.instanceId, onboardingStatus: 'onboarded', recordKey: 'account_id', totalRecords: issues.length, lastScanTime: scans.at(-1)!, createdAt: '2026-10-01T00:00:00.000Z' };
    await writeBenchDataset(bench.endpoint, bench.table, dataset, issues);
    await new Promise((r) => setTimeout(r, 2000));

    const started = performance.now();
    const rows = (await issuesRepository.listSketches(ref, 'open')).map(toClusterRow);
    const cluster = buildClusters(rows, { strategy: 'fingerprint' }).find((c) => c.key === 'acme corporation')!;
    const listed = performance.now();
    let progressEvents = 0;
    const result = await resolveCluster(issuesRepository, ref, { clusterId: cluster.id, value: 'Acme Corporation', issueIds: cluster.issueIds }, 'ana@bench.example', systemClock, {
      observer: { progress: async () => void progressEvents++ },
    });
    const seconds = (performance.now() - started) / 1000;
    const counted = summarize(await issuesRepository.readCounters(ref), {}).counts;
    const all = [...(await issuesRepository.listSketches(ref, 'open')), ...(await issuesRepository.listSketches(ref, 'resolved'))];
    const recount = { open: all.filter((i) => i.status === 'open').length, resolved: all.filter((i) => i.status === 'resolved').length };
    const countsEqualRecount = counted.open === recount.open && counted.resolved === recount.resolved && counted.resolved === result.resolved;
    line(B, {
      metric: 'mass fix',
      rows: cluster.size,
      resolved: result.resolved,
      errors: result.failed,
      progressEvents,
      listSeconds: r2((listed - started) / 1000),
      seconds: r2(seconds),
      rowsPerSecond: Math.round(result.resolved / seconds),
      counts: counted,
      recount,
      countsEqualRecount,
    });
    return countsEqualRecount && result.failed === 0;
  } finally {
    await bench.stop();
  }
}

export async function run(args: string[]): Promise<boolean> {
  if (args[0] === '--one') {
    await one(args[1] as ClusterStrategy);
    return true;
  }
  const values = benchValues(VALUES);
  const distinct = new Set(values.map((v) => v.trim().toLowerCase())).size;
  line(B, { metric: 'data', values: VALUES, distinct });
  let passed = true;
  for (const strategy of CLUSTER_STRATEGIES) {
    const r = inChild(strategy);
    const target = NN.has(strategy) ? TARGET_NN_SECONDS : TARGET_KEY_SECONDS;
    const ok = r.seconds <= target;
    passed &&= ok;
    line(B, { metric: strategy, kind: NN.has(strategy) ? 'nearest neighbour (blocked)' : 'key collision', values: VALUES, seconds: r2(r.seconds), cpuSeconds: r2(r.cpuSeconds), peakMb: Math.round(r.peakMb), clusters: r.clusters, clusteredRows: r.clusteredRows, target: { seconds: target }, passed: ok });
  }
  // Naive all-pairs Levenshtein (radius 1) on NAIVE distinct values, extrapolated by n².
  const sample = [...new Set(values.map((v) => v.trim().toLowerCase()))].slice(0, NAIVE);
  const started = performance.now();
  let pairs = 0;
  for (let i = 0; i < sample.length; i++) for (let j = i + 1; j < sample.length; j++) if (distance(sample[i]!, sample[j]!) <= 1) pairs++;
  const seconds = (performance.now() - started) / 1000;
  line(B, { metric: 'naive all-pairs levenshtein', values: NAIVE, seconds: r2(seconds), pairs, extrapolatedDistinct: distinct, extrapolatedSeconds: Math.round(seconds * (distinct / NAIVE) ** 2) });
  passed = (await massFix()) && passed;
  return passed;
}

if (process.argv[2] === '--one') await one(process.argv[3] as ClusterStrategy);
