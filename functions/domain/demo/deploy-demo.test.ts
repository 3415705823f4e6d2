import { describe, expect, it } from 'vitest';
import type { ScanJob } from '../scans/ports';
import { newScanJob } from '../scans/run-scan';
import type { InstanceRecord } from '../tenancy/records';
import { anchorOf, deployDemo, deployedIds, deploymentProgress, DEPLOYMENT_STOPPED, SAME_REQUEST_MS, type DemoDeps, type StoredDemoConfig, type StoredDeployment } from './deploy-demo';
import { DEMO_TEMPLATES, templatePlans } from './templates';

const stored: StoredDeployment = {
  templateId: 'saas_sales_funnel',
  dataVolume: 'small',
  startedAt: '2026-11-23T10:00:00.000Z',
  startedBy: 'a@example.com',
  anchorMs: anchorOf(new Date('2026-11-23T10:00:00.000Z')),
  recordsGenerated: 35,
  datasets: [
    { datasetId: 'opportunities', records: 15, scanId: 'S1' },
    { datasetId: 'leads', records: 8, scanId: 'S2' },
    { datasetId: 'customers', records: 12, scanId: 'S3' },
  ],
};

const job = (scanId: string, status: ScanJob['status'], rowsRead: number, newIssues = 0): ScanJob => ({
  ...newScanJob({ scanId, datasetId: 'x', kind: 'scan', scanTime: new Date('2026-11-23T10:00:00.000Z'), by: 'a@example.com', totalRows: 10 }),
  status,
  rowsRead,
  newIssues,
  heartbeatAt: '2026-11-23T10:00:01.000Z',
});

describe('demo deployment', () => {
  it('is deploying while a scan runs, deployed when all succeeded, failed when one failed', () => {
    const now = new Date('2026-11-23T10:00:05.000Z');
    const running = deploymentProgress(stored, [job('S1', 'succeeded', 15, 4), job('S2', 'running', 3), job('S3', 'queued', 0)], now);
    expect(running).toMatchObject({ status: 'deploying', rowsScanned: 18, failedRows: 4 });
    const done = deploymentProgress(stored, [job('S1', 'succeeded', 15, 4), job('S2', 'succeeded', 8, 2), job('S3', 'succeeded', 12, 3)], now);
    expect(done).toMatchObject({ status: 'deployed', rowsScanned: 35, failedRows: 9 });
    const failed = deploymentProgress(stored, [job('S1', 'succeeded', 15), { ...job('S2', 'failed', 0), error: 'boom' }, job('S3', 'succeeded', 12)], now);
    expect(failed).toMatchObject({ status: 'failed', error: 'boom' });
  });

  it('reads a scan not yet written as queued, and as failed once the deployment is long gone', () => {
    expect(deploymentProgress(stored, [undefined, undefined, undefined], new Date('2026-11-23T10:00:02.000Z')).status).toBe('deploying');
    const lost = deploymentProgress(stored, [undefined, undefined, undefined], new Date('2026-11-23T11:00:00.000Z'));
    expect(lost.status).toBe('failed');
    expect(lost.error).toContain('Deploy again');
  });

  it('counts the datasets a deploy job has written, then the scans it finished', () => {
    const job1 = { ...stored, jobId: 'J1', datasetsWritten: 1, heartbeatAt: '2026-11-23T10:00:03.000Z' };
    const writing = deploymentProgress(job1, [job('S1', 'queued', 0), undefined, undefined], new Date('2026-11-23T10:00:05.000Z'));
    expect(writing).toMatchObject({ jobId: 'J1', status: 'deploying', phase: 'writing', datasetsTotal: 3, datasetsWritten: 1, datasetsDone: 0, recordsGenerated: 35 });
    const scanning = deploymentProgress({ ...job1, datasetsWritten: 3 }, [job('S1', 'succeeded', 15), job('S2', 'running', 3), job('S3', 'queued', 0)], new Date('2026-11-23T10:00:05.000Z'));
    expect(scanning).toMatchObject({ status: 'deploying', phase: 'scanning', datasetsWritten: 3, datasetsDone: 1, rowsScanned: 18 });
    const done = deploymentProgress({ ...job1, datasetsWritten: 3 }, [job('S1', 'succeeded', 15), job('S2', 'succeeded', 8), job('S3', 'succeeded', 12)], new Date('2026-11-23T10:00:05.000Z'));
    expect(done).toMatchObject({ status: 'deployed', phase: 'done', datasetsDone: 3, rowsScanned: 35 });
  });

  it('reads a deploy job whose worker went silent while writing as failed, and one that gave up with its reason', () => {
    const job1 = { ...stored, jobId: 'J1', datasetsWritten: 1, heartbeatAt: '2026-11-23T10:00:03.000Z' };
    const alive = deploymentProgress(job1, [job('S1', 'queued', 0), undefined, undefined], new Date('2026-11-23T10:04:00.000Z'));
    expect(alive.status).toBe('deploying');
    const silent = deploymentProgress(job1, [job('S1', 'queued', 0), undefined, undefined], new Date('2026-11-23T10:06:00.000Z'));
    expect(silent).toMatchObject({ status: 'failed', phase: 'done', error: DEPLOYMENT_STOPPED });
    const refused = deploymentProgress({ ...job1, error: 'A scan of this dataset is already running' }, [job('S1', 'queued', 0), undefined, undefined], new Date('2026-11-23T10:00:04.000Z'));
    expect(refused).toMatchObject({ status: 'failed', error: 'A scan of this dataset is already running' });
  });

  it('gives a template dataset whose id a foreign dataset holds a demo_ id', () => {
    const plans = templatePlans('ecommerce_catalog', { dataVolume: 'small', companyNames: [] });
    expect(deployedIds(plans, new Set(['products']))).toEqual(['opportunities', 'leads', 'demo_products']);
  });

  it.each([
    ['small', 1],
    ['medium', 10],
    ['large', 100],
  ] as const)('scales the template counts for %s volume by %i', (dataVolume, factor) => {
    for (const t of DEMO_TEMPLATES) {
      const plans = templatePlans(t.id, { dataVolume, companyNames: [] });
      expect(plans[0]!.records).toBe(t.datasets.opportunities * factor);
      expect(plans[1]!.records).toBe(t.datasets.leads * factor);
    }
  });

  it('uses the company names of the customization in opportunities and leads', () => {
    const [opportunities] = templatePlans('financial_services', { dataVolume: 'small', companyNames: ['Zeta Bank'] });
    let seed = 1;
    const rand = () => ((seed = (seed * 16807) % 2147483647) / 2147483647);
    const record = opportunities!.make(rand, 0, Date.UTC(2026, 10, 23));
    expect(record.name).toMatch(/^Zeta Bank – /);
  });

  it.each(['small', 'medium', 'large'] as const)('names opportunities as distinct deals, with one in 23 entered twice (%s)', (dataVolume) => {
    const [opportunities] = templatePlans('saas_sales_funnel', { dataVolume, companyNames: [] });
    const plan = opportunities!;
    let seed = 7;
    const rand = () => ((seed = (seed * 16807) % 2147483647) / 2147483647);
    const names = Array.from({ length: plan.records }, (_, i) => plan.make(rand, i, Date.UTC(2026, 10, 23)).name!);
    const repeats = names.filter((n, i) => names.indexOf(n) !== i);
    // Every repeat is the row just before it, entered again.
    expect(repeats.length).toBe(Math.floor(plan.records / 23));
    names.forEach((n, i) => {
      if (i % 23 === 22) expect(n).toBe(names[i - 1]);
    });
    expect(names.every((n) => /^[^–]+ – [^–]+( – \S.*)?$/.test(n))).toBe(true);
    // A second generation starts afresh: the same names again.
    seed = 7;
    expect(Array.from({ length: plan.records }, (_, i) => plan.make(rand, i, Date.UTC(2026, 10, 23)).name)).toEqual(names);
  });
});

