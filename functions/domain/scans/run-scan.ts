import type { Check, ChecksConfig } from '../../../shared/schemas/checks';
import { referenceKey, type ReferenceValues } from '../checks/compile';
import { CheckRun, evaluateChecks, type SourceRow } from '../checks/engine';
import { assertConfigFits } from '../checks/validate-config';
import { NotFound, ValidationFailed } from '../errors';
import type { DatasetRef, IssueStore } from '../issues/issue-store';
import type { Clock } from '../issues/resolve-issue';
import { ProfileBuilder } from '../profile/build-profile';
import { readCsvRows, type CsvStats } from '../sources/csv-source';
import type { SourceStore } from '../sources/source-store';
import { failureMapper } from './found-failure';
import { ScanSuperseded } from './job-liveness';
import type { DatasetMetaStore, ScanJob, ScanResultsStore } from './ports';
import { insertInChunks } from './insert-issues';
import { Reconciler } from './reconcile';
import { resolveByScan } from './resolve-by-scan';

// Runs a queued scan (issue 4 §3): streams the dataset's source file through its checks, writes
// one failed row per failing cell through the reconciler (new → inserted, open → moved to this
// scan, resolved/muted → kept), closes the open rows that now pass as resolved by scan, stores
// the column profile, and keeps the job's progress readable all along.

/** Told when a scan or an import has ended, so open screens see the new figures (issue 13 §7). */
export interface ScanEvents {
  /** The dataset's rows and counts changed; never throws. */
  datasetChanged(ref: DatasetRef): Promise<void>;
}

export interface ScanDeps {
  meta: DatasetMetaStore;
  results: ScanResultsStore;
  issues: IssueStore;
  sources: SourceStore;
  clock: Clock;
  /** Absent: nobody is told (unit tests, tools). */
  events?: ScanEvents;
}

/** Pending writes are flushed at this size: bounded memory, and rows appear while the scan runs. */
const FLUSH_AT = 500;
const PROGRESS_EVERY = 5000;
/** Batches being written while the scan reads on (each at most FLUSH_AT failed rows). */
const WRITES_IN_FLIGHT = 3;

export const NO_SOURCE = 'This dataset has no data yet. Upload a CSV first.';
export const NO_CHECKS = 'This dataset has no checks yet. Add checks before scanning.';

async function requireSource(deps: ScanDeps, ref: DatasetRef) {
  const source = await deps.meta.getSource(ref);
  if (!source) throw new ValidationFailed(NO_SOURCE, [{ field: 'dataset', message: 'has no source data' }]);
  return source;
}

/** The values of every column that a reference check names (read from those datasets' files). */
export async function loadReferences(deps: Pick<ScanDeps, 'meta' | 'sources'>, ref: DatasetRef, checks: readonly Check[]): Promise<ReferenceValues> {
  const wanted = new Map<string, Set<string>>();
  for (const check of checks) if (check.type === 'reference') {
    const columns = wanted.get(check.referenceDataset) ?? new Set();
    columns.add(check.referenceColumn);
    wanted.set(check.referenceDataset, columns);
  }
  const values = new Map<string, Set<string>>();
  for (const [datasetId, columns] of wanted) {
    const other = { ...ref, datasetId };
    const source = await deps.meta.getSource(other);
    const stream = source && (await deps.sources.open(source.key));
    if (!source || !stream) throw new ValidationFailed(`Reference dataset "${datasetId}" has no data`, [{ field: 'referenceDataset', message: `"${datasetId}" has no data` }]);
    const sets = [...columns].map((c) => [c, new Set<string>()] as const);
    for (const [column, set] of sets) values.set(referenceKey(datasetId, column), set);
    for await (const row of readCsvRows(stream)) {
      for (const [column, set] of sets) {
        const v = row.record[column]?.trim();
        if (v) set.add(v);
      }
    }
  }
  return values;
}

/** Checks a config against the dataset's columns and the instance's other datasets. */
export async function assertConfigFitsData(deps: Pick<ScanDeps, 'meta'>, ref: DatasetRef, config: ChecksConfig, columns: readonly string[]): Promise<void> {
  const others = new Map<string, readonly string[] | undefined>();
  for (const check of config.checks) {
    if (check.type === 'reference' && check.referenceDataset !== ref.datasetId && !others.has(check.referenceDataset)) {
      others.set(check.referenceDataset, (await deps.meta.getSource({ ...ref, datasetId: check.referenceDataset }))?.columns);
    }
  }
  assertConfigFits(config, { datasetId: ref.datasetId, columns, columnsOfDataset: (id) => others.get(id) });
}

export async function runScan(deps: ScanDeps, ref: DatasetRef, scanId: string): Promise<ScanJob> {
  const queued = await deps.meta.getScan(ref, scanId);
  if (!queued) throw new NotFound('Scan not found');
  if (queued.status !== 'queued') return queued;
  const startedAt = deps.clock.now().toISOString();
  const job: ScanJob = { ...queued, status: 'running', startedAt, heartbeatAt: startedAt };
  await deps.meta.putScan(ref, job);
  try {
    await scan(deps, ref, job);
    job.status = 'succeeded';
  } catch (error) {
    // Declared abandoned while it ran: a newer job owns the dataset now; write nothing more.
    if (error instanceof ScanSuperseded) return (await deps.meta.getScan(ref, scanId)) ?? job;
    job.status = 'failed';
    job.error = error instanceof ValidationFailed || error instanceof NotFound ? error.message : 'The scan failed. Please try again.';
    if (!(error instanceof ValidationFailed || error instanceof NotFound)) {
      await deps.meta.putScan(ref, { ...job, finishedAt: deps.clock.now().toISOString() });
      // Rows it wrote before it failed stay: their counts go out all the same.
      await deps.events?.datasetChanged(ref);
      throw error;
    }
  }
  job.finishedAt = deps.clock.now().toISOString();
  await deps.meta.putScan(ref, job);
  if (job.status === 'succeeded') await deps.events?.datasetChanged(ref);
  return job;
}

