import { describe, expect, it } from 'vitest';
import { checksConfigSchema } from '../../../shared/schemas/checks';
import { Conflict } from '../errors';
import { MemoryIssueStore } from '../../test-support/memory-issue-store';
import { MemoryDatasetMeta, MemoryScanResults, MemorySourceStore } from '../../test-support/memory-scan-stores';
import type { DatasetRecord } from '../tenancy/records';
import { ABANDONED_MESSAGE, isAbandoned, jobAsSeen, STALE_AFTER_MS } from './job-liveness';
import type { ScanJob } from './ports';
import { newScanJob, runScan, type ScanDeps } from './run-scan';
import { getScan, startScan } from './start-scan';

const ref = { organizationId: 'org_a', instanceId: 'inst_a', datasetId: 'leads' };
const dataset: DatasetRecord = {
  id: 'leads', name: 'leads', organizationId: 'org_a', instanceId: 'inst_a', onboardingStatus: 'needs_finalization',
  recordKey: 'lead_id', totalRecords: 0, lastScanTime: null, createdAt: '2026-01-01T00:00:00.000Z',
};
const T0 = Date.UTC(2026, 2, 2, 12, 0, 0);

function running(heartbeatMsAgo: number, now = T0): ScanJob {
  const job = newScanJob({ scanId: 'OLD', datasetId: 'leads', kind: 'scan', scanTime: new Date(now - heartbeatMsAgo - 1000), by: 'a@a.example', totalRows: 3 });
  return { ...job, status: 'running', startedAt: job.requestedAt, heartbeatAt: new Date(now - heartbeatMsAgo).toISOString() };
}

async function setup(nowMs: number) {
  const store = new MemoryIssueStore(dataset);
  const meta = new MemoryDatasetMeta();
  const sources = new MemorySourceStore();
  const key = 'sources/org_a/inst_a/leads/U1.csv';
  await sources.put(key, 'lead_id,email\nL1,a@x.com\nL2,\n');
  await meta.putSource(ref, { key, fileName: 'l.csv', columns: ['lead_id', 'email'], rows: 2, bytes: 10, uploadedAt: '', uploadedBy: '' });
  const config = checksConfigSchema.parse({ ownerRule: { kind: 'fixed', owner: 'o@a.example' }, checks: [{ type: 'missing', name: 'missing_email', column: 'email' }] });
  await meta.putConfig(ref, { config, updatedAt: '', updatedBy: '' });
  let id = 0;
  const launched: string[] = [];
  const deps: ScanDeps & { launcher: { launch(r: typeof ref, scanId: string): Promise<void> } } = {
    meta,
    results: new MemoryScanResults(store),
    issues: store,
    sources,
    clock: { now: () => new Date(nowMs), newId: () => `NEW${id++}` },
    launcher: { launch: async (_r, scanId) => void launched.push(scanId) },
  };
  return { meta, deps, launched };
}

describe('scan job liveness', () => {
  it.each([
    ['a job that beat a minute ago', 60_000, false],
    ['a job that beat just under the limit', STALE_AFTER_MS - 1, false],
    ['a job silent for longer than the limit', STALE_AFTER_MS + 1, true],
  ])('treats %s as abandoned: %s', (_, ago, abandoned) => {
    expect(isAbandoned(running(ago), new Date(T0))).toBe(abandoned);
  });

  it('never treats a finished job as abandoned, and reads an abandoned one as failed', () => {
    const old = running(STALE_AFTER_MS * 3);
    expect(isAbandoned({ ...old, status: 'succeeded' }, new Date(T0))).toBe(false);
    expect(jobAsSeen(old, new Date(T0))).toMatchObject({ status: 'failed', error: ABANDONED_MESSAGE, finishedAt: expect.any(String) });
  });

  it('refuses a new scan while the running one is alive', async () => {
    // Prepare
    const { meta, deps } = await setup(T0);
    await meta.putScan(ref, running(60_000));

    // Act / Assess
    await expect(startScan(deps, ref, 'a@a.example')).rejects.toBeInstanceOf(Conflict);
    expect((await getScan(deps, ref, 'OLD')).status).toBe('running');
  });

  it('lets a new scan start over an abandoned one, which is stored and read as failed', async () => {
    // Prepare
    const { meta, deps, launched } = await setup(T0);
    await meta.putScan(ref, running(STALE_AFTER_MS + 60_000));

    // Act
    const job = await startScan(deps, ref, 'a@a.example');

    // Assess
    expect(launched).toEqual([job.scanId]);
    expect(await meta.getScan(ref, 'OLD')).toMatchObject({ status: 'failed', error: ABANDONED_MESSAGE });
    expect(await getScan(deps, ref, 'OLD')).toMatchObject({ status: 'failed' });
    const done = await runScan(deps, ref, job.scanId);
    expect(done).toMatchObject({ status: 'succeeded', newIssues: 1, heartbeatAt: expect.any(String) });
  });

  it('stops a worker whose job was declared abandoned meanwhile, without overwriting it', async () => {
    // Prepare: the job is taken away (stored as failed) after the worker has started it.
    const { meta, deps } = await setup(T0);
    await meta.putScan(ref, newScanJob({ scanId: 'S1', datasetId: 'leads', kind: 'scan', scanTime: new Date(T0), by: 'a@a.example', totalRows: 2 }));
    const putScan = meta.putScan.bind(meta);
    meta.putScan = async (r, job) => {
      await putScan(r, job);
      if (job.status === 'running') await putScan(r, { ...job, status: 'failed', error: ABANDONED_MESSAGE });
    };

    // Act
    const job = await runScan(deps, ref, 'S1');

    // Assess
    expect(job).toMatchObject({ status: 'failed', error: ABANDONED_MESSAGE });
    expect(await meta.getScan(ref, 'S1')).toMatchObject({ status: 'failed', error: ABANDONED_MESSAGE });
  });
});
