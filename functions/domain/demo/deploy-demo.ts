import type { DataVolume, DemoConfig, DemoDeploymentProgress, DemoTemplateId, DeployedDataset, DeploymentStatus } from '../../../shared/schemas/demo';
import { Conflict, NotFound, ValidationFailed } from '../errors';
import type { DatasetRef } from '../issues/issue-store';
import { jobAsSeen, STALE_AFTER_MS } from '../scans/job-liveness';
import type { DatasetConfigRecord, DatasetSource, ScanJob, ScanLauncher } from '../scans/ports';
import { newScanJob, runScan, type ScanDeps } from '../scans/run-scan';
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

/**
 * A deployment is a job: the POST records it (this item) and answers; the deploy worker then
 * writes its datasets one by one (counting them in datasetsWritten, beating heartbeatAt) and runs
 * their scans. A worker that finds a dataset's scan job already written skips it, so running a
 * job twice writes nothing twice; a job whose worker died reads as failed after STALE_AFTER_MS,
 * and deploying again replaces whatever it wrote.
 */
export interface StoredDeployment {
  /** The deploy job; absent on deployments recorded before deploys became jobs (all written). */
  jobId?: string;
  templateId: DemoTemplateId;
  dataVolume: DataVolume;
  startedAt: string;
  startedBy: string;
  /** The day the records are dated around: a regeneration reuses it, so its files are the same. */
  anchorMs: number;
  recordsGenerated: number;
  datasets: DeployedDataset[];
  /** What the worker generates with: the customization as it was when the job was recorded. */
  owners?: string[];
  companyNames?: string[];
  /** Datasets of the previous deployment this one does not write (the worker removes them first). */
  removes?: string[];
  /** Datasets of the previous deployment this one writes again (their failed rows are cleared first). */
  replaces?: string[];
  /** Datasets written so far (source file, checks, queued scan). */
  datasetsWritten?: number;
  /** The worker's last sign of life while it writes. */
  heartbeatAt?: string;
  /** Why the worker gave up (a dataset's scan running, a write refused). */
  error?: string;
}

export interface DemoStore {
  getConfig(organizationId: string, instanceId: string): Promise<StoredDemoConfig | undefined>;
  /** Saves the config alone: a deployment recorded beside it is left as its job last wrote it. */
  putConfig(organizationId: string, instanceId: string, saved: Omit<StoredDemoConfig, 'deployment'>): Promise<void>;
  /**
   * Records a new deployment in place of `previous` (none: no deployment yet); false when another
   * request recorded one first.
   */
  startDeployment(organizationId: string, instanceId: string, deployment: StoredDeployment, previous: StoredDeployment | undefined): Promise<boolean>;
  /**
   * Records a deploy job's progress, only while it is still the instance's deployment; false when
   * a newer deployment replaced it (the worker then stops).
   */
  updateDeployment(organizationId: string, instanceId: string, jobId: string, patch: { datasetsWritten?: number; heartbeatAt: string; error?: string }): Promise<boolean>;
  listDatasetIds(organizationId: string, instanceId: string): Promise<string[]>;
  /** Writes a demo dataset (record, source, checks) whole, replacing a previous deployment's. */
  putDataset(dataset: DatasetRecord, source: DatasetSource, config: DatasetConfigRecord): Promise<void>;
  /** Removes a dataset with its metadata (its issues are cleared first through the scan results). */
  removeDataset(ref: DatasetRef): Promise<void>;
}

/** Starts a recorded deploy job without holding the request (the same way scans are started). */
export interface DeployLauncher {
  launchDeploy(instance: { organizationId: string; instanceId: string }, jobId: string): Promise<void>;
}

export type DemoDeps = ScanDeps & { demo: DemoStore; launcher: ScanLauncher; deployLauncher: DeployLauncher };

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

export const DEPLOYMENT_STOPPED = 'The deployment stopped before it finished (no progress for 5 minutes). Deploy again.';
export const DEPLOYMENT_NOT_STARTED = 'The deployment could not be started. Deploy again.';
export const DEPLOYMENT_FAILED = 'The deployment failed while writing its datasets. Deploy again.';

