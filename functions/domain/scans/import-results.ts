import { NotFound } from '../errors';
import type { DatasetRef } from '../issues/issue-store';
import { parseGreatExpectationsResult } from '../imports/great-expectations';
import type { ImportResult } from '../imports/imported-failure';
import { parseSodaScanResult } from '../imports/soda';
import { newScanJob, type ScanDeps } from './run-scan';
import { insertInChunks } from './insert-issues';
import { Reconciler } from './reconcile';
import { resolveByScan } from './resolve-by-scan';
import { assertNoJobRunning } from './start-scan';
import { importedTaxonomy } from './taxonomy';
import type { ScanJob } from './ports';

// POST /api/{dataset}/import (issue 4 §5): another engine's results become failed rows with the
// foreign check's name and column, as a job of kind "import" with its own scan time. Re-importing
// the same results updates the same rows (ids from record and check). Rows the import does not
// name are left alone: Soda samples and GX partial lists are not complete lists of what passes.

const TOOL_NAMES = { soda: 'Soda Core', great_expectations: 'Great Expectations' } as const;
const CHUNK = 500;

export async function importResults(
  deps: ScanDeps,
  ref: DatasetRef,
  request: { format: 'soda' | 'great_expectations'; result: unknown },
  by: string,
  /**
   * complete: the result lists every failed row of its checks (an agent's latest run, issue 14):
   * open rows of its checks that it no longer lists have passed and are resolved, as a scan does.
   */
  options: { complete?: boolean } = {},
): Promise<{ job: ScanJob; imported: Omit<ImportResult, 'failures'>; resolvedByImport: number }> {
  const dataset = await deps.issues.getDataset(ref);
  if (!dataset) throw new NotFound('Dataset not found');
  const parsed = request.format === 'soda' ? parseSodaScanResult(request.result, dataset.recordKey) : parseGreatExpectationsResult(request.result, dataset.recordKey);
  await assertNoJobRunning(deps, ref);

  const now = deps.clock.now();
  const job = newScanJob({ scanId: deps.clock.newId(), datasetId: ref.datasetId, kind: 'import', scanTime: now, by, totalRows: parsed.failures.length });
  job.status = 'running';
  job.startedAt = now.toISOString();
  await deps.meta.putScan(ref, job);

  const reconciler = new Reconciler(await deps.results.loadIndex(ref), { datasetId: ref.datasetId, recordKey: dataset.recordKey, scanTime: job.scanTime });
  const owner = by.toLowerCase();
  const flush = async () => {
    const { inserts, moves } = reconciler.drain();
    await insertInChunks(deps.results, ref, job.scanTime, inserts);
    if (moves.length > 0) job.updatedIssues += (await deps.results.moveIssues(ref, job.scanTime, moves)).moved.length;
    job.newIssues += inserts.length;
  };
  for (const failure of parsed.failures) {
    reconciler.add({
      checkName: failure.checkName,
      column: failure.column,
      recordId: failure.recordId,
      value: failure.value,
      name: failure.recordId,
      // The importer owns what it brought in until someone reassigns it.
      owner,
      taxonomy: importedTaxonomy(failure.dimension, TOOL_NAMES[parsed.tool]),
    });
    if (reconciler.inserts.length + reconciler.moves.length >= CHUNK) await flush();
  }
  await flush();
  let resolvedByImport = 0;
  if (options.complete) {
    const passing = reconciler.staleOpen(new Set(parsed.evaluatedChecks ?? parsed.checks.map((c) => c.name)));
    resolvedByImport = await resolveByScan(deps.issues, ref, passing, deps.clock);
    job.resolvedByScan = resolvedByImport;
  }
  Object.assign(job, {
    status: 'succeeded',
    rowsRead: parsed.failures.length,
    failures: parsed.failures.length,
    keptIssues: reconciler.kept,
    checks: parsed.checks.map((c) => ({ name: c.name, failed: c.failedRows })),
    finishedAt: deps.clock.now().toISOString(),
  });
  await deps.meta.putScan(ref, job);
  if (job.newIssues + job.updatedIssues + resolvedByImport > 0) await deps.meta.markScanned(ref, { lastScanTime: job.scanTime, totalRecords: dataset.totalRecords, onboarded: false });
  await deps.events?.datasetChanged(ref);
  const { failures: _f, evaluatedChecks: _e, ...imported } = parsed;
  return { job, imported, resolvedByImport };
}
