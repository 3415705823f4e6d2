import { describe, expect, it } from 'vitest';
import { CONFIRMATION_REQUIRED } from '../../shared/schemas/qa';
import { call, tokenFor, users } from '../support/api';
import { deployTemplate, freshInstance, waitForDeployment } from '../support/demo';

// QA tools (spec 2 §7.5, issue 15) on the local stack, where QA mode is on: preflight, diagnostics,
// performance, the super-admin tools refused to org admins, the confirmation word, and the org
// resets on instances made for this run (never another tenant's data).

describe('QA tools', () => {
  it('reports QA mode to any signed-in member', async () => {
    const res = await call('GET', '/qa/status', { token: await tokenFor(users.analyst) });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, enabled: true });
  });

  it('passes every preflight check on the local stack', async () => {
    const res = await call('GET', '/qa/preflight', { token: await tokenFor(users.provider) });
    expect(res.status).toBe(200);
    const failed = Object.values(res.body.preflight_tests as Record<string, any>).filter((t) => t.status !== 'passed');
    expect(failed).toEqual([]);
    expect(res.body).toMatchObject({ overall_status: 'passed', summary: { total: 9, passed: 9, failed: 0, warnings: 0 }, timestamp: expect.any(String) });
    expect(Object.keys(res.body.preflight_tests)).toEqual(
      expect.arrayContaining(['api_reachable', 'sign_in_round_trip', 'table_and_indexes', 'queue', 'ai_provider', 'web_assets', 'demo_mode', 'emergency_code', 'cors_security_headers']),
    );
  });

  it('refuses preflight to a user who is not an admin', async () => {
    expect((await call('GET', '/qa/preflight', { token: await tokenFor(users.analyst) })).status).toBe(403);
  });

  it.each([
    ['GET', '/qa/superadmin/tools'],
    ['POST', '/qa/superadmin/system-diagnostics'],
    ['POST', '/qa/superadmin/reset-all-data'],
    ['GET', '/qa/performance'],
  ])('refuses %s %s to an organization admin', async (method, path) => {
    const res = await call(method, path, { token: await tokenFor(users.demoAdmin), ...(method === 'POST' ? { body: { confirm: 'RESET_ALL_DATA' } } : {}) });
    expect(res.status).toBe(403);
  });

  it('refuses reset-all-data without the confirmation word', async () => {
    for (const body of [{}, { confirm: 'yes' }]) {
      const res = await call('POST', '/qa/superadmin/reset-all-data', { token: await tokenFor(users.superAdmin), body });
      expect(res.status).toBe(400);
      expect(res.body.error).toBe(CONFIRMATION_REQUIRED);
    }
  });

  it('runs the system diagnostics: infrastructure, counters against a recount and the ledger against the suggestions', async () => {
    const res = await call('POST', '/qa/superadmin/system-diagnostics', { token: await tokenFor(users.superAdmin) });
    expect(res.status).toBe(200);
    expect(res.body.overall_status).toBe('passed');
    expect(res.body.summary.passed).toBe(res.body.summary.total_tests);
    expect(res.body.tests.counters_recount.details.sample.length).toBeGreaterThan(0);
    expect(res.body.tests.ledger_vs_suggestions.status).toBe('passed');
  });

  it('measures the latencies of the routes it served', async () => {
    await call('GET', '/api/users/me', { token: await tokenFor(users.provider) });
    const res = await call('GET', '/qa/performance', { token: await tokenFor(users.provider) });
    expect(res.status).toBe(200);
    const me = res.body.routes.find((r: any) => r.route === 'GET /api/users/me');
    expect(me).toMatchObject({ count: expect.any(Number), p50: expect.any(Number), p95: expect.any(Number) });
    expect(me.p95).toBeGreaterThanOrEqual(me.p50);
  });

  it('lists an organization’s reset tools to its admin and refuses another organization', async () => {
    const own = await call('GET', '/qa/organizations/org_northwind/reset-tools', { token: await tokenFor(users.northwindAdmin) });
    expect(own.status).toBe(200);
    expect(own.body.tools.map((t: any) => t.id)).toEqual(['reset-instance', 'refresh-mock-data', 'clear-cache']);
    expect((await call('GET', '/qa/organizations/org_demo/reset-tools', { token: await tokenFor(users.northwindAdmin) })).status).toBe(403);
  });

  it('resets an instance’s rows to their scanned state and refreshes its mock data', async () => {
    const token = await tokenFor(users.northwindAdmin);
    const instanceId = await freshInstance('org_northwind', 'qa_reset', users.northwindAdmin);
    await deployTemplate(token, 'org_northwind', instanceId, 'healthcare_data', { dataVolume: 'medium' });
    const open = await call('GET', '/api/patients/failed_rows?limit=5&status=open', { token, instanceId });
    const before = open.body.pagination.total;
    const issueId = open.body.data[0].issue_id;
    expect((await call('POST', `/api/patients/resolve/${issueId}`, { token, instanceId, body: { resolution: { method: 'manual_fix' } } })).status).toBe(200);

    const reset = await call('POST', `/qa/organizations/org_northwind/instances/${instanceId}/reset`, { token });
    expect(reset.status).toBe(200);
    expect(reset.body.message).toContain('Reset 3 dataset(s)');
    let total = 0;
    for (let i = 0; i < 200 && total !== before; i++) {
      await new Promise((r) => setTimeout(r, 100));
      total = (await call('GET', '/api/patients/failed_rows?limit=1&status=open', { token, instanceId })).body.pagination.total;
    }
    expect(total).toBe(before);
    expect((await call('GET', '/api/patients/failed_rows?limit=1&status=resolved', { token, instanceId })).body.pagination.total).toBe(0);

    const refreshed = await call('POST', '/qa/organizations/org_northwind/refresh-mock-data', { token });
    expect(refreshed.status).toBe(200);
    expect(refreshed.body.refreshed).toContain(instanceId);
    expect(refreshed.body.message).toMatch(/^Refreshed the mock data of \d+ instance/);
    expect((await waitForDeployment(token, instanceId)).status).toBe('deployed');

    const missing = await call('POST', '/qa/organizations/org_northwind/instances/inst_demo_prod/reset', { token });
    expect(missing.status).toBe(404);
  });

  it('answers clear-cache with a message', async () => {
    const res = await call('POST', '/qa/organizations/org_northwind/clear-cache', { token: await tokenFor(users.northwindAdmin) });
    expect(res.status).toBe(200);
    expect(res.body.message).toContain('Cache cleared');
  });
});