describe('asking for a demo deployment again', () => {
  const instance = { id: 'inst_x', organizationId: 'org_x' } as InstanceRecord;
  const startedAt = new Date('2026-11-23T10:00:00.000Z');
  const finished: StoredDeployment = { ...stored, jobId: 'J1', datasetsWritten: 3, heartbeatAt: '2026-11-23T10:00:01.000Z' };

  /** A store holding one deployment whose scans all ended as `status`, read `afterMs` after it started. */
  function deps(deployment: StoredDeployment, afterMs: number, status: ScanJob['status'] = 'succeeded') {
    const started: StoredDeployment[] = [];
    const saved: StoredDemoConfig = { config: { templateId: 'saas_sales_funnel', enabled: true, customization: { companySize: 'medium', dataVolume: 'small', ownerEmails: [], companyNames: [] } }, updatedAt: '', updatedBy: '', deployment };
    const fake = {
      clock: { now: () => new Date(startedAt.getTime() + afterMs), newId: () => `J${started.length + 2}` },
      meta: { getScan: async (_ref: unknown, scanId: string) => ({ ...job(scanId, status, 10), heartbeatAt: new Date(startedAt.getTime() + afterMs).toISOString() }) },
      demo: {
        getConfig: async () => saved,
        listDatasetIds: async () => deployment.datasets.map((d) => d.datasetId),
        startDeployment: async (_o: string, _i: string, next: StoredDeployment) => (started.push(next), true),
        updateDeployment: async () => true,
      },
      deployLauncher: { launchDeploy: async () => undefined },
    };
    return { deps: fake as unknown as DemoDeps, started };
  }

  it('answers with the deployment the same person started moments ago, though its job has ended', async () => {
    const { deps: d, started } = deps(finished, 3_000);
    const answer = await deployDemo(d, instance, { organizationId: 'org_x', force: false }, 'a@example.com');
    expect(answer.deployment).toMatchObject({ jobId: 'J1', status: 'deployed' });
    expect(started).toEqual([]);
  });

  it.each([
    ['later', SAME_REQUEST_MS + 1_000, 'a@example.com', false, 'succeeded'],
    ['by another person', 3_000, 'b@example.com', false, 'succeeded'],
    ['forced', 3_000, 'a@example.com', true, 'succeeded'],
    ['after it failed', 3_000, 'a@example.com', false, 'failed'],
  ] as const)('starts a new deployment when asked %s', async (_when, afterMs, by, force, status) => {
    const { deps: d, started } = deps(finished, afterMs, status);
    const answer = await deployDemo(d, instance, { organizationId: 'org_x', force }, by);
    expect(started).toHaveLength(1);
    expect(answer.deployment.jobId).toBe(started[0]!.jobId);
    expect(answer.deployment.jobId).not.toBe('J1');
  });
});

