import { CONFIRMATION_REQUIRED, RESET_ALL_CONFIRMATION } from '../../../shared/schemas/qa';
import { resetDataset } from '../datasets/reset-dataset';
import { deployDemo, type DemoDeps } from '../demo/deploy-demo';
import { Conflict, NotFound, ValidationFailed } from '../errors';
import type { DatasetRef } from '../issues/issue-store';
import type { InstanceRecord } from '../tenancy/records';

// The QA resets (spec 2 §7.5): every one returns datasets to their scanned state through the same
// Reset Data use case as Settings → Datasets (clear the failed rows with their resolutions and
// history, then scan the stored file again); a dataset whose scan is running is skipped and named.

export interface QaTenancy {
  getInstance(orgId: string, instanceId: string): Promise<InstanceRecord | undefined>;
  listInstances(orgId: string): Promise<InstanceRecord[]>;
  listDatasets(orgId: string, instanceId: string): Promise<Array<{ id: string }>>;
}

export type ResetDeps = DemoDeps & { tenancy: QaTenancy };

export interface ResetOutcome {
  reset: string[];
  skipped: Array<{ dataset: string; reason: string }>;
}

async function datasetsOf(deps: ResetDeps, instance: InstanceRecord): Promise<DatasetRef[]> {
  return (await deps.tenancy.listDatasets(instance.organizationId, instance.id)).map((d) => ({ organizationId: instance.organizationId, instanceId: instance.id, datasetId: d.id }));
}

async function resetAll(deps: ResetDeps, refs: readonly DatasetRef[], by: string): Promise<ResetOutcome> {
  const out: ResetOutcome = { reset: [], skipped: [] };
  for (const ref of refs) {
    const name = `${ref.instanceId}/${ref.datasetId}`;
    try {
      await resetDataset(deps, ref, by);
      out.reset.push(name);
    } catch (error) {
      if (!(error instanceof Conflict || error instanceof NotFound)) throw error;
      out.skipped.push({ dataset: name, reason: error.message });
    }
  }
  return out;
}

/** POST /qa/superadmin/reset-all-data: only with the confirmation word, only the demo organizations. */
export async function resetAllDemoData(deps: ResetDeps, demoOrganizations: readonly string[], confirm: string | undefined, by: string) {
  if (confirm !== RESET_ALL_CONFIRMATION) throw new ValidationFailed(CONFIRMATION_REQUIRED, [{ field: 'confirm', message: `must be ${RESET_ALL_CONFIRMATION}` }]);
  const refs: DatasetRef[] = [];
  for (const orgId of demoOrganizations) {
    for (const instance of await deps.tenancy.listInstances(orgId)) refs.push(...(await datasetsOf(deps, instance)));
  }
  const outcome = await resetAll(deps, refs, by);
  return { ...outcome, message: `Reset ${outcome.reset.length} dataset(s) of ${demoOrganizations.length} demo organization(s) to their scanned state${outcome.skipped.length ? `; skipped ${outcome.skipped.length} with a scan running` : ''}` };
}

async function instanceOf(deps: ResetDeps, orgId: string, instanceId: string): Promise<InstanceRecord> {
  const instance = await deps.tenancy.getInstance(orgId, instanceId);
  if (!instance) throw new NotFound('Instance not found in this organization');
  return instance;
}

/** POST /qa/organizations/{orgId}/instances/{instanceId}/reset. */
export async function resetInstanceData(deps: ResetDeps, orgId: string, instanceId: string, by: string) {
  const instance = await instanceOf(deps, orgId, instanceId);
  const outcome = await resetAll(deps, await datasetsOf(deps, instance), by);
  return { ...outcome, message: `Reset ${outcome.reset.length} dataset(s) of ${instance.name}: resolutions and comments were cleared and the data is being scanned again${outcome.skipped.length ? `; skipped ${outcome.skipped.length} with a scan running` : ''}` };
}

/** POST /qa/organizations/{orgId}/refresh-mock-data: regenerates every demo deployment of the organization. */
export async function refreshMockData(deps: ResetDeps, orgId: string, by: string) {
  const refreshed: string[] = [];
  const skipped: Array<{ instance: string; reason: string }> = [];
  for (const instance of await deps.tenancy.listInstances(orgId)) {
    const stored = await deps.demo.getConfig(orgId, instance.id);
    if (!stored?.deployment) continue;
    try {
      await deployDemo(deps, instance, { organizationId: orgId, force: false, regenerate: true }, by);
      refreshed.push(instance.id);
    } catch (error) {
      if (!(error instanceof Conflict)) throw error;
      skipped.push({ instance: instance.id, reason: error.message });
    }
  }
  const message = refreshed.length
    ? `Refreshed the mock data of ${refreshed.length} instance(s)${skipped.length ? `; skipped ${skipped.length} still deploying` : ''}`
    : skipped.length
      ? `Skipped ${skipped.length} instance(s) still deploying`
      : 'No instance of this organization holds deployed demo data. Deploy a template from the admin dashboard first.';
  return { refreshed, skipped, message };
}
