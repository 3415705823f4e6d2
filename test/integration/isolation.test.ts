import { describe, expect, it } from 'vitest';
import { routeKey, routes, type Route } from '../../functions/routes';
import { call, tokenFor, users } from '../support/api';

// Tenant isolation for every route of the table. Each route needs a sample request here; a route
// added to the table without one fails the first test.

interface Sample {
  /** Values for the {params} of the path. */
  params?: Record<string, string>;
  body?: unknown;
}

const samples: Record<string, Sample> = {
  'POST /api/auth/login': { body: { email: users.analyst, password: 'x' } },
  'POST /api/auth/logout': {},
  'POST /api/auth/new-password': { body: { email: users.analyst, session: 'x'.repeat(40), new_password: 'Probe#Pass2026' } },
  'POST /api/auth/refresh': {},
  'GET /api/auth/demo-config': {},
  'POST /api/auth/admin/emergency-access': { body: { email: users.provider, emergency_code: 'x' } },
  'GET /api/users/me': {},
  'PUT /api/auth/profile': { body: { title: 'Probe' } },
  'GET /api/users/me/instances': {},
  'POST /api/users/me/email-change': { body: { new_email: 'isolation-probe@democorp.example' } },
  'POST /api/users/me/email-change/verify': { body: { code: '000000' } },
  'GET /api/datasets': {},
  'GET /api/{dataset}/available-dates': { params: { dataset: 'opportunities' } },
  'GET /api/{dataset}/scan-times': { params: { dataset: 'opportunities' } },
  'GET /api/{dataset}/failed_rows': { params: { dataset: 'opportunities' } },
  'POST /api/{dataset}/resolve/{id}': { params: { dataset: 'opportunities', id: 'ANYISSUE' }, body: { resolution: { method: 'manual_fix' } } },
  'POST /api/{dataset}/bulk-resolve': { params: { dataset: 'opportunities' }, body: { recordIds: ['ANYISSUE'], resolution: { method: 'manual_unmute' } } },
  'GET /api/{dataset}/issues/{id}/history': { params: { dataset: 'opportunities', id: 'ANYISSUE' } },
  'GET /api/{dataset}/export': { params: { dataset: 'opportunities' } },
  'GET /api/{dataset}/issue-clusters': { params: { dataset: 'opportunities' } },
  'POST /api/{dataset}/issue-clusters/{clusterId}/resolve': { params: { dataset: 'opportunities', clusterId: 'fingerprint-0-0123456789abcdef' }, body: { value: 'Probe', issue_ids: ['ANYISSUE'] } },
  'POST /api/datasets/{id}/issues/bulk-assign': { params: { id: 'opportunities' }, body: { issue_ids: ['ANYISSUE'], assigned_to: 'admin@northwind.example' } },
  'GET /api/{dataset}/assignees': { params: { dataset: 'opportunities' } },
  'GET /api/datasets/{id}/issues/{issueId}/related': { params: { id: 'opportunities', issueId: 'ANYISSUE' } },
  'GET /api/users/me/notifications': {},
  'GET /api/users/me/progress': {},
  'POST /api/users/me/notifications/read': { body: {} },
  'GET /api/system/status': {},
  'GET /api/system/security': {},
  'POST /api/datasets/uploads': { body: { fileName: 'probe.csv', size: 10 } },
  'POST /api/datasets': { body: { name: 'probe', recordKey: 'id', uploadId: '01ARZ3NDEKTSV4RRFFQ69G5FAV' } },
  'GET /api/{dataset}/config': { params: { dataset: 'opportunities' } },
  'POST /api/{dataset}/config': { params: { dataset: 'opportunities' }, body: { ownerRule: { kind: 'fixed', owner: 'probe@example.com' }, checks: [] } },
  'POST /api/{dataset}/config/preview': { params: { dataset: 'opportunities' }, body: { ownerRule: { kind: 'fixed', owner: 'probe@example.com' }, checks: [] } },
  'POST /api/{dataset}/scan': { params: { dataset: 'opportunities' } },
  'GET /api/{dataset}/scans/{scanId}': { params: { dataset: 'opportunities', scanId: '01ARZ3NDEKTSV4RRFFQ69G5FAV' } },
  'GET /api/{dataset}/source_data': { params: { dataset: 'opportunities' } },
  'POST /api/{dataset}/reset': { params: { dataset: 'opportunities' } },
  'POST /api/{dataset}/import': { params: { dataset: 'opportunities' }, body: { format: 'soda', result: { checks: [] } } },
  'GET /api/{dataset}/suggestion/{id}': { params: { dataset: 'opportunities', id: 'ANYISSUE' } },
  'GET /api/{dataset}/suggestions': { params: { dataset: 'opportunities' } },
  'POST /api/ai/recommendations/generate': { body: { issue: 'ANYISSUE', context: { datasetId: 'opportunities' } } },
  'POST /api/ai/recommendations/batch': { body: { issues: ['ANYISSUE'], context: { datasetId: 'opportunities' } } },
  'GET /api/ai/health': {},
  'GET /api/ai/providers': {},
  'POST /api/ai/feedback': { body: { datasetId: 'opportunities', issueId: 'ANYISSUE', feedback: 'down' } },
  'GET /api/ai/usage/{id}': { params: { id: 'org_demo' } },
  'GET /api/ai/processing/status': {},
  'POST /api/ai/processing/pause': {},
  'POST /api/ai/processing/resume': {},
  'POST /api/ai/processing/stop': {},
  'POST /api/ai/processing/reset': {},
  'GET /api/dashboard/metrics': {},
  'GET /api/dashboard/dataset-health': {},
  'GET /api/dashboard/trends': {},
  'GET /api/dashboard/quick-wins': {},
  'GET /api/dashboard/real-time-stats': {},
  'GET /api/dashboard/performance-summary': {},
  'POST /api/dashboard/refresh-cache': { body: { cache_type: 'all' } },
  'GET /api/diagnostics/datasets': {},
  'GET /api/diagnostics/datasets/{dataset}/score': { params: { dataset: 'opportunities' } },
  'GET /api/{dataset}/quality-score': { params: { dataset: 'opportunities' } },
  // Use cases (issue 13 item 6): caller-scoped by organization; the id names no existing use case.
  'GET /api/taxonomy/use-cases': {},
  'POST /api/taxonomy/use-cases': { body: { name: 'Isolation probe', description: 'Probe' } },
  'PUT /api/taxonomy/use-cases/{id}': { params: { id: 'custom-1' }, body: { enabled: false } },
  'DELETE /api/taxonomy/use-cases/{id}': { params: { id: 'custom-1' } },
  'POST /api/downstream-use-cases/classify': { body: { issue: { issue_column: 'amount', check_name: 'missing_amount', dataset_id: 'opportunities' } } },
  'GET /api/{dataset}/downstream-use-cases': { params: { dataset: 'opportunities' } },
  'GET /api/demo-data/templates': {},
  'GET /api/demo-data/instances/{id}/config': { params: { id: 'inst_demo_prod' } },
  'PUT /api/demo-data/instances/{id}/config': { params: { id: 'inst_demo_prod' }, body: { templateId: 'saas_sales_funnel' } },
  'POST /api/demo-data/instances/{id}/deploy': { params: { id: 'inst_demo_prod' }, body: { organizationId: 'org_demo', force: true } },
  'POST /api/demo-data/instances/{id}/regenerate': { params: { id: 'inst_demo_prod' }, body: { organizationId: 'org_demo' } },
  'GET /qa/status': {},
  'GET /qa/preflight': {},
  'GET /qa/performance': {},
  'GET /qa/superadmin/tools': {},
  'POST /qa/superadmin/system-diagnostics': {},
  'POST /qa/superadmin/reset-all-data': { body: { confirm: 'RESET_ALL_DATA' } },
  'GET /qa/organizations/{orgId}/reset-tools': {},
  'POST /qa/organizations/{orgId}/instances/{instanceId}/reset': { params: { instanceId: 'inst_demo_prod' } },
  'POST /qa/organizations/{orgId}/refresh-mock-data': {},
  'POST /qa/organizations/{orgId}/clear-cache': {},
  'GET /api/qa-validation/status': {},
  'POST /api/qa-validation/run-user-flow-tests': {},
  'POST /api/qa-validation/run-admin-flow-tests': {},
  'POST /api/qa-validation/validate-user-workflow': { body: { email: users.analyst } },
  'POST /api/qa-validation/test-data-integrity': {},
  'POST /api/qa-validation/validate-ai-suggestions': { body: { sample_size: 1 } },
  'POST /api/qa-validation/generate-qa-report': {},
  'GET /api/qa-validation/test-results/{id}': { params: { id: '01JQAPROBE0000000000000000' } },
  'DELETE /api/qa-validation/cleanup-test-data': { body: { remove_results: false } },
  'POST /api/marketing/signup': { body: { email: 'isolation-probe@example.com', source: 'landing-page' } },
  'GET /api/marketing/stats': {},
  'GET /api/openapi.json': {},
  // team administration (issue 11)
  'GET /api/organizations/{orgId}/members': {},
  'PUT /api/organizations/{orgId}/members/{email}/role': { params: { email: users.engineer }, body: { role: 'admin' } },
  'POST /api/organizations/{orgId}/members/{email}/reset-password': { params: { email: users.engineer } },
  'GET /api/organizations/{orgId}/instances': {},
  'POST /api/organizations/{orgId}/instances': { body: { name: 'Probe instance' } },
  'PUT /api/organizations/{orgId}/instances/{id}': { params: { id: 'inst_demo_prod' }, body: { name: 'Probed' } },
  'DELETE /api/organizations/{orgId}/instances/{id}': { params: { id: 'inst_demo_dev' } },
  'POST /api/organizations/{orgId}/instances/{id}/users': { params: { id: 'inst_demo_prod' }, body: { userEmail: users.engineer } },
  'DELETE /api/organizations/{orgId}/instances/{id}/users/{email}': { params: { id: 'inst_demo_prod', email: users.analyst } },
  'GET /api/organizations/{orgId}/invites': {},
  'POST /api/organizations/{orgId}/invites': { body: { email: 'probe@democorp.example', role: 'admin' } },
  'DELETE /api/organizations/{orgId}/invites/{id}': { params: { id: '01ARZ3NDEKTSV4RRFFQ69G5FAV' } },
  'POST /api/organizations/{orgId}/invites/{id}/resend': { params: { id: '01ARZ3NDEKTSV4RRFFQ69G5FAV' } },
  'GET /api/organizations/{orgId}/audit': {},
  'GET /api/organizations/{orgId}/audit/export': {},
  'GET /api/organizations': {},
  'POST /api/organizations': { body: { name: 'Probe Org', domain: 'probe.example' } },
  'GET /api/organizations/overview': {},
  'GET /api/organizations/shards': {},
  'GET /api/organizations/byok': {},
  'GET /api/organizations/{id}': { params: { id: 'org_demo' } },
  'PUT /api/organizations/{id}': { params: { id: 'org_demo' }, body: { name: 'Probed' } },
  'DELETE /api/organizations/{id}': { params: { id: 'org_demo' } },
  'DELETE /api/organizations/{id}/permanent': { params: { id: 'org_demo' } },
  'GET /api/organizations/{id}/stats': { params: { id: 'org_demo' } },
  'POST /api/organizations/{id}/domains': { params: { id: 'org_demo' }, body: { domain: 'probe.example' } },
  'DELETE /api/organizations/{id}/domains/{domain}': { params: { id: 'org_demo', domain: 'democorp.example' } },
  'PUT /api/organizations/{id}/diagnostics': { params: { id: 'org_demo' }, body: { enabled: true } },
  // IP allowlist (issue 14 §5): an empty list, so a probe that got through would change nothing visible.
  'GET /api/organizations/{orgId}/ip-allowlist': {},
  'PUT /api/organizations/{orgId}/ip-allowlist': { body: { cidrs: [] } },
  'GET /api/organizations/{orgId}/admin/admins': {},
  'GET /api/organizations/{orgId}/admin/settings': {},
  'GET /api/organizations/{orgId}/admin/{category}': { params: { category: 'general' } },
  // agent connector (issue 14)
  'GET /api/organizations/{orgId}/soda-agent/config': {},
  'GET /api/organizations/{orgId}/soda-agent/status': {},
  'POST /api/organizations/{orgId}/soda-agent/test': { body: { sodaAgentEndpoint: 'https://agent.probe.example', apiKey: 'p'.repeat(40) } },
  'POST /api/organizations/{orgId}/soda-agent/configure': { body: { sodaAgentEndpoint: 'https://agent.probe.example', apiKey: 'p'.repeat(40), instanceId: 'inst_demo_prod' } },
  'POST /api/organizations/{orgId}/soda-agent/sync': {},
  'DELETE /api/organizations/{orgId}/soda-agent/disconnect': {},
  'DELETE /api/organizations/{orgId}/soda-agent': {},

  'GET /api/billing/plan': {},
  'POST /api/billing/checkout-sessions': { body: { plan: 'teams', billingCycle: 'monthly' } },
  'GET /api/billing/checkout-sessions/{sessionId}': { params: { sessionId: 'cs_local_PROBE' } },
  // Public, signed by Stripe: an unsigned probe is refused (400) before anything is read.
  'POST /api/billing/stripe-webhook': { body: { id: 'evt_probe', type: 'customer.subscription.deleted', created: 1, data: { object: { object: 'subscription', id: 'sub_probe', status: 'canceled', metadata: { organization_id: 'org_demo', plan: 'teams' } } } } },
  'GET /api/invites/{inviteCode}/details': { params: { inviteCode: 'A'.repeat(43) } },
  'POST /api/invites/{inviteCode}/accept': { params: { inviteCode: 'A'.repeat(43) }, body: { name: 'Probe', email: 'probe@democorp.example', password: 'Probe#2026x' } },
};