/** The deployment as the panel shows it: how far its job wrote, and the status and progress of its scans. */
export function deploymentProgress(stored: StoredDeployment, jobs: ReadonlyArray<ScanJob | undefined>, now: Date): DemoDeploymentProgress {
  const total = stored.datasets.length;
  const written = Math.min(stored.datasetsWritten ?? total, total);
  // A worker beats while it writes; one silent for STALE_AFTER_MS died (a crash, a lost invoke).
  const silent = now.getTime() - Date.parse(stored.heartbeatAt ?? stored.startedAt) > STALE_AFTER_MS;
  const stopped = stored.error ?? (silent ? DEPLOYMENT_STOPPED : undefined);
  const datasets = stored.datasets.map((d, i) => {
    const job = jobs[i];
    const status = job?.status ?? (stopped ? 'failed' : 'queued');
    const error = job ? job.error : stopped;
    return {
      ...d,
      status,
      rowsRead: job?.rowsRead ?? 0,
      newIssues: job ? job.newIssues + job.updatedIssues + job.keptIssues : 0,
      ...(error && status === 'failed' ? { error } : {}),
    };
  });
  const status: DeploymentStatus = stored.error || datasets.some((d) => d.status === 'failed')
    ? 'failed'
    : datasets.every((d) => d.status === 'succeeded')
      ? 'deployed'
      : 'deploying';
  const error = stored.error ?? datasets.find((d) => d.error)?.error;
  return {
    ...(stored.jobId ? { jobId: stored.jobId } : {}),
    templateId: stored.templateId,
    dataVolume: stored.dataVolume,
    status,
    phase: status !== 'deploying' ? 'done' : written < total ? 'writing' : 'scanning',
    startedAt: stored.startedAt,
    startedBy: stored.startedBy,
    recordsGenerated: stored.recordsGenerated,
    datasetsTotal: total,
    datasetsWritten: written,
    datasetsDone: datasets.filter((d) => d.status === 'succeeded').length,
    rowsScanned: datasets.reduce((n, d) => n + (d.status === 'succeeded' ? d.records : Math.min(d.rowsRead, d.records)), 0),
    failedRows: datasets.reduce((n, d) => n + d.newIssues, 0),
    ...(error && status === 'failed' ? { error } : {}),
    datasets,
  };
}

const refOf = (instance: Pick<InstanceRecord, 'organizationId' | 'id'>, datasetId: string): DatasetRef => ({ organizationId: instance.organizationId, instanceId: instance.id, datasetId });

