import type { DataVolume, DemoConfig, DemoDeploymentProgress, DemoTemplateId, DeployedDataset, DeploymentStatus } from '../../../shared/schemas/demo';
import { Conflict, NotFound, ValidationFailed } from '../errors';
import type { DatasetRef } from '../issues/issue-store';
import { jobAsSeen, STALE_AFTER_MS } from '../scans/job-liveness';
import type { DatasetConfigRecord, DatasetSource, ScanJob, ScanLauncher } from '../scans/ports';
import { newScanJob, type ScanDeps } from '../scans/run-scan';
import { assertNoJobRunning } from '../scans/start-scan';
import { sourceFileKey } from '../sources/source-store';
import type { DatasetRecord, InstanceRecord } from '../tenancy/records';
import { checksConfigSchema } from '../../../shared/schemas/checks';
import { demoConfig, generateRecordsCsv, type DemoDatasetPlan } from './datasets';
import { mulberry32, seedFrom } from './random';
import { templatePlans } from './templates';

// Demo data deployment (spec 2 §7.4): generates a template's industry records for an instance as
// the CSV files a user would upload, stores them with their checks, and scans them with the real
// scan job, so its failed rows are real check failures and its progress is the scans' progress
// (readable after a page reload). Only datasets a deployment created are ever replaced or removed.

/** The demo state of an instance: its saved config and its latest deployment. */
export interface StoredDemoConfig {
  config: DemoConfig;
  updatedAt: string;
  updatedBy: string;
  deployment?: StoredDeployment;
}

export interface StoredDeployment {
  templateId: DemoTemplateId;
  dataVolume: DataVolume;
  startedAt: string;
  startedBy: string;
  /** The day the records are dated around: a regeneration reuses it, so its files are the same. */
  anchorMs: number;
  recordsGenerated: number;
  datasets: DeployedDataset[];
}

export interface DemoStore {
  getConfig(organizationId: string, instanceId: string): Promise<StoredDemoConfig | undefined>;
  putConfig(organizationId: string, instanceId: string, stored: StoredDemoConfig): Promise<void>;
  listDatasetIds(organizationId: string, instanceId: string): Promise<string[]>;
  /** Writes a demo dataset (record, source, checks) whole, replacing a previous deployment's. */
  putDataset(dataset: DatasetRecord, source: DatasetSource, config: DatasetConfigRecord): Promise<void>;
  /** Removes a dataset with its metadata (its issues are cleared first through the scan results). */
  removeDataset(ref: DatasetRef): Promise<void>;
}

export type DemoDeps = ScanDeps & { demo: DemoStore; launcher: ScanLauncher };

export const NO_DEMO_CONFIG = 'Choose a demo template for this instance first';
export const NOT_DEPLOYED = 'This instance has no demo deployment to regenerate. Deploy a template first.';
export const DEPLOY_RUNNING = 'A demo deployment of this instance is still running. Wait for it to finish.';

export function foreignDataMessage(datasets: readonly string[]): string {
  return `This instance holds data that was not deployed as demo data (${datasets.join(', ')}). Deploy with force to add the demo datasets beside it; those datasets stay untouched.`;
}

const DAY = 86_400_000;

/** Midnight UTC of a time: the records of a deployment are dated around that day. */
export function anchorOf(now: Date): number {
  return Math.floor(now.getTime() / DAY) * DAY;
}

/**
 * The dataset ids a deployment writes: the template's ids, except where a dataset of the
 * instance that no deployment created already holds one; that one gets a demo_ id instead.
 */
export function deployedIds(plans: readonly DemoDatasetPlan[], foreign: ReadonlySet<string>): string[] {
  return plans.map((p) => (foreign.has(p.id) ? `demo_${p.id}` : p.id));
}