/** The tenant whose data the probes try to reach, and a member of it who is not assigned there. */
const VICTIM = { orgId: 'org_demo', instanceId: 'inst_demo_prod', outsiderWithinOrg: users.engineer };
const ATTACKER = users.northwindAdmin;

function pathOf(route: Route, params: Record<string, string> = {}): string {
  return route.path.replace(/\{(\w+)\}/g, (_, name: string) => {
    if (name === 'orgId') return VICTIM.orgId;
    if (params[name] === undefined) throw new Error(`sample for ${routeKey(route)} lacks {${name}}`);
    return encodeURIComponent(params[name]!);
  });
}

const guarded = routes.filter((r) => r.access !== 'public');

describe('tenant isolation', () => {
  it('has a sample request for every route in the table', () => {
    const missing = routes.map(routeKey).filter((k) => !(k in samples));
    expect(missing).toEqual([]);
  });

  it('keeps public routes to the sign-in calls', () => {
    expect(routes.filter((r) => r.access === 'public').map(routeKey).sort()).toEqual([
      'GET /api/auth/demo-config',
      'GET /api/invites/{inviteCode}/details',
      // The public site (issue 16): its answers hold no tenant's data (see below).
      'GET /api/marketing/stats',
      'GET /api/openapi.json',
      'POST /api/auth/admin/emergency-access',
      'POST /api/auth/login',
      'POST /api/auth/logout',
      // The new-password step: the challenge's session (from a right temporary password) is the credential.
      'POST /api/auth/new-password',
      'POST /api/auth/refresh',
      // Stripe's webhook: every delivery must carry a valid Stripe-Signature (test/integration/stripe-webhook.test.ts).
      'POST /api/billing/stripe-webhook',
      'POST /api/invites/{inviteCode}/accept',
      'POST /api/marketing/signup',
    ]);
  });

  it.each(['GET /api/marketing/stats', 'GET /api/openapi.json', 'POST /api/marketing/signup'])('answers %s without any tenant\'s identifiers', async (key) => {
    const route = routes.find((r) => routeKey(r) === key)!;
    const res = await call(route.method, pathOf(route), { body: samples[key]?.body });
    expect(res.status).toBeLessThan(300);
    const text = JSON.stringify(res.body);
    for (const id of [VICTIM.orgId, VICTIM.instanceId, 'org_northwind', users.engineer]) expect(text).not.toContain(id);
  });

  describe.each(guarded.map((r) => [routeKey(r), r] as const))('%s', (_key, route) => {
    const sample = samples[routeKey(route)] ?? {};
    const path = pathOf(route, sample.params);

    it('answers 401 to an anonymous caller', async () => {
      const res = await call(route.method, path, { body: sample.body, instanceId: VICTIM.instanceId });
      expect(res.status).toBe(401);
      expect(res.body.success).toBe(false);
    });

    it('gives a member of another organization nothing of the victim organization', async () => {
      const res = await call(route.method, path, { token: await tokenFor(ATTACKER), body: sample.body, instanceId: VICTIM.instanceId });
      if (route.scope === 'none') {
        // Caller-scoped routes answer only the caller's own data.
        expect(JSON.stringify(res.body)).not.toContain(VICTIM.orgId);
      } else {
        expect([403, 404]).toContain(res.status);
        expect(JSON.stringify(res.body)).not.toContain(VICTIM.instanceId);
      }
    });

    if (route.scope === 'pathInstance') {
      it('answers 403 to a member of the organization who is not assigned to the instance', async () => {
        const res = await call(route.method, path, { token: await tokenFor(VICTIM.outsiderWithinOrg), body: sample.body });
        expect(res.status).toBe(403);
      });

      it('answers 403 for an instance id that does not exist', async () => {
        const res = await call(route.method, pathOf(route, { ...sample.params, id: 'inst_nope' }), { token: await tokenFor(users.demoAdmin), body: sample.body });
        expect(res.status).toBe(403);
      });
    }

    if (route.scope === 'instance') {
      it('answers 403 to a member of the organization who is not assigned to the instance', async () => {
        const res = await call(route.method, path, { token: await tokenFor(VICTIM.outsiderWithinOrg), body: sample.body, instanceId: VICTIM.instanceId });
        expect(res.status).toBe(403);
      });

      it('answers 403 for an instance id that does not exist', async () => {
        const res = await call(route.method, path, { token: await tokenFor(users.demoAdmin), body: sample.body, instanceId: 'inst_nope' });
        expect(res.status).toBe(403);
      });
    }
  });
});
