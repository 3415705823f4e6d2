import { describe, expect, it } from 'vitest';
import { QA_VALIDATION_TESTS } from '../../shared/schemas/qa-validation';
import { call, tokenFor, users } from '../support/api';
import { freshInstance } from '../support/demo';
import { createIssueDataset } from '../support/fixtures';

// QA validation (spec 2 §7.5 /api/qa-validation/..., issue 15 item 3) on the local stack, where QA
// mode is on. The flow tests act in a temporary QA organization of their own and remove it; the
// data checks run on an instance made for this file, so other suites' writes cannot move them.

const as = async (email: string) => ({ token: await tokenFor(email) });
const qaOrganizations = async () => {
  const res = await call('GET', '/api/organizations?include_inactive=true', await as(users.provider));
  expect(res.status).toBe(200);
  return (res.body.organizations ?? res.body.data ?? res.body).map((o: { id: string }) => o.id).filter((id: string) => id.startsWith('org_qa-flow-'));
};

describe('QA validation', () => {
  it('says it is on, with the tests it offers, to an organization admin only', async () => {
    const res = await call('GET', '/api/qa-validation/status', await as(users.demoAdmin));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, enabled: true });
    expect(res.body.tests.map((t: { kind: string }) => t.kind)).toEqual(QA_VALIDATION_TESTS.map((t) => t.kind));
    expect((await call('GET', '/api/qa-validation/status', await as(users.analyst))).status).toBe(403);
  });

  it.each(['run-user-flow-tests', 'run-admin-flow-tests'])('runs %s in a temporary organization, all steps passing, and leaves none behind', async (test) => {
    const before = await qaOrganizations();
    const res = await call('POST', `/api/qa-validation/${test}`, await as(users.provider));
    expect(res.status).toBe(200);
    const failed = res.body.result.steps.filter((s: { status: string }) => s.status === 'failed');
    expect(failed).toEqual([]);
    expect(res.body.result).toMatchObject({ status: 'passed', kind: test === 'run-user-flow-tests' ? 'user_flow' : 'admin_flow' });
    expect(res.body.result.steps.length).toBeGreaterThanOrEqual(8);
    expect(res.body.result.steps.at(-1).name).toBe('Remove the temporary QA organization');
    expect(await qaOrganizations()).toEqual(before);

    // Stored for the caller's organization: fetched by id, logs only when asked for.
    const id = res.body.test_id;
    const plain = await call('GET', `/api/qa-validation/test-results/${id}`, await as(users.provider));
    expect(plain.status).toBe(200);
    expect(plain.body.result.id).toBe(id);
    expect(plain.body.result.logs).toBeUndefined();
    const withLogs = await call('GET', `/api/qa-validation/test-results/${id}?include_logs=true`, await as(users.provider));
    expect(withLogs.body.result.logs.length).toBeGreaterThan(0);
    // Another organization's admin does not find it.
    expect((await call('GET', `/api/qa-validation/test-results/${id}`, await as(users.demoAdmin))).status).toBe(404);
  });

  it('refuses the flow tests to an organization admin (they create organizations)', async () => {
    expect((await call('POST', '/api/qa-validation/run-user-flow-tests', await as(users.demoAdmin))).status).toBe(403);
    expect((await call('POST', '/api/qa-validation/run-admin-flow-tests', await as(users.northwindAdmin))).status).toBe(403);
  });

  it("validates a member's workflow in the caller's organization only", async () => {
    const analyst = await call('POST', '/api/qa-validation/validate-user-workflow', { ...(await as(users.demoAdmin)), body: { email: users.analyst } });
    expect(analyst.status).toBe(200);
    expect(analyst.body.result.status).not.toBe('failed');
    expect(analyst.body.result.steps.map((s: { name: string }) => s.name)).toContain('The member is bound to a sign-in identity');

    const foreign = await call('POST', '/api/qa-validation/validate-user-workflow', { ...(await as(users.demoAdmin)), body: { email: users.northwindUser } });
    expect(foreign.status).toBe(200);
    expect(foreign.body.result.status).toBe('failed');
    expect(foreign.body.result.steps[0].error).toMatch(/is not a member of/);
    expect(JSON.stringify(foreign.body)).not.toContain('org_northwind');

    const bad = await call('POST', '/api/qa-validation/validate-user-workflow', { ...(await as(users.demoAdmin)), body: { email: 'not an e-mail' } });
    expect(bad.status).toBe(400);
    expect(bad.body.details).toEqual([expect.objectContaining({ field: 'email' })]);
  });

  it('checks the data of an instance: counters equal a recount, suggestions have their credit', async () => {
    const instanceId = await freshInstance('org_demo', 'qa-integrity', users.demoAdmin);
    await createIssueDataset({ issues: 30, at: { organizationId: 'org_demo', instanceId } });
    await createIssueDataset({ issues: 7, at: { organizationId: 'org_demo', instanceId } });
    const res = await call('POST', '/api/qa-validation/test-data-integrity', { ...(await as(users.demoAdmin)), instanceId });
    expect(res.status).toBe(200);
    expect(res.body.result).toMatchObject({ kind: 'data_integrity', status: 'passed', summary: { total: 4, passed: 4 } });
    // Not an instance of the caller's organization: refused.
    expect((await call('POST', '/api/qa-validation/test-data-integrity', { ...(await as(users.northwindAdmin)), instanceId })).status).toBe(403);
  });

  it('asks the provider again for a sample of suggested rows (5 by default) and compares', async () => {
    const instanceId = await freshInstance('org_demo', 'qa-ai', users.demoAdmin);
    const empty = await call('POST', '/api/qa-validation/validate-ai-suggestions', { ...(await as(users.demoAdmin)), instanceId, body: {} });
    expect(empty.status).toBe(200);
    expect(empty.body.result.status).toBe('warned');
    expect(JSON.stringify(empty.body.result.steps)).toMatch(/No row of this instance has a stored AI suggestion/);

    await createIssueDataset({
      issues: 12,
      at: { organizationId: 'org_demo', instanceId },
      build: (i) => ({ status: 'open', current_value: `value ${i}`, ai_suggestion: { suggestedValue: `suggested ${i}`, confidence: 80, reasoning: 'fixture' } }),
    });
    const res = await call('POST', '/api/qa-validation/validate-ai-suggestions', { ...(await as(users.demoAdmin)), instanceId, body: {} });
    expect(res.status).toBe(200);
    const rows = res.body.result.steps.slice(1);
    expect(rows).toHaveLength(5);
    for (const step of rows) expect(step.details.stored).toMatch(/^suggested \d+$/);
    expect(res.body.result.steps[0].name).toMatch(/^Provider: builtin .*sample of 5$/);

    const big = await call('POST', '/api/qa-validation/validate-ai-suggestions', { ...(await as(users.demoAdmin)), instanceId, body: { sample_size: 51 } });
    expect(big.status).toBe(400);
    expect(big.body.details).toEqual([expect.objectContaining({ field: 'sample_size' })]);
  });

  it('reports the latest result of every test, then cleanup removes the results', async () => {
    await call('POST', '/api/qa-validation/validate-user-workflow', { ...(await as(users.northwindAdmin)), body: { email: users.northwindUser } });
    const report = await call('POST', '/api/qa-validation/generate-qa-report', await as(users.northwindAdmin));
    expect(report.status).toBe(200);
    const steps = report.body.result.steps as Array<{ name: string; status: string; details: Record<string, unknown> }>;
    expect(steps.map((s) => s.name)).toEqual(QA_VALIDATION_TESTS.filter((t) => t.kind !== 'qa_report').map((t) => t.name));
    const workflow = steps.find((s) => s.name === 'User workflow')!;
    expect(workflow.details.resultId).toEqual(expect.any(String));
    expect(steps.find((s) => s.name === 'User flow')!.status).toBe('warned');

    const cleanup = await call('DELETE', '/api/qa-validation/cleanup-test-data', { ...(await as(users.northwindAdmin)), body: {} });
    expect(cleanup.status).toBe(200);
    expect(cleanup.body.removedResults).toBeGreaterThanOrEqual(2);
    expect(cleanup.body.removedOrganizations).toEqual([]);
    expect((await call('GET', `/api/qa-validation/test-results/${report.body.test_id}`, await as(users.northwindAdmin))).status).toBe(404);
  });
});
