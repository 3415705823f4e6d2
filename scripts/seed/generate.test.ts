import { describe, expect, it } from 'vitest';
import { countIssues } from '../../functions/domain/issues/counters';
import { newScanJob, runScan } from '../../functions/domain/scans/run-scan';
import { MemoryIssueStore } from '../../functions/test-support/memory-issue-store';
import { MemoryDatasetMeta, MemoryScanResults, MemorySourceStore } from '../../functions/test-support/memory-scan-stores';
import { issueTypeOf } from '../../shared/issue-type';
import { generateInstanceDatasets, scanTimes } from './generate';

const where = { organizationId: 'org_demo', instanceId: 'inst_demo_prod', owners: ['a@example.com', 'b@example.com', 'c@example.com'], anchorMs: Date.UTC(2026, 10, 22) };

// Generating the demo instance takes seconds on a loaded machine: the cap is not a speed check.
describe('demo data generation', { timeout: 60_000 }, () => {
  it('is deterministic', async () => {
    expect(await generateInstanceDatasets(where)).toEqual(await generateInstanceDatasets(where));
  });

  it('produces a few hundred failed rows per dataset with exact counts and all in the past', async () => {
    for (const g of await generateInstanceDatasets(where)) {
      expect(g.issues.length).toBeGreaterThan(80);
      expect(g.issues.length).toBeLessThan(600);
      expect(g.counts.open + g.counts.resolved + g.counts.muted).toBe(g.issues.length);
      expect(g.issues.filter((i) => i.status === 'open').length).toBe(g.counts.open);
      expect(new Set(g.issues.map((i) => i.issue_id)).size).toBe(g.issues.length);
      for (const i of g.issues) expect(Date.parse(i.scan_time)).toBeLessThan(where.anchorMs);
    }
  });

  it('varies checks, columns, owners and statuses, with taxonomy on most rows and missing on some', async () => {
    const issues = (await generateInstanceDatasets(where)).flatMap((g) => g.issues);
    const withTaxonomy = issues.filter((i) => i.taxonomy).length / issues.length;
    expect(new Set(issues.map((i) => i.check_name)).size).toBeGreaterThan(20);
    expect(new Set(issues.map((i) => i.owner))).toEqual(new Set(where.owners));
    expect(new Set(issues.map((i) => i.status))).toEqual(new Set(['open', 'resolved', 'muted']));
    expect(withTaxonomy).toBeGreaterThan(0.5);
    expect(withTaxonomy).toBeLessThan(1);
  });

  it('stores each row’s issue type by the shared rule, counters equal to a count, and the history of changed rows', async () => {
    for (const g of await generateInstanceDatasets(where)) {
      for (const i of g.issues) expect(i.issue_type).toBe(issueTypeOf(i));
      expect(g.counters).toEqual(countIssues(g.issues));
      const changed = g.issues.filter((i) => i.status !== 'open');
      expect(g.events.map((e) => e.issue_id).sort()).toEqual(changed.map((i) => i.issue_id).sort());
      for (const i of changed) expect(i.version).toBe(2);
    }
    const types = new Set((await generateInstanceDatasets(where)).flatMap((g) => g.issues.map((i) => i.issue_type)));
    expect(types.size).toBeGreaterThanOrEqual(5);
  });

  it('spreads scans over the 14 days before the anchor, twice a day', () => {
    const times = scanTimes(where.anchorMs);
    expect(times).toHaveLength(28);
    expect(new Set(times.map((t) => t.slice(0, 10))).size).toBe(14);
  });
});

describe('demo data through the scan path', () => {
  it('is exactly what a scan of the stored file finds: a re-scan adds nothing and resolves nothing', async () => {
    // Prepare: one seeded dataset in the stores a real dataset uses.
    const [g] = await generateInstanceDatasets(where);
    const ref = { organizationId: where.organizationId, instanceId: where.instanceId, datasetId: g!.dataset.id };
    const store = new MemoryIssueStore(g!.dataset, g!.issues);
    const meta = new MemoryDatasetMeta();
    const sources = new MemorySourceStore();
    const key = `sources/${ref.organizationId}/${ref.instanceId}/${ref.datasetId}/demo.csv`;
    await sources.put(key, g!.csv);
    await meta.putSource(ref, { ...g!.source, key });
    await meta.putConfig(ref, g!.config);
    const scanTime = new Date(where.anchorMs + 3_600_000);
    await meta.putScan(ref, newScanJob({ scanId: 'S1', datasetId: ref.datasetId, kind: 'scan', scanTime, by: where.owners[0]!, totalRows: g!.source.rows }));
    const deps = { meta, results: new MemoryScanResults(store), issues: store, sources, clock: { now: () => scanTime, newId: () => 'EVT1' } };

    // Act
    const job = await runScan(deps, ref, 'S1');

    // Assess
    const found = g!.issues.length;
    expect(job).toMatchObject({ status: 'succeeded', newIssues: 0, resolvedByScan: 0, rowsRead: g!.source.rows });
    expect(job.updatedIssues + job.keptIssues).toBe(found);
    expect(job.keptIssues).toBe(g!.counts.resolved + g!.counts.muted);
    expect(store.issues.size).toBe(found);
  });
});
