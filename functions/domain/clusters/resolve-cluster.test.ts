import { describe, expect, it } from 'vitest';
import { contextSource } from '../../adapters/ai/context-source';
import { makeIssue, testDataset, testRef } from '../../test-support/issue-fixtures';
import { MemoryIssueStore } from '../../test-support/memory-issue-store';
import { buildClusters } from './build-clusters';
import { toClusterRow } from './list-clusters';
import { BULK_PROGRESS_STEP, type BulkProgress } from '../issues/bulk-resolve';
import { NO_SUGGESTION, NOT_IN_CLUSTER, resolveCluster } from './resolve-cluster';

let ids = 0;
const clock = { now: () => new Date('2026-03-05T10:00:00.000Z'), newId: () => `EVT${String(++ids).padStart(6, '0')}` };
const id = (i: number) => `I${String(i).padStart(5, '0')}`;

function misspelt(n: number, extra = 0) {
  const values = ['California', 'california', 'CALIFORNIA', 'California '];
  const issues = Array.from({ length: n }, (_, i) =>
    makeIssue({ issue_id: id(i), record_id: `R${i}`, issue_column: 'state', check_name: 'state_valid', current_value: values[i % values.length]!, issue_type: 'invalid_value' }),
  );
  for (let i = 0; i < extra; i++) issues.push(makeIssue({ issue_id: id(n + i), record_id: `X${i}`, issue_column: 'state', check_name: 'state_valid', current_value: 'Nevada', issue_type: 'invalid_value' }));
  return issues;
}

async function clusterOf(store: MemoryIssueStore) {
  const rows = (await store.listSketches(testRef, 'open')).map(toClusterRow);
  return buildClusters(rows, { strategy: 'fingerprint' })[0]!;
}

const sameCounts = (store: MemoryIssueStore) => {
  const kept = store.counters.filter((c) => c.count !== 0);
  expect(kept).toHaveLength(store.recount().length);
  expect(kept).toEqual(expect.arrayContaining(store.recount()));
};

describe('cluster mass fix', () => {
  it('resolves every member with the typed value, one history event each, counters exact, and the fixes teach the AI', async () => {
    const store = new MemoryIssueStore(testDataset, misspelt(40, 3));
    const cluster = await clusterOf(store);
    expect(cluster.size).toBe(40);

    const res = await resolveCluster(store, testRef, { clusterId: cluster.id, value: 'CA', issueIds: cluster.issueIds }, 'ana@a.example', clock);

    expect(res).toMatchObject({ success: true, resolved: 40, failed: 0, total: 40, errors: [] });
    for (const i of cluster.issueIds) expect(store.issues.get(i)).toMatchObject({ status: 'resolved', current_value: 'CA', resolution_method: 'manual_edit', resolved_by: 'ana@a.example' });
    expect(store.events.filter((e) => e.action === 'edited' && e.details.bulk)).toHaveLength(40);
    expect(store.issues.get(id(40))!.status).toBe('open');
    sameCounts(store);
    // The builtin provider learns from resolved rows whose value was edited: these are such fixes.
    const fixes = await contextSource({ meta: { getProfile: async () => undefined, getSource: async () => undefined }, issues: store, sources: { open: async () => undefined } }).fixes(testRef);
    expect(fixes.filter((f) => f.newValue === 'CA' && f.column === 'state')).toHaveLength(40);
  });

  it('never overwrites a member a colleague changed meanwhile: per-row errors, no lost update', async () => {
    const store = new MemoryIssueStore(testDataset, misspelt(12));
    const cluster = await clusterOf(store);
    let once = true;
    store.beforeCommit = () => {
      if (!once) return;
      once = false;
      // A colleague fixes one member; another member's value changes (still open).
      const a = store.issues.get(id(0))!;
      store.issues.set(id(0), { ...a, status: 'resolved', current_value: 'Calif.', resolution_method: 'manual_edit', resolved_by: 'ben@a.example', version: a.version + 1 });
      const b = store.issues.get(id(1))!;
      store.issues.set(id(1), { ...b, current_value: 'Texas', version: b.version + 1 });
      // The colleague's commit moved its own counts.
      store.counters = store.recount();
    };

    const res = await resolveCluster(store, testRef, { clusterId: cluster.id, value: 'CA', issueIds: cluster.issueIds }, 'ana@a.example', clock);

    expect(res.resolved).toBe(10);
    expect(res.errors).toEqual([
      { id: id(0), error: 'This issue is already resolved.' },
      { id: id(1), error: NOT_IN_CLUSTER },
    ]);
    expect(store.issues.get(id(0))).toMatchObject({ current_value: 'Calif.', resolved_by: 'ben@a.example' });
    expect(store.issues.get(id(1))).toMatchObject({ current_value: 'Texas', status: 'open' });
    sameCounts(store);
  });

  it('accepts each member’s own suggestion; rows without one are per-row errors', async () => {
    const issues = misspelt(4).map((i, n) => (n < 3 ? { ...i, ai_suggestion: { suggestedValue: 'CA', confidence: 90, reasoning: 'state code' } } : i));
    const store = new MemoryIssueStore(testDataset, issues);
    const cluster = await clusterOf(store);
    const res = await resolveCluster(store, testRef, { clusterId: cluster.id, acceptSuggestion: true, issueIds: cluster.issueIds }, 'a', clock);
    expect(res).toMatchObject({ resolved: 3, failed: 1, errors: [{ id: id(3), error: NO_SUGGESTION }] });
    expect(store.issues.get(id(0))).toMatchObject({ resolution_method: 'accept_suggestion', current_value: 'CA' });
  });

  it('refuses ids outside the cluster and an unknown cluster', async () => {
    const store = new MemoryIssueStore(testDataset, misspelt(4, 2));
    const cluster = await clusterOf(store);
    const res = await resolveCluster(store, testRef, { clusterId: cluster.id, value: 'CA', issueIds: [id(0), id(4)] }, 'a', clock);
    expect(res.errors).toEqual([{ id: id(4), error: NOT_IN_CLUSTER }]);
    await expect(resolveCluster(store, testRef, { clusterId: 'fingerprint-0-0123456789abcdef', value: 'CA', issueIds: [id(0)] }, 'a', clock)).rejects.toThrow(/Cluster not found/);
  });

  it('reports progress per step for a large cluster and the result at the end', async () => {
    const n = BULK_PROGRESS_STEP * 2 + 10;
    const store = new MemoryIssueStore(testDataset, misspelt(n));
    const cluster = await clusterOf(store);
    const progress: BulkProgress[] = [];
    let finished = 0;
    await resolveCluster(store, testRef, { clusterId: cluster.id, value: 'CA', issueIds: cluster.issueIds }, 'a', clock, {
      observer: { progress: async (p) => void progress.push(p) },
      finished: async (r) => void (finished = r.resolved),
    });
    expect(progress.map((p) => [p.processed, p.done])).toEqual([
      [BULK_PROGRESS_STEP, false],
      [BULK_PROGRESS_STEP * 2, false],
      [n, true],
    ]);
    expect(finished).toBe(n);
    sameCounts(store);
  });
});
