import { afterAll, describe, expect, it } from 'vitest';
import { classifyResponseSchema, downstreamUseCasesResponseSchema, useCasesResponseSchema } from '../../shared/use-cases';
import { call, tokenFor, users } from '../support/api';
import { createIssueDataset, FIXTURE_INSTANCE } from '../support/fixtures';

// Business impact & use cases (issue 13 item 6; spec 2 §2.3 Tagging, §5, §7.3) on the local stack.
// Demo Corp's seeded use cases stay as seeded (the browser tests read them); custom ones made
// here are deleted again. The empty state is shown on Northwind, whose use cases no other suite reads.

const as = async (email: string, instanceId?: string) => ({ token: await tokenFor(email), ...(instanceId ? { instanceId } : {}) });
const created: Array<{ email: string; id: string }> = [];

afterAll(async () => {
  for (const { email, id } of created) await call('DELETE', `/api/taxonomy/use-cases/${id}`, await as(email));
});

describe('GET /api/taxonomy/use-cases', () => {
  it('gives every organization seven seeded use cases, two enabled, the same on every read', async () => {
    const first = useCasesResponseSchema.parse((await call('GET', '/api/taxonomy/use-cases', await as(users.analyst))).body);
    const seeded = first.data.filter((u) => !u.custom);
    expect(seeded).toHaveLength(7);
    expect(seeded.filter((u) => u.enabled).map((u) => u.id).sort()).toEqual(['customer-communication', 'revenue-reporting']);
    expect(first.data.every((u) => ['critical', 'high', 'medium', 'low'].includes(u.priority))).toBe(true);
    const again = useCasesResponseSchema.parse((await call('GET', '/api/taxonomy/use-cases', await as(users.demoAdmin))).body);
    expect(again.data.filter((u) => !u.custom).map((u) => u.id)).toEqual(seeded.map((u) => u.id));
  });
});

