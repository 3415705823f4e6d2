import { ulid } from 'ulid';
import type { IssueRecord } from '../../functions/domain/issues/issue-record';
import type { DatasetRecord } from '../../functions/domain/tenancy/records';
import { mulberry32, pick } from '../seed/random';
import { line } from './measure';
import { startBenchTable, writeBenchDataset } from './bench-table';
// The worker runs in this process and reads source files from disk, as in the local server.
import '../local/local-sources';

// npm run bench -- ai [--rows 10000]
// Throughput of the AI pipeline with the builtin provider on DynamoDB Local:
//  (1) the issue's measure: 10,000 queued rows through queue -> worker -> DynamoDB (the batch
//      route's use case queues them first, timed apart; the in-process queue with SQS semantics
//      then feeds the very worker handler Lambda runs until the queue is empty);
//  (2) asking and processing at once, as in use (the route and the worker share DynamoDB Local);
//  (3) side by side, the spec's browser pacing: one row at a time, a random 300–800 ms wait first.
// After the run the ledger must hold exactly one credit per processed row (a stored suggestion or a
// definite abstention).

const B = 'ai';
const TARGET_ROWS_PER_SECOND = 500;
const ORG = 'org_bench';
const INSTANCE = 'inst_bench';
const DATASET = 'customers';
const USER = 'steward@bench.example';
const PACED_ROWS = 12;
/** Rows run through the whole path first, unmeasured (JIT of Node and of DynamoDB Local's JVM). */
const WARMUP_ROWS = 500;
const CITIES = ['birmingham', 'huntsville', 'montgomery', 'mobile', 'tuscaloosa', 'dothan', 'auburn', 'decatur'];

function mistype(value: string, rand: () => number): string {
  const i = 1 + Math.floor(rand() * (value.length - 2));
  return `${value.slice(0, i)}x${value.slice(i + 1)}`;
}

