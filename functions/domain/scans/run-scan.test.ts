import { checksConfigSchema, type ChecksConfigInput } from '../../../shared/schemas/checks';
import { countIssues } from '../issues/counters';
import { MemoryIssueStore } from '../../test-support/memory-issue-store';
import { MemoryDatasetMeta, MemoryScanResults, MemorySourceStore } from '../../test-support/memory-scan-stores';
import type { DatasetRecord } from '../tenancy/records';
import { issueIdFor } from './issue-identity';
import { newScanJob, runScan, type ScanDeps } from './run-scan';

const ref = { organizationId: 'org_a', instanceId: 'inst_a', datasetId: 'leads' };
const dataset: DatasetRecord = {
  id: 'leads',
  name: 'leads',
  organizationId: 'org_a',
  instanceId: 'inst_a',
  onboardingStatus: 'needs_finalization',
  recordKey: 'lead_id',
  totalRecords: 0,
  lastScanTime: null,
  createdAt: '2026-01-01T00:00:00.000Z',
};
const taxonomy = { subcategory: { name: 'x', priority: 'high' } } as const;
const CONFIG: ChecksConfigInput = {
  ownerRule: { kind: 'column', column: 'owner_email', fallback: 'team@a.example' },
  checks: [
    { ...taxonomy, type: 'missing', name: 'missing_email', column: 'email', dimension: 'completeness' },
    { ...taxonomy, type: 'invalid_format', name: 'invalid_email', column: 'email', format: 'email', dimension: 'conformity' },
    { ...taxonomy, type: 'range', name: 'score_range', column: 'score', min: 0, max: 100, dimension: 'precision', owner: 'scores@a.example' },
  ],
};

const CSV_V1 = ['lead_id,name,email,score,owner_email', 'L1,Ana,ana@x.com,50,ana@a.example', 'L2,Ben,,50,ben@a.example', 'L3,Cy,cy-at-x,150,', 'L4,Di,di@x.com,-1,not-an-email'].join('\n');

function setup() {
  const store = new MemoryIssueStore(dataset);
  const meta = new MemoryDatasetMeta();
  const sources = new MemorySourceStore();
  let tick = 0;
  const deps: ScanDeps = {
    meta,
    results: new MemoryScanResults(store),
    issues: store,
    sources,
    clock: { now: () => new Date(Date.UTC(2026, 2, 2, 12, 0, tick++)), newId: () => `EVT${String(tick++).padStart(6, '0')}` },
  };
  return { store, meta, sources, deps };
}

async function upload(s: ReturnType<typeof setup>, csv: string, uploadId: string) {
  const key = `sources/org_a/inst_a/leads/${uploadId}.csv`;
  await s.sources.put(key, csv);
  await s.meta.putSource(ref, { key, fileName: 'leads.csv', columns: csv.split('\n')[0]!.split(','), rows: csv.split('\n').length - 1, bytes: csv.length, uploadedAt: '', uploadedBy: 'admin@a.example' });
}

async function scanAt(s: ReturnType<typeof setup>, iso: string, scanId: string) {
  await s.meta.putScan(ref, newScanJob({ scanId, datasetId: 'leads', kind: 'scan', scanTime: new Date(iso), by: 'admin@a.example', totalRows: 4 }));
  return runScan(s.deps, ref, scanId);
}

function expectExactCounts(store: MemoryIssueStore) {
  const recount = countIssues(store.issues.values()).map((c) => JSON.stringify(c)).sort();
  const kept = store.counters.filter((c) => c.count !== 0).map((c) => JSON.stringify(c)).sort();
  expect(kept).toEqual(recount);
}

