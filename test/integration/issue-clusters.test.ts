import { describe, expect, it } from 'vitest';
import { clustersResponseSchema, resolveClusterResponseSchema } from '../../shared/schemas/clusters';
import { call, tokenFor, users } from '../support/api';
import { createIssueDataset, FIXTURE_INSTANCE, readAllIssues, recount } from '../support/fixtures';

// GET /api/{dataset}/issue-clusters and POST .../issue-clusters/{clusterId}/resolve (issue 13 §1, §2).

const instanceId = FIXTURE_INSTANCE.instanceId;
const auth = async (email: string = users.analyst) => ({ token: await tokenFor(email), instanceId });
const SPELLINGS = ['California', 'california', 'CALIFORNIA', 'Californa', 'Calfornia'];

/** Open rows of a state column: spellings of one state, and a few other values. */
const stateRows = (n: number) =>
  createIssueDataset({
    issues: n,
    build: (i) => ({ status: 'open', issue_column: 'state', check_name: 'state_valid_values', current_value: i % 10 === 9 ? `Other ${i}` : SPELLINGS[i % SPELLINGS.length]!, resolution_method: undefined, resolved_at: undefined, resolved_by: undefined, original_value: undefined, muted_at: undefined, mute_until: undefined }),
  });

async function expectCountsEqualRecount(datasetId: string) {
  const res = await call('GET', `/api/${datasetId}/failed_rows?limit=1`, await auth());
  expect(res.body.counts).toEqual(await recount(datasetId));
}

describe('GET /api/{dataset}/issue-clusters', () => {
  it('lists the clusters of each strategy with values, counts, a proposal and paged issue ids', async () => {
    const { datasetId } = await stateRows(40);
    const res = await call('GET', `/api/${datasetId}/issue-clusters?strategy=fingerprint&column=state&ids_limit=5`, await auth());
    expect(res.status).toBe(200);
    const body = clustersResponseSchema.parse(res.body);
    expect(body.total).toBe(1);
    const [cluster] = body.clusters;
    expect(cluster).toMatchObject({ strategy: 'fingerprint', column: 'state', key: 'california', distinct: 3, proposed_value: 'California' });
    expect(cluster!.issue_ids).toHaveLength(5);
    expect(cluster!.issue_ids_total).toBe(cluster!.size);

    const page2 = await call('GET', `/api/${datasetId}/issue-clusters?strategy=fingerprint&cluster_id=${cluster!.id}&ids_limit=5&ids_offset=5`, await auth());
    expect(page2.body.clusters[0].issue_ids).toHaveLength(5);
    expect(page2.body.clusters[0].issue_ids).not.toContain(cluster!.issue_ids[0]);

    // Levenshtein takes in the one-edit misspellings too.
    const lev = clustersResponseSchema.parse((await call('GET', `/api/${datasetId}/issue-clusters?strategy=levenshtein&radius=1`, await auth())).body);
    expect(lev.clusters[0]!.values.map((v) => v.value).sort()).toEqual([...SPELLINGS].sort());
    for (const strategy of ['ngram_fingerprint', 'double_metaphone', 'cologne', 'ppm', 'same_check_value', 'shape']) {
      const r = await call('GET', `/api/${datasetId}/issue-clusters?strategy=${strategy}`, await auth());
      expect(r.status, strategy).toBe(200);
      expect(clustersResponseSchema.parse(r.body).total, strategy).toBeGreaterThan(0);
    }
  });

  it('refuses bad parameters naming the field, and an unknown dataset with 404', async () => {
    const bad = await call('GET', '/api/opportunities/issue-clusters?strategy=soundex', await auth());
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('strategy');
    const radius = await call('GET', '/api/opportunities/issue-clusters?strategy=levenshtein&radius=1.5', await auth());
    expect(radius.status).toBe(400);
    expect((await call('GET', '/api/no-such-dataset/issue-clusters', await auth())).status).toBe(404);
  });
});