export async function readDeployment(deps: Pick<DemoDeps, 'meta' | 'clock'>, instance: Pick<InstanceRecord, 'organizationId' | 'id'>, stored: StoredDeployment): Promise<DemoDeploymentProgress> {
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

export async function saveDemoConfig(deps: Pick<DemoDeps, 'demo' | 'clock'>, instance: InstanceRecord, config: DemoConfig, by: string): Promise<Omit<StoredDemoConfig, 'deployment'>> {
  const next = { config, updatedAt: deps.clock.now().toISOString(), updatedBy: by };
  await deps.demo.putConfig(instance.organizationId, instance.id, next);
  return next;
}

function assertOrganization(instance: InstanceRecord, organizationId: string): void {
  // The body names the organization the admin believes the instance belongs to; a mismatch is a
  // stale screen or a probe, and the instance is answered as not found either way.
  if (organizationId !== instance.organizationId) throw new NotFound('Instance not found in this organization');
}

/** How soon after a deployment started the same person asking for the same one is the same request. */
export const SAME_REQUEST_MS = 10_000;

/**
 * A request for a deployment of `templateId` and `dataVolume` is answered with this stored one,
 * not a new one: it is running, or the same person asked for it moments ago (a double click, a
 * retried request), unforced, and it has not failed.
 */
function answeredWith(stored: StoredDeployment, progress: DemoDeploymentProgress, asked: { templateId: DemoTemplateId; dataVolume: DataVolume; force: boolean; regenerate?: boolean; by: string; now: Date }): boolean {
  if (stored.templateId !== asked.templateId || stored.dataVolume !== asked.dataVolume) return false;
  if (progress.status === 'deploying') return true;
  const age = asked.now.getTime() - Date.parse(stored.startedAt);
  return progress.status !== 'failed' && !asked.force && !asked.regenerate && stored.startedBy === asked.by && age >= 0 && age < SAME_REQUEST_MS;
}

/**
 * Deploys (or, with `regenerate`, re-creates) the instance's demo data: records the deploy job
 * and starts it, answering at once; the job's progress is read back by getDemoConfig. Asking again
 * for the deployment that is running, or (the same person) for the one that started moments ago,
 * answers with that job.
 */
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

  // A regeneration replays the deployment as it was made; a deployment follows the saved config.
  const templateId = request.regenerate ? previous!.templateId : stored.config.templateId;
  const dataVolume = request.regenerate ? previous!.dataVolume : stored.config.customization.dataVolume;
  const asked = { templateId, dataVolume, force: request.force, ...(request.regenerate ? { regenerate: true } : {}), by, now: deps.clock.now() };
  const progress = previous && (await readDeployment(deps, instance, previous));
  if (progress?.status === 'deploying') {
    if (answeredWith(previous!, progress, asked)) return { recordsGenerated: previous!.recordsGenerated, deployment: progress };
    throw new Conflict(DEPLOY_RUNNING);
  }

  const owned = new Set(previous?.datasets.map((d) => d.datasetId) ?? []);
  const foreign = (await deps.demo.listDatasetIds(instance.organizationId, instance.id)).filter((id) => !owned.has(id));
  // A regeneration touches only its own datasets, so it needs no force.
  if (foreign.length > 0 && !request.force && !request.regenerate) throw new Conflict(foreignDataMessage(foreign), { datasets: foreign });
  // The same deployment asked again by the same person moments after it started is that
  // deployment, even if its job, small and quick, has already ended.
  if (previous && progress && answeredWith(previous, progress, asked)) return { recordsGenerated: previous.recordsGenerated, deployment: progress };

  const now = deps.clock.now();
  const anchorMs = request.regenerate ? previous!.anchorMs : anchorOf(now);
  const companyNames = request.regenerate && previous!.companyNames ? previous!.companyNames : stored.config.customization.companyNames;
  const owners = request.regenerate && previous!.owners ? previous!.owners : stored.config.customization.ownerEmails.length ? stored.config.customization.ownerEmails : [by];
  const plans = templatePlans(templateId, { ...stored.config.customization, dataVolume, companyNames });
  const ids = deployedIds(plans, new Set(foreign));
  const deployment: StoredDeployment = {
    jobId: deps.clock.newId(),
    templateId,
    dataVolume,
    startedAt: now.toISOString(),
    startedBy: by,
    anchorMs,
    recordsGenerated: plans.reduce((n, p) => n + p.records, 0),
    datasets: plans.map((p, i) => ({ datasetId: ids[i]!, records: p.records, scanId: deps.clock.newId() })),
    owners,
    companyNames,
    removes: [...owned].filter((id) => !ids.includes(id)),
    replaces: ids.filter((id) => owned.has(id)),
    datasetsWritten: 0,
    heartbeatAt: now.toISOString(),
  };
  // Recorded before anything is written: a deployment cut short is still known as ours, and the
  // next deploy replaces what it left.
  // Two requests at once: the first recorded job runs; the other, read again, answers with that
  // job when it asked for the same deployment (a double click, a retried request), else 409.
  if (!(await deps.demo.startDeployment(instance.organizationId, instance.id, deployment, previous))) {
    const now = await deps.demo.getConfig(instance.organizationId, instance.id);
    const winner = now?.deployment;
    const running = winner && (await readDeployment(deps, instance, winner));
    if (winner && running && answeredWith(winner, running, { ...asked, now: deps.clock.now() })) return { recordsGenerated: winner.recordsGenerated, deployment: running };
    throw new Conflict(DEPLOY_RUNNING);
  }
  try {
    await deps.deployLauncher.launchDeploy({ organizationId: instance.organizationId, instanceId: instance.id }, deployment.jobId!);
  } catch (error) {
    // Not started: the job reads as failed at once rather than after the staleness wait.
    await deps.demo.updateDeployment(instance.organizationId, instance.id, deployment.jobId!, { heartbeatAt: deps.clock.now().toISOString(), error: DEPLOYMENT_NOT_STARTED });
    throw error;
  }
  return { recordsGenerated: deployment.recordsGenerated, deployment: deploymentProgress(deployment, [], now) };
}

