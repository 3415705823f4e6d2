import { NotFound } from '../errors';
import type { DatasetRef } from '../issues/issue-store';
import type { ScanLauncher } from '../scans/ports';
import { newScanJob, type ScanDeps } from '../scans/run-scan';
import { assertNoJobRunning } from '../scans/start-scan';
import { onboardingStatusOf } from './onboarding';

// POST /api/{dataset}/reset (spec 2 §4 Reset Data): clears the dataset's failed rows with their
// resolutions, history and AI suggestions (stored on the rows), then returns it to its initial
// state: a fresh scan of its data finds its failed rows again, all open. The credit ledger is a
// billing record and stays.

export async function resetDataset(deps: ScanDeps & { launcher: ScanLauncher }, ref: DatasetRef, by: string): Promise<{ cleared: number; scanId: string | null }> {
  const dataset = await deps.issues.getDataset(ref);
  if (!dataset) throw new NotFound('Dataset not found');
  await assertNoJobRunning(deps, ref);
  const cleared = await deps.results.clearIssues(ref);
  const [source, config] = await Promise.all([deps.meta.getSource(ref), deps.meta.getConfig(ref)]);
  const checks = config?.config.checks.length ?? 0;
  if (!source || checks === 0) {
    await deps.meta.setOnboardingStatus(ref, onboardingStatusOf({ hasSource: Boolean(source), checks, scanned: false }));
    return { cleared, scanId: null };
  }
  const job = newScanJob({ scanId: deps.clock.newId(), datasetId: ref.datasetId, kind: 'scan', scanTime: deps.clock.now(), by, totalRows: source.rows });
  await deps.meta.putScan(ref, job);
  await deps.launcher.launch(ref, job.scanId);
  return { cleared, scanId: job.scanId };
}