describe('POST /api/{dataset}/issue-clusters/{clusterId}/resolve', () => {
  it('fixes a whole cluster in one call: history per row, counts equal a recount', async () => {
    const { datasetId } = await stateRows(60);
    const cluster = (await call('GET', `/api/${datasetId}/issue-clusters?strategy=levenshtein&ids_limit=1000`, await auth())).body.clusters[0];
    const res = await call('POST', `/api/${datasetId}/issue-clusters/${cluster.id}/resolve`, { ...(await auth()), body: { value: 'CA', issue_ids: cluster.issue_ids } });
    expect(res.status).toBe(200);
    expect(resolveClusterResponseSchema.parse(res.body)).toMatchObject({ success: true, resolved: cluster.size, failed: 0, total: cluster.size });
    const stored = await readAllIssues(datasetId);
    for (const i of stored.filter((s) => cluster.issue_ids.includes(s.issue_id))) expect(i).toMatchObject({ status: 'resolved', current_value: 'CA', resolution_method: 'manual_edit', resolved_by: users.analyst });
    const history = await call('GET', `/api/${datasetId}/issues/${cluster.issue_ids[0]}/history`, await auth());
    expect(history.body.events[0]).toMatchObject({ action: 'edited', new_value: 'CA', by: users.analyst, details: { bulk: true } });
    await expectCountsEqualRecount(datasetId);
    // The cluster is gone once fixed.
    const after = (await call('GET', `/api/${datasetId}/issue-clusters?strategy=levenshtein`, await auth())).body.clusters.map((c: { id: string }) => c.id);
    expect(after).not.toContain(cluster.id);
  });

  it('with a concurrent edit of members: no lost update, per-row errors, counts exact', async () => {
    const { datasetId } = await stateRows(300);
    const cluster = (await call('GET', `/api/${datasetId}/issue-clusters?strategy=fingerprint&ids_limit=1000`, await auth())).body.clusters[0];
    const edited = cluster.issue_ids.slice(0, 5) as string[];
    const engineerAuth = await auth(users.demoAdmin);
    const [mass, ...singles] = await Promise.all([
      call('POST', `/api/${datasetId}/issue-clusters/${cluster.id}/resolve`, { ...(await auth()), body: { value: 'CA', issue_ids: cluster.issue_ids } }),
      ...edited.map((id) => call('POST', `/api/${datasetId}/resolve/${id}`, { ...engineerAuth, body: { resolution: { state: 'Calif.' } } })),
    ]);
    expect(mass.status).toBe(200);
    const stored = new Map((await readAllIssues(datasetId)).map((i) => [i.issue_id, i]));
    for (const [n, id] of edited.entries()) {
      const row = stored.get(id)!;
      const mine = !mass.body.errors.some((e: { id: string }) => e.id === id);
      // Exactly one of the two writers won each row, and the row holds the winner's value.
      if (mine) {
        expect(singles[n]!.status).toBe(409);
        expect(row).toMatchObject({ current_value: 'CA', resolved_by: users.analyst });
      } else {
        expect(singles[n]!.status).toBe(200);
        expect(row).toMatchObject({ current_value: 'Calif.', resolved_by: users.demoAdmin });
      }
    }
    expect(mass.body.resolved + mass.body.failed).toBe(cluster.size);
    await expectCountsEqualRecount(datasetId);
  });

  it('answers 404 for a cluster that does not exist and 400 for a body with neither value nor accept_suggestion', async () => {
    const { datasetId } = await stateRows(10);
    const none = await call('POST', `/api/${datasetId}/issue-clusters/fingerprint-0-0123456789abcdef/resolve`, { ...(await auth()), body: { value: 'CA', issue_ids: ['X'] } });
    expect(none.status).toBe(404);
    const bad = await call('POST', `/api/${datasetId}/issue-clusters/fingerprint-0-0123456789abcdef/resolve`, { ...(await auth()), body: { issue_ids: ['X'] } });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('value');
  });
});
