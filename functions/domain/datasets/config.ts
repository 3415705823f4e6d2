import type { ChecksConfig } from '../../../shared/schemas/checks';
import { previewChecks, type CheckPreview } from '../checks/engine';
import { NotFound, ValidationFailed } from '../errors';
import type { DatasetRef, IssueStore } from '../issues/issue-store';
import type { Clock } from '../issues/resolve-issue';
import type { DatasetMetaStore } from '../scans/ports';
import { assertConfigFitsData, loadReferences, NO_SOURCE } from '../scans/run-scan';
import { readCsvRows } from '../sources/csv-source';
import type { SourceStore } from '../sources/source-store';
import { onboardingStatusOf } from './onboarding';

// GET/POST /api/{dataset}/config (spec 1 §7; issue 4 §2): a dataset's checks and owner rule,
// validated by the schema and against the dataset's columns; and the check editor's preview.

export interface ConfigDeps {
  meta: DatasetMetaStore;
  issues: Pick<IssueStore, 'getDataset'>;
  sources: SourceStore;
  clock: Clock;
}

export interface ConfigView {
  config: ChecksConfig | null;
  columns: string[];
  recordKey: string;
  updatedAt: string | null;
  updatedBy: string | null;
}

async function requireDataset(deps: Pick<ConfigDeps, 'issues'>, ref: DatasetRef) {
  const dataset = await deps.issues.getDataset(ref);
  if (!dataset) throw new NotFound('Dataset not found');
  return dataset;
}

export async function getDatasetConfig(deps: ConfigDeps, ref: DatasetRef): Promise<ConfigView> {
  const dataset = await requireDataset(deps, ref);
  const [record, source] = await Promise.all([deps.meta.getConfig(ref), deps.meta.getSource(ref)]);
  return { config: record?.config ?? null, columns: source?.columns ?? [], recordKey: dataset.recordKey, updatedAt: record?.updatedAt ?? null, updatedBy: record?.updatedBy ?? null };
}

export async function saveDatasetConfig(deps: ConfigDeps, ref: DatasetRef, config: ChecksConfig, by: string): Promise<ConfigView> {
  const dataset = await requireDataset(deps, ref);
  const source = await deps.meta.getSource(ref);
  if (!source) throw new ValidationFailed(NO_SOURCE, [{ field: 'dataset', message: 'has no source data' }]);
  await assertConfigFitsData(deps, ref, config, source.columns);
  const updatedAt = deps.clock.now().toISOString();
  await deps.meta.putConfig(ref, { config, updatedAt, updatedBy: by });
  await deps.meta.setOnboardingStatus(ref, onboardingStatusOf({ hasSource: true, checks: config.checks.length, scanned: dataset.lastScanTime !== null }));
  return { config, columns: source.columns, recordKey: dataset.recordKey, updatedAt, updatedBy: by };
}

/** How many rows each check would fail on the current data, without writing anything. */
export async function previewDatasetConfig(deps: ConfigDeps, ref: DatasetRef, config: ChecksConfig): Promise<CheckPreview> {
  const dataset = await requireDataset(deps, ref);
  const source = await deps.meta.getSource(ref);
  const stream = source && (await deps.sources.open(source.key));
  if (!source || !stream) throw new ValidationFailed(NO_SOURCE, [{ field: 'dataset', message: 'has no source data' }]);
  await assertConfigFitsData(deps, ref, config, source.columns);
  const references = await loadReferences(deps, ref, config.checks);
  return previewChecks(readCsvRows(stream, { recordKey: dataset.recordKey }), config.checks, dataset.recordKey, { now: deps.clock.now(), references });
}