describe('runScan', () => {
  it('writes one open failed row per failing cell, with owner, taxonomy and scan time', async () => {
    // Prepare
    const s = setup();
    await upload(s, CSV_V1, 'U1');
    await s.meta.putConfig(ref, { config: checksConfigSchema.parse(CONFIG), updatedAt: '', updatedBy: '' });

    // Act
    const job = await scanAt(s, '2026-03-02T06:00:00.000Z', 'S1');

    // Assess
    expect(job).toMatchObject({ status: 'succeeded', rowsRead: 4, failures: 4, newIssues: 4, updatedIssues: 0, resolvedByScan: 0 });
    const rows = [...s.store.issues.values()].map((i) => [i.record_id, i.check_name, i.current_value, i.owner, i.issue_type, i.status]).sort();
    expect(rows).toEqual([
      ['L2', 'missing_email', '', 'ben@a.example', 'missing_data', 'open'],
      ['L3', 'invalid_email', 'cy-at-x', 'team@a.example', 'format_error', 'open'],
      ['L3', 'score_range', '150', 'scores@a.example', 'out_of_range', 'open'],
      ['L4', 'score_range', '-1', 'scores@a.example', 'out_of_range', 'open'],
    ]);
    const l2 = s.store.issues.get(issueIdFor('leads', 'L2', 'missing_email'))!;
    expect(l2).toMatchObject({ scan_time: '2026-03-02T06:00:00.000Z', name: 'Ben', record_key: 'lead_id', taxonomy: { dimension: { key: 'completeness' } } });
    expect(s.meta.scanned.get('org_a/inst_a/leads')).toEqual({ lastScanTime: '2026-03-02T06:00:00.000Z', totalRecords: 4, onboarded: true });
    expect(s.meta.profiles.get('org_a/inst_a/leads')?.rows).toBe(4);
    expectExactCounts(s.store);
  });

  it('re-scans idempotently: same ids, moved to the new scan, nothing duplicated', async () => {
    // Prepare
    const s = setup();
    await upload(s, CSV_V1, 'U1');
    await s.meta.putConfig(ref, { config: checksConfigSchema.parse(CONFIG), updatedAt: '', updatedBy: '' });
    await scanAt(s, '2026-03-02T06:00:00.000Z', 'S1');
    const idsBefore = [...s.store.issues.keys()].sort();

    // Act
    const job = await scanAt(s, '2026-03-02T18:00:00.000Z', 'S2');

    // Assess
    expect(job).toMatchObject({ newIssues: 0, updatedIssues: 4, resolvedByScan: 0 });
    expect([...s.store.issues.keys()].sort()).toEqual(idsBefore);
    expect(new Set([...s.store.issues.values()].map((i) => i.scan_time))).toEqual(new Set(['2026-03-02T18:00:00.000Z']));
    expectExactCounts(s.store);
  });

  it('closes rows that pass now as resolved by scan, and keeps resolved and muted rows as they are', async () => {
    // Prepare: a first scan, then a person resolves one row and mutes another.
    const s = setup();
    await upload(s, CSV_V1, 'U1');
    await s.meta.putConfig(ref, { config: checksConfigSchema.parse(CONFIG), updatedAt: '', updatedBy: '' });
    await scanAt(s, '2026-03-02T06:00:00.000Z', 'S1');
    const resolvedId = issueIdFor('leads', 'L3', 'invalid_email');
    const mutedId = issueIdFor('leads', 'L4', 'score_range');
    const setStatus = (id: string, status: 'resolved' | 'muted') => {
      const before = s.store.issues.get(id)!;
      const after = { ...before, status, version: before.version + 1 };
      const event = { event_id: `E-${id}`, issue_id: id, dataset_id: 'leads', action: status === 'resolved' ? 'resolved' : 'muted', at: '', by: 'p@a.example', old_value: null, new_value: null, old_status: 'open', new_status: status, version: after.version, details: { method: 'manual_fix', column: before.issue_column } } as const;
      return s.store.commit(ref, [{ before, after, event }]);
    };
    await setStatus(resolvedId, 'resolved');
    await setStatus(mutedId, 'muted');

    // Act: L2 got its e-mail, L3 still fails both checks, L4 still out of range, L5 is new.
    const v2 = ['lead_id,name,email,score,owner_email', 'L1,Ana,ana@x.com,50,ana@a.example', 'L2,Ben,ben@x.com,50,ben@a.example', 'L3,Cy,cy-at-x,150,', 'L4,Di,di@x.com,-1,', 'L5,Eve,N/A,101,'].join('\n');
    await upload(s, v2, 'U2');
    const job = await scanAt(s, '2026-03-03T06:00:00.000Z', 'S2');

    // Assess
    expect(job).toMatchObject({ newIssues: 2, updatedIssues: 1, keptIssues: 2, resolvedByScan: 1 });
    const byId = (id: string) => s.store.issues.get(id)!;
    expect(byId(issueIdFor('leads', 'L2', 'missing_email'))).toMatchObject({ status: 'resolved', resolution_method: 'resolved_by_scan', resolved_by: 'scan', original_value: '' });
    expect(byId(resolvedId)).toMatchObject({ status: 'resolved', scan_time: '2026-03-02T06:00:00.000Z' });
    expect(byId(mutedId)).toMatchObject({ status: 'muted', scan_time: '2026-03-02T06:00:00.000Z' });
    expect(byId(issueIdFor('leads', 'L3', 'score_range'))).toMatchObject({ status: 'open', scan_time: '2026-03-03T06:00:00.000Z' });
    expect(s.store.events.filter((e) => e.by === 'scan')).toHaveLength(1);
    expectExactCounts(s.store);
  });

  it('tells the events port once the scan has succeeded, after the job is stored, and not when it fails', async () => {
    const s = setup();
    const told: string[] = [];
    s.deps.events = { datasetChanged: async (r) => void told.push(`${r.datasetId}:${(await s.meta.getScan(ref, 'S1'))?.status}`) };
    await upload(s, CSV_V1, 'U1');
    await s.meta.putConfig(ref, { config: checksConfigSchema.parse(CONFIG), updatedAt: '', updatedBy: '' });
    await scanAt(s, '2026-03-02T06:00:00.000Z', 'S1');
    expect(told).toEqual(['leads:succeeded']);

    const failing = setup();
    failing.deps.events = { datasetChanged: async () => void told.push('failed scan') };
    expect((await scanAt(failing, '2026-03-02T06:00:00.000Z', 'S1')).status).toBe('failed');
    expect(told).toEqual(['leads:succeeded']);
  });

  it('keeps progress readable while it runs', async () => {
    const s = setup();
    const rows = Array.from({ length: 12_000 }, (_, i) => `L${i},N${i},${i % 3 ? `u${i}@x.com` : ''},${i % 200},`);
    const csv = ['lead_id,name,email,score,owner_email', ...rows].join('\n');
    await upload(s, csv, 'U1');
    await s.meta.putConfig(ref, { config: checksConfigSchema.parse(CONFIG), updatedAt: '', updatedBy: '' });
    const job = await scanAt(s, '2026-03-02T06:00:00.000Z', 'S1');
    const progress = s.meta.scanHistory.filter((j) => j.status === 'running').map((j) => j.rowsRead);
    // Reported at least every 5,000 rows (at the end of the failure batch that crosses the mark).
    expect(progress[0]).toBe(0);
    expect(progress.length).toBeGreaterThanOrEqual(3);
    expect([...progress].sort((a, b) => a - b)).toEqual(progress);
    expect(progress.at(-1)).toBeLessThan(12_000);
    expect(job.rowsRead).toBe(12_000);
    expect(job.newIssues).toBe(4000 + 5940);
    expectExactCounts(s.store);
  });

  it.each([
    ['no source data', async (_s: ReturnType<typeof setup>) => undefined, /no data yet/],
    [
      'no checks',
      async (s: ReturnType<typeof setup>) => {
        await upload(s, CSV_V1, 'U1');
      },
      /no checks yet/,
    ],
    [
      'a check on a column the data lacks',
      async (s: ReturnType<typeof setup>) => {
        await upload(s, CSV_V1, 'U1');
        const config = checksConfigSchema.parse({ ...CONFIG, checks: [{ ...taxonomy, type: 'missing', name: 'm', column: 'phone', dimension: 'completeness' }] });
        await s.meta.putConfig(ref, { config, updatedAt: '', updatedBy: '' });
      },
      /checks.0.column "phone" is not a column/,
    ],
  ])('fails the job with a clear message when there is %s', async (_label, prepare, message) => {
    const s = setup();
    await prepare(s);
    const job = await scanAt(s, '2026-03-02T06:00:00.000Z', 'S1');
    expect(job.status).toBe('failed');
    expect(job.error).toMatch(message);
  });
});