/**
 * The deploy job (run by the scan worker in AWS, in-process locally): generates each dataset's
 * records as the CSV file a user would upload, stores it with its checks and a queued scan, then
 * runs the scans, so the failed rows are real check failures. A dataset whose scan job exists was
 * written by an earlier run of this job and is skipped; a job that is no longer the instance's
 * deployment stops.
 */
export async function runDemoDeployment(deps: DemoDeps, at: { organizationId: string; instanceId: string }, jobId: string): Promise<'superseded' | 'failed' | 'scanned'> {
  const stored = await deps.demo.getConfig(at.organizationId, at.instanceId);
  const d = stored?.deployment;
  if (!stored || !d || d.jobId !== jobId) return 'superseded';
  const instance = { organizationId: at.organizationId, id: at.instanceId };
  const beat = (patch: { datasetsWritten?: number; error?: string }) => deps.demo.updateDeployment(at.organizationId, at.instanceId, jobId, { ...patch, heartbeatAt: deps.clock.now().toISOString() });
  const plans = templatePlans(d.templateId, { ...stored.config.customization, dataVolume: d.dataVolume, companyNames: d.companyNames ?? stored.config.customization.companyNames });
  const owners = d.owners ?? [d.startedBy];

  try {
    // The datasets of the previous deployment that this one does not write go first.
    for (const id of d.removes ?? []) {
      const ref = refOf(instance, id);
      await assertNoJobRunning(deps, ref);
      await deps.results.clearIssues(ref);
      await deps.demo.removeDataset(ref);
    }
    for (const [i, entry] of d.datasets.entries()) {
      const ref = refOf(instance, entry.datasetId);
      if (!(await deps.meta.getScan(ref, entry.scanId))) {
        if (d.replaces?.includes(entry.datasetId)) {
          await assertNoJobRunning(deps, ref);
          await deps.results.clearIssues(ref);
        }
        const plan = plans[i]!;
        const f = generateRecordsCsv(plan, mulberry32(seedFrom(`${at.instanceId}/${d.templateId}/${plan.id}`)), d.anchorMs);
        const nowIso = deps.clock.now().toISOString();
        const key = sourceFileKey({ ...ref, uploadId: `demo-${d.templateId}-${d.dataVolume}-${d.anchorMs}` });
        const { bytes } = await deps.sources.put(key, f.csv);
        const config = checksConfigSchema.parse(demoConfig(plan, owners));
        await deps.demo.putDataset(
          { id: entry.datasetId, name: plan.name, organizationId: at.organizationId, instanceId: at.instanceId, onboardingStatus: 'needs_finalization', recordKey: plan.recordKey, totalRecords: f.rows, lastScanTime: null, createdAt: nowIso },
          { key, fileName: `${plan.id}.csv`, columns: f.columns, rows: f.rows, bytes, uploadedAt: nowIso, uploadedBy: d.startedBy },
          { config, updatedAt: nowIso, updatedBy: d.startedBy },
        );
        const job = newScanJob({ scanId: entry.scanId, datasetId: entry.datasetId, kind: 'scan', scanTime: new Date(d.startedAt), by: d.startedBy, totalRows: f.rows });
        await deps.meta.putScan(ref, { ...job, requestedAt: nowIso });
      }
      if (!(await beat({ datasetsWritten: i + 1 }))) return 'superseded';
    }
  } catch (error) {
    const known = error instanceof Conflict || error instanceof ValidationFailed || error instanceof NotFound;
    await beat({ error: known ? error.message : DEPLOYMENT_FAILED });
    if (!known) throw error;
    return 'failed';
  }

  // Every file is in place (reference checks read the other datasets' files): scan them together.
  // A scan that fails records its failure on its job, which the deployment reads.
  const scans = await Promise.allSettled(d.datasets.map((entry) => runScan(deps, refOf(instance, entry.datasetId), entry.scanId)));
  const failed = scans.find((s): s is PromiseRejectedResult => s.status === 'rejected');
  if (failed) throw failed.reason;
  return 'scanned';
}
