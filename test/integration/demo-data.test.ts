import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { items } from '../../functions/adapters/dynamodb/items';
import * as keys from '../../functions/adapters/dynamodb/keys';
import { LocalSourceStore } from '../../functions/adapters/storage/local-source-store';
import { CheckRun, evaluateChecks } from '../../functions/domain/checks/engine';
import { readCsvRows } from '../../functions/domain/sources/csv-source';
import { checksConfigSchema } from '../../shared/schemas/checks';
import { call, tokenFor, users } from '../support/api';
import { freshInstance as createInstance, tableDoc, waitForDeployment as waitFor } from '../support/demo';

// Demo data (spec 2 §7.4, issue 15) through the real local stack: templates, config, deploy into a
// fresh instance, the scans' failed rows against a recount of the generated files, force and
// foreign data, regenerate. Each test works in instances of its own, made for this run.

const ORG = 'org_demo';

const doc = tableDoc;

async function freshInstance(name: string): Promise<string> {
  return createInstance(ORG, `demo_${name}`, users.demoAdmin);
}

async function admin() {
  return { token: await tokenFor(users.demoAdmin) };
}

async function waitForDeployment(instanceId: string, jobId?: string) {
  return waitFor(await tokenFor(users.demoAdmin), instanceId, jobId);
}

async function configure(instanceId: string, templateId: string, customization: Record<string, unknown> = {}) {
  const res = await call('PUT', `/api/demo-data/instances/${instanceId}/config`, { ...(await admin()), body: { templateId, enabled: true, customization } });
  expect(res.status).toBe(200);
  return res.body;
}

async function rowsOf(instanceId: string, dataset: string) {
  const out: Array<Record<string, any>> = [];
  for (const status of ['open', 'resolved', 'muted']) {
    const res = await call('GET', `/api/${dataset}/failed_rows?limit=1000&status=${status}`, { ...(await admin()), instanceId });
    expect(res.status).toBe(200);
    expect(res.body.pagination.total).toBeLessThanOrEqual(1000);
    out.push(...res.body.data);
  }
  return out;
}

/** Failures per check, counted again from the stored file with the dataset's stored checks. */
async function recount(instanceId: string, datasetId: string): Promise<Record<string, number>> {
  const { doc: d, table, env } = doc();
  const source = (await d.send(new GetCommand({ TableName: table, Key: keys.datasetSource(ORG, instanceId, datasetId) }))).Item!;
  const stored = (await d.send(new GetCommand({ TableName: table, Key: keys.datasetConfig(ORG, instanceId, datasetId) }))).Item!;
  const config = checksConfigSchema.parse(stored.config);
  const dataset = (await d.send(new GetCommand({ TableName: table, Key: keys.dataset(ORG, instanceId, datasetId) }))).Item!;
  const stream = await new LocalSourceStore(env.SOURCES_DIR!, { baseUrl: () => '' }).open(String(source.key));
  const seen = new Set<string>();
  const perCheck: Record<string, number> = {};
  const checkRun = new CheckRun(config.checks, String(dataset.recordKey), { now: new Date() });
  for await (const batch of evaluateChecks(readCsvRows(stream!, { recordKey: String(dataset.recordKey) }), checkRun)) {
    for (const f of batch) {
      const key = `${f.recordId}|${f.check.name}`;
      if (seen.has(key)) continue;
      seen.add(key);
      perCheck[f.check.name] = (perCheck[f.check.name] ?? 0) + 1;
    }
  }
  return perCheck;
}

function perCheckOf(rows: Array<Record<string, any>>): Record<string, number> {
  const out: Record<string, number> = {};
  for (const r of rows) out[r.check_name] = (out[r.check_name] ?? 0) + 1;
  return out;
}

