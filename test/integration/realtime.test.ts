import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, tokenFor, users } from '../support/api';
import { createIssueDataset, FIXTURE_INSTANCE, recount } from '../support/fixtures';
import { connectRealtime, type RealtimeClient } from '../support/realtime';
import type { IssueRecord } from '../../functions/domain/issues/issue-record';

// Real-time events (issue 13 item 7) on the local stack: the /ws endpoint authenticates with the
// ID token and binds a connection to one instance; writers publish issue-resolved, bulk-progress
// and quality-metrics; no connection ever receives another tenant's (or instance's) events.

const instanceId = FIXTURE_INSTANCE.instanceId;
const as = async (email: string) => ({ token: await tokenFor(email), instanceId });
const settle = () => new Promise((r) => setTimeout(r, 750));

describe('real-time events', () => {
  let datasetId: string;
  let issues: IssueRecord[];
  let sameInstance: RealtimeClient;
  let otherInstance: RealtimeClient;
  let otherTenant: RealtimeClient;
  let otherTenantAdmin: RealtimeClient;
  const clients: RealtimeClient[] = [];
  const open = () => issues.filter((i) => i.status === 'open');

  beforeAll(async () => {
    ({ datasetId, issues } = await createIssueDataset({ issues: 24, name: 'opportunities' }));
    sameInstance = await connectRealtime(await tokenFor(users.demoAdmin), instanceId);
    // The analyst is also assigned to inst_demo_prod: same organization, other instance.
    otherInstance = await connectRealtime(await tokenFor(users.analyst), 'inst_demo_prod');
    otherTenant = await connectRealtime(await tokenFor(users.northwindUser), 'inst_northwind_prod');
    otherTenantAdmin = await connectRealtime(await tokenFor(users.northwindAdmin), 'inst_northwind_prod');
    clients.push(sameInstance, otherInstance, otherTenant, otherTenantAdmin);
  });
  afterAll(() => clients.forEach((c) => c.close()));

  it('refuses a connection without a token, with a forged token, or to an instance the user may not see', async () => {
    await expect(connectRealtime(undefined, instanceId)).rejects.toMatchObject({ status: 401 });
    await expect(connectRealtime('eyJhbGciOiJub25lIn0.eyJzdWIiOiJ4In0.', instanceId)).rejects.toMatchObject({ status: 401 });
    // Another organization's instance, and an instance of one's own organization not assigned.
    await expect(connectRealtime(await tokenFor(users.northwindUser), instanceId)).rejects.toMatchObject({ status: 403 });
    await expect(connectRealtime(await tokenFor(users.engineer), instanceId)).rejects.toMatchObject({ status: 403 });
    await expect(connectRealtime(await tokenFor(users.analyst), 'inst#1')).rejects.toMatchObject({ status: 400 });
  });

  it('a single resolve reaches the connections of that instance only, with the new status counts', async () => {
    const issue = open()[0]!;
    const res = await call('POST', `/api/${datasetId}/resolve/${issue.issue_id}`, { ...(await as(users.analyst)), body: { resolution: { method: 'manual_fix' }, version: issue.version } });
    expect(res.status).toBe(200);
    const event = await sameInstance.next((m) => m.type === 'issue-resolved' && m.data.datasetId === datasetId);
    expect(event).toMatchObject({ instanceId, data: { by: users.analyst, bulk: false, issues: [{ issue_id: issue.issue_id, status: 'resolved', version: issue.version + 1 }] } });
    const metrics = await sameInstance.next((m) => m.type === 'quality-metrics' && m.data.datasetId === datasetId);
    expect(metrics.data.statusCounts).toEqual(await recount(datasetId));
    await settle();
    for (const c of [otherInstance, otherTenant, otherTenantAdmin]) expect(c.messages.filter((m) => m.data?.datasetId === datasetId)).toEqual([]);
  });

  it('a bulk action reports its progress under the client\'s operation id, then the rows it changed', async () => {
    const ids = open().slice(1, 6).map((i) => i.issue_id);
    const res = await call('POST', `/api/${datasetId}/bulk-resolve`, { ...(await as(users.analyst)), body: { recordIds: ids, resolution: { method: 'manual_mute' }, operationId: 'op-test-1' } });
    expect(res.status).toBe(200);
    expect(res.body.resolved).toBe(5);
    const progress = await sameInstance.next((m) => m.type === 'bulk-progress' && m.data.operationId === 'op-test-1' && m.data.done);
    expect(progress.data).toMatchObject({ datasetId, processed: 5, total: 5, succeeded: 5, failed: 0 });
    const changed = await sameInstance.next((m) => m.type === 'issue-resolved' && m.data.bulk && m.data.datasetId === datasetId);
    expect(changed.data.issues.map((i: { issue_id: string }) => i.issue_id).sort()).toEqual([...ids].sort());
    expect(changed.data.issues.every((i: { status: string }) => i.status === 'muted')).toBe(true);
    await settle();
    for (const c of [otherInstance, otherTenant, otherTenantAdmin]) expect(c.messages.filter((m) => m.data?.datasetId === datasetId)).toEqual([]);
  });

  it('an import of check results ends with the dataset\'s new counts, for that instance only', async () => {
    const key = issues[0]!.record_key;
    const result = { checks: [{ name: 'Amount is set', column: 'amount', outcome: 'fail', failedRowsSample: { columns: [key, 'amount'], rows: [['REC-RT-1', '']] } }] };
    const res = await call('POST', `/api/${datasetId}/import`, { ...(await as(users.demoAdmin)), body: { format: 'soda', result } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.scan).toMatchObject({ status: 'succeeded', newIssues: 1 });
    // The import added an open row: these counts are new, so only the import's event carries them.
    const expected = await recount(datasetId);
    const metrics = await sameInstance.next((m) => m.type === 'quality-metrics' && m.data.datasetId === datasetId && JSON.stringify(m.data.statusCounts) === JSON.stringify(expected));
    expect(metrics.instanceId).toBe(instanceId);
    await settle();
    for (const c of [otherInstance, otherTenant, otherTenantAdmin]) expect(c.messages.filter((m) => m.data?.datasetId === datasetId)).toEqual([]);
  });

  it('a closed connection is forgotten: publishing after it closed still succeeds', async () => {
    const short = await connectRealtime(await tokenFor(users.owner), instanceId);
    short.close();
    await settle();
    const issue = open()[7]!;
    const res = await call('POST', `/api/${datasetId}/resolve/${issue.issue_id}`, { ...(await as(users.analyst)), body: { resolution: { method: 'manual_fix' } } });
    expect(res.status).toBe(200);
    await sameInstance.next((m) => m.type === 'issue-resolved' && m.data.issues.some((i: { issue_id: string }) => i.issue_id === issue.issue_id));
  });
});