/** The deployment as the panel shows it: the status and progress of its scans. */
export function deploymentProgress(stored: StoredDeployment, jobs: ReadonlyArray<ScanJob | undefined>, now: Date): DemoDeploymentProgress {
  // A deployment records itself before it writes its scans: a scan not yet there is still coming,
  // unless the deployment stopped long ago (then it is lost).
  const lost = now.getTime() - Date.parse(stored.startedAt) > STALE_AFTER_MS;
  const datasets = stored.datasets.map((d, i) => {
    const job = jobs[i];
    return {
      ...d,
      status: job?.status ?? (lost ? 'failed' : 'queued'),
      rowsRead: job?.rowsRead ?? 0,
      newIssues: job ? job.newIssues + job.updatedIssues + job.keptIssues : 0,
      ...(job ? (job.error ? { error: job.error } : {}) : lost ? { error: 'The deployment stopped before this dataset was written. Deploy again.' } : {}),
    };
  });
  const status: DeploymentStatus = datasets.some((d) => d.status === 'failed')
    ? 'failed'
    : datasets.every((d) => d.status === 'succeeded')
      ? 'deployed'
      : 'deploying';
  const error = datasets.find((d) => d.error)?.error;
  return {
    templateId: stored.templateId,
    dataVolume: stored.dataVolume,
    status,
    startedAt: stored.startedAt,
    startedBy: stored.startedBy,
    recordsGenerated: stored.recordsGenerated,
    rowsScanned: datasets.reduce((n, d) => n + (d.status === 'succeeded' ? d.records : Math.min(d.rowsRead, d.records)), 0),
    failedRows: datasets.reduce((n, d) => n + d.newIssues, 0),
    ...(error ? { error } : {}),
    datasets,
  };
}

const refOf = (instance: InstanceRecord, datasetId: string): DatasetRef => ({ organizationId: instance.organizationId, instanceId: instance.id, datasetId });

export async function readDeployment(deps: Pick<DemoDeps, 'meta' | 'clock'>, instance: InstanceRecord, stored: StoredDeployment): Promise<DemoDeploymentProgress> {
  const now = deps.clock.now();
  const jobs = await Promise.all(stored.datasets.map(async (d) => {
    const job = await deps.meta.getScan(refOf(instance, d.datasetId), d.scanId);
    return job && jobAsSeen(job, now);
  }));
  return deploymentProgress(stored, jobs, now);
}

export async function getDemoConfig(deps: Pick<DemoDeps, 'demo' | 'meta' | 'clock'>, instance: InstanceRecord) {
  const stored = await deps.demo.getConfig(instance.organizationId, instance.id);
  return {
    config: stored ? { ...stored.config, updatedAt: stored.updatedAt, updatedBy: stored.updatedBy } : null,
    deployment: stored?.deployment ? await readDeployment(deps, instance, stored.deployment) : null,
  };
}

export async function saveDemoConfig(deps: Pick<DemoDeps, 'demo' | 'clock'>, instance: InstanceRecord, config: DemoConfig, by: string): Promise<StoredDemoConfig> {
  const stored = await deps.demo.getConfig(instance.organizationId, instance.id);
  const next: StoredDemoConfig = { ...stored, config, updatedAt: deps.clock.now().toISOString(), updatedBy: by };
  await deps.demo.putConfig(instance.organizationId, instance.id, next);
  return next;
}

function assertOrganization(instance: InstanceRecord, organizationId: string): void {
  // The body names the organization the admin believes the instance belongs to; a mismatch is a
  // stale screen or a probe, and the instance is answered as not found either way.
  if (organizationId !== instance.organizationId) throw new NotFound('Instance not found in this organization');
}