describe('demo data', () => {
  it('lists the five templates of the spec with their opportunities and leads counts', async () => {
    const res = await call('GET', '/api/demo-data/templates', await admin());
    expect(res.status).toBe(200);
    const counts = res.body.templates.map((t: any) => [t.id, t.industry, t.datasets.opportunities, t.datasets.leads]);
    expect(counts).toEqual([
      ['saas_sales_funnel', 'software', 15, 8],
      ['ecommerce_catalog', 'retail', 20, 12],
      ['financial_services', 'financial', 12, 6],
      ['healthcare_data', 'healthcare', 10, 5],
      ['manufacturing_supply', 'manufacturing', 14, 7],
    ]);
    for (const t of res.body.templates) expect(t).toMatchObject({ name: expect.any(String), description: expect.any(String), icon: expect.any(String) });
  });

  it('refuses a user who is not an admin', async () => {
    const res = await call('GET', '/api/demo-data/templates', { token: await tokenFor(users.analyst) });
    expect(res.status).toBe(403);
  });

  it('names the field of a bad config', async () => {
    const instanceId = await freshInstance('badcfg');
    const res = await call('PUT', `/api/demo-data/instances/${instanceId}/config`, { ...(await admin()), body: { templateId: 'nope', customization: { dataVolume: 'huge' } } });
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).toContain('templateId');
    expect(JSON.stringify(res.body)).toContain('dataVolume');
  });

  it('deploys a template into a fresh instance: its datasets, counts and failed rows equal a recount of the generated files', async () => {
    const instanceId = await freshInstance('fin');
    await configure(instanceId, 'financial_services', { dataVolume: 'medium', ownerEmails: [users.analyst, users.engineer] });
    const deployed = await call('POST', `/api/demo-data/instances/${instanceId}/deploy`, { ...(await admin()), body: { organizationId: ORG, force: false } });
    expect(deployed.status).toBe(202);
    // medium = 10× the template's 12 opportunities, 6 leads and 12 transactions
    expect(deployed.body.recordsGenerated).toBe(300);
    // The POST records the deploy job and answers: nothing is written yet.
    expect(deployed.body.deployment).toMatchObject({ jobId: expect.any(String), status: 'deploying', phase: 'writing', datasetsTotal: 3, datasetsWritten: 0, datasetsDone: 0, recordsGenerated: 300 });
    const deployment = await waitForDeployment(instanceId, deployed.body.deployment.jobId);
    expect(deployment).toMatchObject({ status: 'deployed', phase: 'done', datasetsTotal: 3, datasetsWritten: 3, datasetsDone: 3, recordsGenerated: 300 });
    expect(deployment.rowsScanned).toBe(300);

    const list = await call('GET', '/api/datasets', { ...(await admin()), instanceId });
    expect(list.body.datasets.map((d: any) => [d.id, d.totalRecords, d.onboardingStatus])).toEqual([
      ['leads', 60, 'onboarded'],
      ['opportunities', 120, 'onboarded'],
      ['transactions', 120, 'onboarded'],
    ]);
    let failures = 0;
    for (const d of list.body.datasets) {
      const rows = await rowsOf(instanceId, d.id);
      const expected = await recount(instanceId, d.id);
      expect(perCheckOf(rows)).toEqual(expected);
      expect(d.totalFailedRows).toBe(rows.length);
      expect(d.openIssues).toBe(rows.length);
      for (const r of rows) expect([users.analyst, users.engineer]).toContain(r.owner);
      failures += rows.length;
    }
    expect(failures).toBeGreaterThan(20);
    expect(deployment.failedRows).toBe(failures);
  });

  it('answers two deploy requests sent at once with one deploy job', async () => {
    const instanceId = await freshInstance('twice');
    await configure(instanceId, 'saas_sales_funnel', { dataVolume: 'small' });
    const post = async () => call('POST', `/api/demo-data/instances/${instanceId}/deploy`, { ...(await admin()), body: { organizationId: ORG, force: false } });
    const [a, b] = await Promise.all([post(), post()]);
    expect([a.status, b.status]).toEqual([202, 202]);
    expect(a.body.deployment.jobId).toBe(b.body.deployment.jobId);
    expect((await waitForDeployment(instanceId, a.body.deployment.jobId)).status).toBe('deployed');
    const list = await call('GET', '/api/datasets', { ...(await admin()), instanceId });
    expect(list.body.datasets.map((x: any) => [x.id, x.totalRecords])).toEqual([['customers', 12], ['leads', 8], ['opportunities', 15]]);
  });

  it('refuses to deploy over data it did not create unless forced, and then leaves that data alone', async () => {
    const instanceId = await freshInstance('foreign');
    const { doc: d, table } = doc();
    const now = new Date().toISOString();
    await d.send(new PutCommand({ TableName: table, Item: items.dataset({ id: 'leads', name: 'leads', organizationId: ORG, instanceId, onboardingStatus: 'needs_finalization', recordKey: 'lead_id', totalRecords: 0, lastScanTime: null, createdAt: now }) }));
    await configure(instanceId, 'healthcare_data', { dataVolume: 'small' });

    const refused = await call('POST', `/api/demo-data/instances/${instanceId}/deploy`, { ...(await admin()), body: { organizationId: ORG, force: false } });
    expect(refused.status).toBe(409);
    expect(refused.body.error).toContain('leads');

    const forced = await call('POST', `/api/demo-data/instances/${instanceId}/deploy`, { ...(await admin()), body: { organizationId: ORG, force: true } });
    expect(forced.status).toBe(202);
    expect((await waitForDeployment(instanceId)).status).toBe('deployed');
    const list = await call('GET', '/api/datasets', { ...(await admin()), instanceId });
    const byId = Object.fromEntries(list.body.datasets.map((x: any) => [x.id, x]));
    expect(Object.keys(byId).sort()).toEqual(['demo_leads', 'leads', 'opportunities', 'patients']);
    expect(byId.leads).toMatchObject({ totalRecords: 0, onboardingStatus: 'needs_finalization', totalFailedRows: 0 });

    // Another template replaces only the datasets the first deployment created.
    await configure(instanceId, 'saas_sales_funnel', { dataVolume: 'small' });
    const again = await call('POST', `/api/demo-data/instances/${instanceId}/deploy`, { ...(await admin()), body: { organizationId: ORG, force: true } });
    expect(again.status).toBe(202);
    expect((await waitForDeployment(instanceId)).status).toBe('deployed');
    const after = await call('GET', '/api/datasets', { ...(await admin()), instanceId });
    expect(after.body.datasets.map((x: any) => x.id).sort()).toEqual(['customers', 'demo_leads', 'leads', 'opportunities']);
  });

  it('answers 404 when the organization in the body is not the instance’s', async () => {
    const instanceId = await freshInstance('wrongorg');
    await configure(instanceId, 'saas_sales_funnel');
    const res = await call('POST', `/api/demo-data/instances/${instanceId}/deploy`, { token: await tokenFor(users.provider), body: { organizationId: 'org_northwind', force: true } });
    expect(res.status).toBe(404);
  });

  it('regenerates idempotently: triage is undone and the same failed rows come back each time', async () => {
    const instanceId = await freshInstance('regen');
    const refused = await call('POST', `/api/demo-data/instances/${instanceId}/regenerate`, { ...(await admin()), body: { organizationId: ORG } });
    expect(refused.status).toBe(400);
    await configure(instanceId, 'manufacturing_supply', { dataVolume: 'medium' });
    expect((await call('POST', `/api/demo-data/instances/${instanceId}/deploy`, { ...(await admin()), body: { organizationId: ORG } })).status).toBe(202);
    await waitForDeployment(instanceId);
    const snapshot = async () => {
      const out: Record<string, string[]> = {};
      for (const id of ['opportunities', 'leads', 'supplier_parts']) {
        out[id] = (await rowsOf(instanceId, id)).map((r) => `${r.issue_id}|${r.status}|${r.current_value}`).sort();
      }
      return out;
    };
    const first = await snapshot();
    expect(first.supplier_parts!.length).toBeGreaterThan(5);

    const [one] = (await rowsOf(instanceId, 'supplier_parts')).filter((r) => r.status === 'open');
    const resolved = await call('POST', `/api/supplier_parts/resolve/${one!.issue_id}`, { ...(await admin()), instanceId, body: { resolution: { method: 'manual_fix' } } });
    expect(resolved.status).toBe(200);
    expect(await snapshot()).not.toEqual(first);

    for (let i = 0; i < 2; i++) {
      const regenerated = await call('POST', `/api/demo-data/instances/${instanceId}/regenerate`, { ...(await admin()), body: { organizationId: ORG } });
      expect(regenerated.status).toBe(202);
      expect(regenerated.body.recordsGenerated).toBe(350);
      expect((await waitForDeployment(instanceId)).status).toBe('deployed');
      expect(await snapshot()).toEqual(first);
    }
  });
});
