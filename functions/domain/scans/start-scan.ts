import { Conflict, NotFound, ValidationFailed } from '../errors';
import type { DatasetRef } from '../issues/issue-store';
import type { ScanDeps } from './run-scan';
import { newScanJob, NO_CHECKS, NO_SOURCE } from './run-scan';
import { isAbandoned, jobAsSeen } from './job-liveness';
import type { ScanJob, ScanLauncher } from './ports';

// POST /api/{dataset}/scan (spec 1 §7; issue 4 §3): answers at once with a queued job whose
// progress GET /api/{dataset}/scans/{scanId} reads. One data-in job at a time per dataset: two
// scans writing the same issues would only race.

export const SCAN_IN_PROGRESS = 'A scan of this dataset is already running. Wait for it to finish.';

export async function assertNoJobRunning(deps: Pick<ScanDeps, 'meta' | 'clock'>, ref: DatasetRef): Promise<void> {
  const [latest] = await deps.meta.listScans(ref, 1);
  if (!latest || (latest.status !== 'queued' && latest.status !== 'running')) return;
  const now = deps.clock.now();
  if (!isAbandoned(latest, now)) throw new Conflict(SCAN_IN_PROGRESS, { scanId: latest.scanId });
  // Stored as failed, so a late invoke of it does nothing and a slow worker stops at its next heartbeat.
  await deps.meta.putScan(ref, jobAsSeen(latest, now));
}

export async function startScan(deps: ScanDeps & { launcher: ScanLauncher }, ref: DatasetRef, by: string): Promise<ScanJob> {
  const dataset = await deps.issues.getDataset(ref);
  if (!dataset) throw new NotFound('Dataset not found');
  const [source, config] = await Promise.all([deps.meta.getSource(ref), deps.meta.getConfig(ref)]);
  if (!source) throw new ValidationFailed(NO_SOURCE, [{ field: 'dataset', message: 'has no source data' }]);
  if (!config || config.config.checks.length === 0) throw new ValidationFailed(NO_CHECKS, [{ field: 'checks', message: 'must hold at least one check' }]);
  await assertNoJobRunning(deps, ref);
  const job = newScanJob({ scanId: deps.clock.newId(), datasetId: ref.datasetId, kind: 'scan', scanTime: deps.clock.now(), by, totalRows: source.rows });
  await deps.meta.putScan(ref, job);
  await deps.launcher.launch(ref, job.scanId);
  return job;
}

export async function getScan(deps: Pick<ScanDeps, 'meta' | 'clock'>, ref: DatasetRef, scanId: string): Promise<ScanJob> {
  const job = await deps.meta.getScan(ref, scanId);
  if (!job) throw new NotFound('Scan not found');
  return jobAsSeen(job, deps.clock.now());
}