/** Deploys (or, with `regenerate`, re-creates) the instance's demo data; answers at once while the scans run. */
export async function deployDemo(
  deps: DemoDeps,
  instance: InstanceRecord,
  request: { organizationId: string; force: boolean; regenerate?: boolean },
  by: string,
): Promise<{ recordsGenerated: number; deployment: DemoDeploymentProgress }> {
  assertOrganization(instance, request.organizationId);
  const stored = await deps.demo.getConfig(instance.organizationId, instance.id);
  if (!stored) throw new ValidationFailed(NO_DEMO_CONFIG, [{ field: 'templateId', message: 'no demo configuration saved for this instance' }]);
  const previous = stored.deployment;
  if (request.regenerate && !previous) throw new ValidationFailed(NOT_DEPLOYED, [{ field: 'id', message: 'has no demo deployment' }]);
  if (previous && (await readDeployment(deps, instance, previous)).status === 'deploying') throw new Conflict(DEPLOY_RUNNING);

  const owned = new Set(previous?.datasets.map((d) => d.datasetId) ?? []);
  const foreign = (await deps.demo.listDatasetIds(instance.organizationId, instance.id)).filter((id) => !owned.has(id));
  // A regeneration touches only its own datasets, so it needs no force.
  if (foreign.length > 0 && !request.force && !request.regenerate) throw new Conflict(foreignDataMessage(foreign), { datasets: foreign });

  // A regeneration replays the deployment as it was made; a deployment follows the saved config.
  const templateId = request.regenerate ? previous!.templateId : stored.config.templateId;
  const dataVolume = request.regenerate ? previous!.dataVolume : stored.config.customization.dataVolume;
  const now = deps.clock.now();
  const anchorMs = request.regenerate ? previous!.anchorMs : anchorOf(now);
  const plans = templatePlans(templateId, { ...stored.config.customization, dataVolume });
  const ids = deployedIds(plans, new Set(foreign));
  const owners = stored.config.customization.ownerEmails.length ? stored.config.customization.ownerEmails : [by];

  const files = plans.map((plan, i) => ({ plan, id: ids[i]!, ...generateRecordsCsv(plan, mulberry32(seedFrom(`${instance.id}/${templateId}/${plan.id}`)), anchorMs) }));
  const datasets: DeployedDataset[] = files.map((f) => ({ datasetId: f.id, records: f.rows, scanId: deps.clock.newId() }));
  const deployment: StoredDeployment = {
    templateId,
    dataVolume,
    startedAt: now.toISOString(),
    startedBy: by,
    anchorMs,
    recordsGenerated: datasets.reduce((n, d) => n + d.records, 0),
    datasets,
  };

  // The datasets of the previous deployment that this one does not write go first.
  for (const id of owned) {
    if (ids.includes(id)) continue;
    await assertNoJobRunning(deps, refOf(instance, id));
    await deps.results.clearIssues(refOf(instance, id));
    await deps.demo.removeDataset(refOf(instance, id));
  }
  // Recorded before any dataset is written: a deployment cut short is still known as ours, and a
  // repeated deploy replaces what it left.
  await deps.demo.putConfig(instance.organizationId, instance.id, { ...stored, deployment });

  const jobs: Array<{ ref: DatasetRef; job: ScanJob }> = [];
  for (const [i, f] of files.entries()) {
    const ref = refOf(instance, f.id);
    if (owned.has(f.id)) {
      await assertNoJobRunning(deps, ref);
      await deps.results.clearIssues(ref);
    }
    const nowIso = now.toISOString();
    const key = sourceFileKey({ ...ref, uploadId: `demo-${templateId}-${dataVolume}-${anchorMs}` });
    const { bytes } = await deps.sources.put(key, f.csv);
    const config = checksConfigSchema.parse(demoConfig(f.plan, owners));
    await deps.demo.putDataset(
      { id: f.id, name: f.plan.name, organizationId: instance.organizationId, instanceId: instance.id, onboardingStatus: 'needs_finalization', recordKey: f.plan.recordKey, totalRecords: f.rows, lastScanTime: null, createdAt: nowIso },
      { key, fileName: `${f.plan.id}.csv`, columns: f.columns, rows: f.rows, bytes, uploadedAt: nowIso, uploadedBy: by },
      { config, updatedAt: nowIso, updatedBy: by },
    );
    const job = newScanJob({ scanId: datasets[i]!.scanId, datasetId: f.id, kind: 'scan', scanTime: now, by, totalRows: f.rows });
    await deps.meta.putScan(ref, job);
    jobs.push({ ref, job });
  }
  for (const { ref, job } of jobs) await deps.launcher.launch(ref, job.scanId);
  return { recordsGenerated: deployment.recordsGenerated, deployment: deploymentProgress(deployment, jobs.map((j) => j.job), now) };
}