describe('creating, changing and deleting use cases', () => {
  it('creates an enabled custom use case with a timestamp-based id and priority medium by default', async () => {
    const before = Date.now();
    const res = await call('POST', '/api/taxonomy/use-cases', { ...(await as(users.demoAdmin)), body: { name: '  Churn model ', description: 'Renewal dates and plan changes feed the churn model' } });
    expect(res.status).toBe(201);
    const useCase = res.body.data;
    created.push({ email: users.demoAdmin, id: useCase.id });
    expect(useCase).toMatchObject({ name: 'Churn model', priority: 'medium', enabled: true, custom: true });
    const stamp = Number(/^custom-(\d+)$/.exec(useCase.id)?.[1]);
    expect(stamp).toBeGreaterThanOrEqual(before);
    // Another organization does not see it, and cannot change or delete it.
    const northwind = (await call('GET', '/api/taxonomy/use-cases', await as(users.northwindAdmin))).body.data as Array<{ id: string }>;
    expect(northwind.map((u) => u.id)).not.toContain(useCase.id);
    expect((await call('PUT', `/api/taxonomy/use-cases/${useCase.id}`, { ...(await as(users.northwindAdmin)), body: { enabled: false } })).status).toBe(404);
    expect((await call('DELETE', `/api/taxonomy/use-cases/${useCase.id}`, await as(users.northwindAdmin))).status).toBe(404);

    // Toggle, reprioritize, then delete.
    const off = await call('PUT', `/api/taxonomy/use-cases/${useCase.id}`, { ...(await as(users.demoAdmin)), body: { enabled: false, priority: 'high' } });
    expect(off.status).toBe(200);
    expect(off.body.data).toMatchObject({ enabled: false, priority: 'high', name: 'Churn model' });
    expect((await call('DELETE', `/api/taxonomy/use-cases/${useCase.id}`, await as(users.demoAdmin))).status).toBe(200);
    expect((await call('DELETE', `/api/taxonomy/use-cases/${useCase.id}`, await as(users.demoAdmin))).status).toBe(404);
  });

  it('requires name and description, a known priority, and an admin', async () => {
    for (const body of [{ description: 'x' }, { name: 'x' }, { name: ' ', description: 'x' }, { name: 'x', description: 'y', priority: 'urgent' }, { name: 'x'.repeat(101), description: 'y' }]) {
      const res = await call('POST', '/api/taxonomy/use-cases', { ...(await as(users.demoAdmin)), body });
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    const res = await call('POST', '/api/taxonomy/use-cases', { ...(await as(users.analyst)), body: { name: 'Mine', description: 'Not allowed' } });
    expect(res.status).toBe(403);
    expect((await call('PUT', '/api/taxonomy/use-cases/revenue-reporting', { ...(await as(users.demoAdmin)), body: {} })).status).toBe(400);
  });

  it('says "No active use cases configured" when none is enabled', async () => {
    const admin = await as(users.northwindAdmin);
    const list = useCasesResponseSchema.parse((await call('GET', '/api/taxonomy/use-cases', admin)).body);
    const enabled = list.data.filter((u) => u.enabled).map((u) => u.id);
    try {
      for (const id of enabled) expect((await call('PUT', `/api/taxonomy/use-cases/${id}`, { ...admin, body: { enabled: false } })).status).toBe(200);
      const empty = useCasesResponseSchema.parse((await call('GET', '/api/taxonomy/use-cases', admin)).body);
      expect(empty).toMatchObject({ activeCount: 0, message: 'No active use cases configured' });
      const classified = classifyResponseSchema.parse((await call('POST', '/api/downstream-use-cases/classify', { ...admin, body: { issue: { issue_column: 'amount', check_name: 'missing_amount' } } })).body);
      expect(classified.data).toEqual({ affected: [], highestImpact: null, message: 'No active use cases configured' });
    } finally {
      for (const id of enabled) await call('PUT', `/api/taxonomy/use-cases/${id}`, { ...admin, body: { enabled: true } });
    }
  });
});

describe('POST /api/downstream-use-cases/classify', () => {
  it('explains which enabled use cases a failed row affects, and considers only the named ones when given', async () => {
    const res = await call('POST', '/api/downstream-use-cases/classify', { ...(await as(users.analyst)), body: { issue: { issue_column: 'amount', check_name: 'missing_amount', dataset_id: 'opportunities' } } });
    expect(res.status).toBe(200);
    const { data } = classifyResponseSchema.parse(res.body);
    expect(data.highestImpact).toBe('critical');
    expect(data.affected.map((a) => a.useCaseId)).toEqual(['revenue-reporting']);
    expect(data.affected[0]!.reasons[0]).toBe('Column "amount" matches "amount", which Revenue reporting reads');

    const named = await call('POST', '/api/downstream-use-cases/classify', { ...(await as(users.analyst)), body: { issue: { issue_column: 'amount', check_name: 'missing_amount', dataset_id: 'opportunities' }, enabledUseCases: ['sales-forecasting', 'billing-invoicing'] } });
    // Both high: by name.
    expect(named.body.data.affected.map((a: { useCaseId: string }) => a.useCaseId)).toEqual(['billing-invoicing', 'sales-forecasting']);
  });

  it('refuses bad input with the field named', async () => {
    const res = await call('POST', '/api/downstream-use-cases/classify', { ...(await as(users.analyst)), body: { issue: {}, enabledUseCases: ['Not An Id'] } });
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body.details)).toContain('issue_column');
  });
});

/** 12 rows of an "orders" dataset: 8 open, 4 resolved, over the columns amount, email, notes, amount. */
function ordersDataset() {
  const columns = ['amount', 'email', 'notes', 'amount'];
  return createIssueDataset({
    issues: 12,
    name: 'orders',
    build: (i) => ({ status: i < 8 ? 'open' : 'resolved', issue_column: columns[i % 4]!, check_name: `missing_${columns[i % 4]}` }),
  });
}