async function scan(deps: ScanDeps, ref: DatasetRef, job: ScanJob): Promise<void> {
  const dataset = await deps.issues.getDataset(ref);
  if (!dataset) throw new NotFound('Dataset not found');
  const source = await requireSource(deps, ref);
  const configRecord = await deps.meta.getConfig(ref);
  if (!configRecord || configRecord.config.checks.length === 0) throw new ValidationFailed(NO_CHECKS, [{ field: 'checks', message: 'must hold at least one check' }]);
  const { config } = configRecord;
  await assertConfigFitsData(deps, ref, config, source.columns);

  const references = await loadReferences(deps, ref, config.checks);
  const index = await deps.results.loadIndex(ref);
  const reconciler = new Reconciler(index, { datasetId: ref.datasetId, recordKey: dataset.recordKey, scanTime: job.scanTime });
  const run = new CheckRun(config.checks, dataset.recordKey, { now: new Date(job.scanTime), references });
  const profile = new ProfileBuilder({ columns: source.columns });
  const toFound = failureMapper(config);
  job.totalRows = source.rows;

  const stream = await deps.sources.open(source.key);
  if (!stream) throw new ValidationFailed(NO_SOURCE, [{ field: 'dataset', message: 'source file is missing' }]);
  const stats: CsvStats = { columns: [], rows: 0, bytes: 0 };
  async function* profiled(rows: AsyncIterable<SourceRow>) {
    for await (const row of rows) {
      profile.add(row.record);
      yield row;
    }
  }

  /** Shows the job alive, and stops it if it was declared abandoned meanwhile (job-liveness.ts). */
  const heartbeat = async () => {
    const stored = await deps.meta.getScan(ref, job.scanId);
    if (stored?.status !== 'running') throw new ScanSuperseded(job.scanId);
    job.heartbeatAt = deps.clock.now().toISOString();
    await deps.meta.putScan(ref, job);
  };

  // Writes overlap with reading and checking: a flush hands its batch to the write chain and the
  // scan reads on, waiting only when WRITES_IN_FLIGHT batches are still being written (bounded
  // memory). The writes run one after another: inserts and moves all touch the scan's counter
  // item in their transactions, and side by side would only cancel each other.
  const inFlight = new Set<Promise<void>>();
  let writeChain: Promise<void> = Promise.resolve();
  const track = (write: Promise<void>) => {
    const tracked = write.finally(() => inFlight.delete(tracked));
    // Failures surface where the pipeline is awaited (below); this only keeps them from being unhandled meanwhile.
    tracked.catch(() => undefined);
    inFlight.add(tracked);
  };
  const flush = async () => {
    const { inserts, moves } = reconciler.drain();
    if (inserts.length > 0 || moves.length > 0) {
      writeChain = writeChain.then(async () => {
        await insertInChunks(deps.results, ref, job.scanTime, inserts, (n) => {
          job.newIssues += n;
        });
        if (moves.length > 0) {
          const { moved } = await deps.results.moveIssues(ref, job.scanTime, moves);
          job.updatedIssues += moved.length;
        }
      });
      track(writeChain);
    }
    while (inFlight.size >= WRITES_IN_FLIGHT) await Promise.race(inFlight);
  };
  const writesDone = async () => {
    while (inFlight.size > 0) await Promise.all(inFlight);
  };

  let lastReport = 0;
  try {
    for await (const batch of evaluateChecks(profiled(readCsvRows(stream, { recordKey: dataset.recordKey }, stats)), run)) {
      for (const failure of batch) reconciler.add(toFound(failure));
      job.failures += batch.length;
      if (reconciler.inserts.length + reconciler.moves.length >= FLUSH_AT) await flush();
      if (run.rows - lastReport >= PROGRESS_EVERY) {
        lastReport = run.rows;
        job.rowsRead = run.rows;
        job.checks = run.counts();
        await heartbeat();
      }
    }
    await flush();
    await writesDone();
  } finally {
    // A scan that fails (a bad line, a lost job) reports only after its pending writes have settled.
    await Promise.allSettled([...inFlight]);
  }
  await heartbeat();
  job.rowsRead = run.rows;
  job.totalRows = run.rows;
  job.checks = run.counts();
  job.keptIssues = reconciler.kept;

  const passing = reconciler.staleOpen(new Set(config.checks.map((c) => c.name)));
  job.resolvedByScan = await resolveByScan(deps.issues, ref, passing, deps.clock);
  await deps.meta.putProfile(ref, profile.finish(), job.scanTime);
  await deps.meta.markScanned(ref, { lastScanTime: job.scanTime, totalRecords: stats.rows, onboarded: true });
}

/** A new job for a scan about to be launched. */
export function newScanJob(input: { scanId: string; datasetId: string; kind: ScanJob['kind']; scanTime: Date; by: string; totalRows: number }): ScanJob {
  return {
    scanId: input.scanId,
    datasetId: input.datasetId,
    kind: input.kind,
    status: 'queued',
    scanTime: input.scanTime.toISOString(),
    requestedBy: input.by,
    requestedAt: input.scanTime.toISOString(),
    totalRows: input.totalRows,
    rowsRead: 0,
    failures: 0,
    newIssues: 0,
    updatedIssues: 0,
    keptIssues: 0,
    resolvedByScan: 0,
    checks: [],
  };
}
