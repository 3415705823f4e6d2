import { describe, expect, it } from 'vitest';
import { BILLING_DENIED, CHECKOUT_SESSION_NOT_FOUND } from '../../functions/domain/billing/billing';
import { FREE_PLAN_MESSAGE } from '../../shared/plans';
import { call, tokenFor, users } from '../support/api';
import { FRESH_PASSWORD, freshFreeOrganization } from '../support/billing';

// Plans and billing on the local stack (built-in checkout): an account owner of a Free organization
// checks out Teams, the success page's read starts the 14-day trial and the AI 402 goes away.
// The organization is the test's own, so the seeded Free organization stays Free for other suites.

async function login(email: string): Promise<string> {
  const res = await call('POST', '/api/auth/login', { body: { email, password: FRESH_PASSWORD } });
  expect(res.status).toBe(200);
  return res.body.token as string;
}

const batch = (token: string, instanceId: string) => call('POST', '/api/ai/recommendations/batch', { token, instanceId, body: { issues: ['ANYISSUE'], context: { datasetId: 'no-such-dataset' } } });

describe('plans and billing', () => {
  it('starts a 14-day Teams trial from a checkout and unlocks AI suggestions', async () => {
    const org = await freshFreeOrganization('trial');
    const owner = await login(org.owner);

    const before = await call('GET', '/api/billing/plan', { token: owner });
    expect(before.status).toBe(200);
    expect(before.body.plan).toMatchObject({ subscription: 'free', effectiveSubscription: 'free', status: 'free', canStartTrial: true, mayManageBilling: true, usage: { rowsThisMonth: 0 } });
    expect((await batch(owner, org.instanceId)).body).toMatchObject({ success: false, error: FREE_PLAN_MESSAGE });

    const checkout = await call('POST', '/api/billing/checkout-sessions', { token: owner, body: { plan: 'teams', billingCycle: 'annual' } });
    expect(checkout.status).toBe(201);
    expect(checkout.body).toMatchObject({ success: true, provider: 'builtin' });
    expect(checkout.body.url).toMatch(/\/app\/billing\/success\?session_id=cs_local_[A-Z0-9]+$/);

    const read = await call('GET', `/api/billing/checkout-sessions/${checkout.body.sessionId}`, { token: owner });
    expect(read.status).toBe(200);
    expect(read.body.session).toMatchObject({ id: checkout.body.sessionId, status: 'complete', plan: 'teams', billingCycle: 'annual', startedTrial: true });
    expect(read.body.plan).toMatchObject({ subscription: 'free', effectiveSubscription: 'professional', planName: 'Teams', status: 'trialing', trialDaysLeft: 14 });
    const days = (Date.parse(read.body.plan.trialEndsAt) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(13.9);
    expect(days).toBeLessThanOrEqual(14);

    // The 402 is gone: the request is accepted, for every member of the organization.
    const after = await batch(owner, org.instanceId);
    expect(after.status).toBe(202);
    expect(after.body.success).toBe(true);
    expect((await batch(await login(org.admin), org.instanceId)).status).toBe(202);
    const usage = await call('GET', `/api/ai/usage/${org.orgId}`, { token: owner });
    expect(usage.body.data.plan).toMatchObject({ name: 'Teams', includedRowsPerMonth: 1000 });

    // Reloading the success page changes nothing; a second checkout is refused.
    const again = await call('GET', `/api/billing/checkout-sessions/${checkout.body.sessionId}`, { token: owner });
    expect(again.body.plan.trialEndsAt).toBe(read.body.plan.trialEndsAt);
    const second = await call('POST', '/api/billing/checkout-sessions', { token: owner, body: { plan: 'teams' } });
    expect(second.status).toBe(409);
    expect(second.body.error).toBe('Your organization is already on its Teams trial.');

    // The trial start is in the organization's audit log.
    const audit = await call('GET', `/api/organizations/${org.orgId}/audit`, { token: owner });
    expect(JSON.stringify(audit.body)).toContain('billing.trial_start');
  });

  it('keeps checkout to the billing permission', async () => {
    const org = await freshFreeOrganization('perm');
    const res = await call('POST', '/api/billing/checkout-sessions', { token: await login(org.admin), body: { plan: 'teams' } });
    expect(res.status).toBe(403);
    expect(res.body.error).toBe(BILLING_DENIED);
    expect((await call('POST', '/api/billing/checkout-sessions', { token: await tokenFor(users.northwindUser), body: { plan: 'teams' } })).status).toBe(403);
    expect((await call('GET', '/api/billing/plan', { token: await login(org.owner) })).body.plan.canStartTrial).toBe(true);
  });

  it('never shows or applies one organization\'s session to another', async () => {
    const a = await freshFreeOrganization('iso_a');
    const b = await freshFreeOrganization('iso_b');
    const checkout = await call('POST', '/api/billing/checkout-sessions', { token: await login(a.owner), body: { plan: 'teams' } });
    const res = await call('GET', `/api/billing/checkout-sessions/${checkout.body.sessionId}`, { token: await login(b.owner) });
    expect(res.status).toBe(404);
    expect(res.body.error).toBe(CHECKOUT_SESSION_NOT_FOUND);
    expect((await call('GET', '/api/billing/plan', { token: await login(b.owner) })).body.plan.status).toBe('free');
  });

  it('refuses bad input naming the field', async () => {
    const owner = await tokenFor(users.northwindOwner);
    const bad = await call('POST', '/api/billing/checkout-sessions', { token: owner, body: { plan: 'gold' } });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('plan');
    expect((await call('GET', `/api/billing/checkout-sessions/${'x'.repeat(300)}`, { token: owner })).status).toBe(400);
  });
});