describe('GET /api/{dataset}/downstream-use-cases', () => {
  it('counts the open rows that affect each use case, by impact and column', async () => {
    const { datasetId, issues } = await ordersDataset();
    expect(issues.filter((i) => i.status === 'open')).toHaveLength(8);
    const res = await call('GET', `/api/${datasetId}/downstream-use-cases?enabledUseCases=revenue-reporting,customer-communication,inventory-supply-chain`, await as(users.analyst, FIXTURE_INSTANCE.instanceId));
    expect(res.status).toBe(200);
    const body = downstreamUseCasesResponseSchema.parse(res.body);
    expect(body.openRows).toBe(8);
    const byId = Object.fromEntries(body.data.map((d) => [d.useCaseId, d]));
    // orders is a source of revenue reporting and a completeness failure matters to it: every open
    // row; amount (4 rows) also by its column, so at the use case's own priority.
    expect(byId['revenue-reporting']).toMatchObject({
      openRows: 8,
      byImpact: { critical: 4, high: 4, medium: 0, low: 0 },
      columns: [{ column: 'amount', openRows: 4 }, { column: 'email', openRows: 2 }, { column: 'notes', openRows: 2 }],
    });
    // email (2 open rows): its column, and a completeness failure matters to it.
    expect(byId['customer-communication']).toMatchObject({ openRows: 2, byImpact: { high: 2 } });
    // orders is a source of inventory: every open row with a completeness failure.
    expect(byId['inventory-supply-chain']).toMatchObject({ openRows: 8, byImpact: { low: 8 } });

    // Without the parameter: the organization's enabled use cases.
    const enabled = downstreamUseCasesResponseSchema.parse((await call('GET', `/api/${datasetId}/downstream-use-cases`, await as(users.analyst, FIXTURE_INSTANCE.instanceId))).body);
    expect(enabled.data.map((d) => d.useCaseId).sort()).toEqual(['customer-communication', 'revenue-reporting']);
    expect((await call('GET', `/api/${datasetId}/downstream-use-cases?enabledUseCases=${encodeURIComponent('bad id')}`, await as(users.analyst, FIXTURE_INSTANCE.instanceId))).status).toBe(400);
  });
});

describe('GET /api/{dataset}/failed_rows?impact=', () => {
  it('lists the rows that affect an enabled use case, as many as the downstream count says', async () => {
    const { datasetId, issues } = await ordersDataset();
    const auth = await as(users.analyst, FIXTURE_INSTANCE.instanceId);
    const downstream = downstreamUseCasesResponseSchema.parse((await call('GET', `/api/${datasetId}/downstream-use-cases`, auth)).body);
    const communication = downstream.data.find((d) => d.useCaseId === 'customer-communication')!;
    const res = await call('GET', `/api/${datasetId}/failed_rows?impact=customer-communication&limit=100`, auth);
    expect(res.status).toBe(200);
    // The two open e-mail rows, and only they; the counts are those of the rows it affects.
    const emailOpen = issues.filter((i) => i.status === 'open' && i.issue_column === 'email').map((i) => i.issue_id).sort();
    expect(res.body.data.map((r: { issue_id: string }) => r.issue_id).sort()).toEqual(emailOpen);
    expect(res.body.pagination.total).toBe(communication.openRows);
    expect(res.body.counts).toEqual({ open: 2, resolved: 1, muted: 0 });
  });

  it('answers 400 naming the field for a use case that does not exist, is disabled or is malformed', async () => {
    const { datasetId } = await createIssueDataset({ issues: 2, name: 'orders' });
    const auth = await as(users.analyst, FIXTURE_INSTANCE.instanceId);
    for (const impact of ['no-such-use-case', 'inventory-supply-chain', 'Bad%20Id']) {
      const res = await call('GET', `/api/${datasetId}/failed_rows?impact=${impact}`, auth);
      expect(res.status, impact).toBe(400);
      expect(res.body.details.map((d: { field: string }) => d.field)).toEqual(['query.impact']);
    }
  });
});