export async function run(args: string[]): Promise<boolean> {
  const rows = args.includes('--rows') ? Number(args[args.indexOf('--rows') + 1]) : 10_000;
  const bench = await startBenchTable('quality-desk-bench-ai', { AI_PROVIDER: 'builtin' });
  const { table } = bench;
  const dynamo = { endpoint: bench.endpoint };
  try {
    const { aiRepository } = await import('../../functions/adapters/dynamodb/ai-repository');
    const { datasetMetaRepository } = await import('../../functions/adapters/dynamodb/dataset-meta-repository');
    const { LocalQueue } = await import('../../functions/adapters/queue/local-queue');
    const { registerLocalQueue } = await import('../../functions/adapters/queue/suggestion-queue');
    const { lazyQueue, providerDeps } = await import('../../functions/adapters/ai/wiring');
    const { handler } = await import('../../functions/worker/suggestions-worker');
    const { suggestionsBatchSize, suggestionsLeasePolicy, suggestionsQueueDefinition } = await import('../../functions/adapters/queue/queue-definition');
    const { requestSuggestions } = await import('../../functions/domain/ai/pipeline/request-suggestions');
    const { generateNow } = await import('../../functions/domain/ai/pipeline/generate-now');
    const { buildProfile } = await import('../../functions/domain/profile/build-profile');
    const { systemClock } = await import('../../functions/lib/clock');

    // ---- seed: a dataset whose failed rows are mistyped cities, and its profile ---------------
    const rand = mulberry32(5);
    const now = new Date();
    const scanTime = new Date(now.getTime() - 3_600_000).toISOString();
    const issues: IssueRecord[] = Array.from({ length: 2 * rows + PACED_ROWS + WARMUP_ROWS }, (_, i) => ({
      issue_id: ulid(now.getTime(), rand),
      dataset_id: DATASET,
      record_key: 'customer_id',
      record_id: `C-${100000 + i}`,
      name: `Customer ${i}`,
      issue_column: 'city',
      current_value: mistype(pick(rand, CITIES), rand),
      status: 'open',
      check_name: 'city_in_reference_list',
      owner: USER,
      scan_time: scanTime,
      issue_type: 'invalid_value',
      version: 1,
    }));
    const dataset: DatasetRecord = { id: DATASET, name: DATASET, organizationId: ORG, instanceId: INSTANCE, onboardingStatus: 'onboarded', recordKey: 'customer_id', totalRecords: rows, lastScanTime: scanTime, createdAt: scanTime };
    await writeBenchDataset(dynamo.endpoint, table, dataset, issues);
    const ref = { organizationId: ORG, instanceId: INSTANCE, datasetId: DATASET };
    await datasetMetaRepository.putProfile(ref, buildProfile(Array.from({ length: 5000 }, (_, i) => ({ customer_id: `C-${i}`, city: CITIES[i % CITIES.length]! }))), scanTime);
    await new Promise((r) => setTimeout(r, 2000));

    // ---- the queued pipeline --------------------------------------------------------------------
    const queue = new LocalQueue(handler, { batchSize: suggestionsBatchSize('builtin'), maxReceiveCount: suggestionsQueueDefinition.maxReceiveCount, concurrency: 8, visibilityTimeoutMs: 30_000 });
    registerLocalQueue(queue);
    const requester = { email: USER, subscription: 'professional' as const };
    const deps = { issues: aiRepository, writer: aiRepository, state: aiRepository, queue: lazyQueue, clock: systemClock, lease: suggestionsLeasePolicy(30) };
    /** The screen asks for rows page by page: the batch route takes up to 200 a call. */
    const ask = async (ids: readonly string[]) => {
      for (let i = 0; i < ids.length; i += 200) await requestSuggestions(deps, ref, requester, ids.slice(i, i + 200));
    };
    const seconds = (since: number) => Math.round((performance.now() - since) / 100) / 10;

    // Warm-up, unmeasured.
    const warmup = issues.slice(2 * rows + PACED_ROWS).map((i) => i.issue_id);
    await ask(warmup);
    queue.start();
    await queue.drain(10 * 60_000);
    await queue.stop();

    // (1) The issue's measure: 10,000 queued rows through queue -> worker -> DynamoDB. The batch
    // route queues them (timed on its own), then the worker drains the full queue.
    const drained = issues.slice(0, rows).map((i) => i.issue_id);
    let started = performance.now();
    await ask(drained);
    const enqueueSeconds = seconds(started);
    started = performance.now();
    queue.start();
    await queue.drain(10 * 60_000);
    const workerSeconds = seconds(started);
    await queue.stop();
    const rowsPerSecond = Math.round(rows / workerSeconds);
    line(B, { mode: 'queued rows -> worker -> DynamoDB', rows, seconds: workerSeconds, rowsPerSecond, target: TARGET_ROWS_PER_SECOND, batches: queue.stats.batches, redeliveries: queue.stats.failedReceives, deadLetters: queue.deadLetters().length });
    line(B, { mode: 'batch route queueing the rows', rows, seconds: enqueueSeconds, rowsPerSecond: Math.round(rows / enqueueSeconds) });

    // (2) Asking and processing at once, as in use: the route and the worker share DynamoDB Local.
    const overlapped = issues.slice(rows, 2 * rows).map((i) => i.issue_id);
    started = performance.now();
    queue.start();
    await ask(overlapped);
    await queue.drain(10 * 60_000);
    const overlappedSeconds = seconds(started);
    await queue.stop();
    line(B, { mode: 'batch route and worker at once', rows, seconds: overlappedSeconds, rowsPerSecond: Math.round(rows / overlappedSeconds) });

    const queued = [...warmup, ...drained, ...overlapped];
    const credits = await aiRepository.count(ORG, {});
    const stored = [...(await aiRepository.getIssues(ref, queued)).values()].filter((i) => i.ai_suggestion || i.ai_status === 'abstained').length;

    // ---- the spec's pacing, one row at a time -----------------------------------------------------
    const paced = issues.slice(2 * rows, 2 * rows + PACED_ROWS).map((i) => i.issue_id);
    const pacedStarted = performance.now();
    for (const id of paced) {
      await new Promise((r) => setTimeout(r, 300 + Math.random() * 500));
      await generateNow(providerDeps(), ref, requester, id);
    }
    const pacedSeconds = (performance.now() - pacedStarted) / 1000;
    const pacedRate = paced.length / pacedSeconds;
    line(B, { mode: 'spec pacing (one request per 300-800 ms)', rows: paced.length, seconds: Math.round(pacedSeconds * 10) / 10, rowsPerSecond: Math.round(pacedRate * 100) / 100, projectedSecondsFor: { rows, seconds: Math.round(rows / pacedRate) }, speedup: Math.round(rowsPerSecond / pacedRate) });

    const pacedCredits = (await aiRepository.count(ORG, {})) - credits;
    const ledgerOk = credits === stored && pacedCredits <= paced.length;
    line(B, { check: 'ledger', credits, rowsProcessed: stored, equal: credits === stored, pacedCredits });
    const passed = rowsPerSecond >= TARGET_ROWS_PER_SECOND && ledgerOk;
    line(B, { summary: true, rowsPerSecond, target: TARGET_ROWS_PER_SECOND, ledgerEqualsRows: ledgerOk, passed });
    return passed;
  } finally {
    await bench.stop();
  }
}
