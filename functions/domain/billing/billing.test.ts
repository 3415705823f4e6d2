import { FREE_PLAN_MESSAGE } from '../../../shared/plans';
import { requireAiPlan } from '../ai/pipeline/plan-check';
import { Conflict } from '../errors';
import type { AuditEntry } from '../team/records';
import { buildCaller, planSubscription } from '../tenancy/caller';
import type { MemberRecord, OrganizationRecord } from '../tenancy/records';
import { BILLING_DENIED, CHECKOUT_SESSION_NOT_FOUND, readCheckoutSession, readPlan, startCheckout } from './billing';
import type { BillingDeps, CheckoutSession } from './ports';

// The billing use cases with an in-memory organization and checkout: who may buy, the trial a
// complete session starts (once), and the effective plan through the trial and after it.

const T0 = new Date('2026-05-10T12:00:00.000Z');
const DAY = 86_400_000;

function setup(subscription: OrganizationRecord['subscription'] = 'free') {
  let now = T0;
  let org: OrganizationRecord = { id: 'org_free', name: 'Free Co', type: 'admin', slug: 'free', domain: 'free.example', domains: ['free.example'], subscription, status: 'active', createdAt: '2026-01-01T00:00:00.000Z' };
  const sessions = new Map<string, CheckoutSession>();
  const audits: AuditEntry[] = [];
  let n = 0;
  const deps: BillingDeps = {
    clock: { now: () => now, newId: () => `ID${++n}` },
    checkout: {
      name: 'builtin',
      async createSession(r) {
        const id = `cs_test_${++n}`;
        sessions.set(id, { id, organizationId: r.organizationId, plan: r.plan, billingCycle: r.billingCycle, status: 'complete', customerEmail: r.customerEmail });
        return { id, url: r.successUrl.replace('{CHECKOUT_SESSION_ID}', id) };
      },
      getSession: async (id) => sessions.get(id),
    },
    store: {
      getOrganization: async (id) => (id === org.id ? org : undefined),
      async updateOrganization(next, audit, previous) {
        if (previous !== org) throw new Conflict('changed');
        org = next;
        audits.push(audit);
      },
    },
  };
  const member = (email: string, role: MemberRecord['role']): MemberRecord => ({ email, organizationId: org.id, firstName: 'A', lastName: 'B', title: '', role, isOrgAdmin: false, createdAt: '2026-01-01T00:00:00.000Z' });
  return {
    deps,
    sessions,
    audits,
    owner: () => buildCaller('sub-owner', member('owner@free.example', 'account_owner'), org),
    admin: () => buildCaller('sub-admin', member('admin@free.example', 'admin'), org),
    org: () => org,
    setNow: (d: Date) => (now = d),
  };
}

describe('billing', () => {
  it('lets an account owner check out Teams and returns to the billing success page', async () => {
    const s = setup();
    const out = await startCheckout(s.deps, s.owner(), { plan: 'teams', billingCycle: 'monthly' }, 'https://app.example');
    expect(out).toEqual({ sessionId: 'cs_test_1', url: 'https://app.example/app/billing/success?session_id=cs_test_1', provider: 'builtin' });
  });

  it('refuses checkout to a member without the billing permission', async () => {
    const s = setup();
    await expect(startCheckout(s.deps, s.admin(), { plan: 'teams', billingCycle: 'monthly' }, 'https://app.example')).rejects.toMatchObject({ status: 403, message: BILLING_DENIED });
    expect(s.sessions.size).toBe(0);
  });

  it('starts the 14-day Teams trial when the success page reads a complete session, once', async () => {
    const s = setup();
    expect(() => requireAiPlan(planSubscription(s.owner(), T0))).toThrow(FREE_PLAN_MESSAGE);
    const { sessionId } = await startCheckout(s.deps, s.owner(), { plan: 'teams', billingCycle: 'annual' }, 'https://app.example');
    const read = await readCheckoutSession(s.deps, s.owner(), sessionId);
    expect(read.session).toEqual({ id: sessionId, status: 'complete', plan: 'teams', billingCycle: 'annual', startedTrial: true });
    expect(read.plan).toMatchObject({ subscription: 'free', effectiveSubscription: 'professional', planName: 'Teams', status: 'trialing', trialEndsAt: '2026-05-24T12:00:00.000Z', trialDaysLeft: 14, aiSuggestions: true, includedRowsPerMonth: 1000, canStartTrial: false });
    expect(s.audits.map((a) => a.action)).toEqual(['billing.trial_start']);
    // The 402 is gone for the organization's members.
    expect(() => requireAiPlan(planSubscription(s.owner(), T0))).not.toThrow();
    // Reading again (reload) changes nothing.
    s.setNow(new Date(T0.getTime() + DAY));
    expect((await readCheckoutSession(s.deps, s.owner(), sessionId)).plan.trialEndsAt).toBe('2026-05-24T12:00:00.000Z');
    expect(s.audits).toHaveLength(1);
    // A second checkout is refused while the trial runs, and after it.
    await expect(startCheckout(s.deps, s.owner(), { plan: 'teams', billingCycle: 'monthly' }, 'https://app.example')).rejects.toMatchObject({ status: 409, message: 'Your organization is already on its Teams trial.' });
    s.setNow(new Date(T0.getTime() + 15 * DAY));
    await expect(startCheckout(s.deps, s.owner(), { plan: 'teams', billingCycle: 'monthly' }, 'https://app.example')).rejects.toMatchObject({ status: 409 });
  });

  it('returns the organization to Free when the trial ends unpaid', async () => {
    const s = setup();
    const { sessionId } = await startCheckout(s.deps, s.owner(), { plan: 'teams', billingCycle: 'monthly' }, 'https://app.example');
    await readCheckoutSession(s.deps, s.owner(), sessionId);
    const end = new Date(T0.getTime() + 14 * DAY);
    expect(planSubscription(s.owner(), new Date(end.getTime() - 1))).toBe('professional');
    expect(planSubscription(s.owner(), end)).toBe('free');
    expect(() => requireAiPlan(planSubscription(s.owner(), end))).toThrow(FREE_PLAN_MESSAGE);
  });

  it('does not start a trial from an open session or from another organization\'s session', async () => {
    const s = setup();
    s.sessions.set('cs_test_open', { id: 'cs_test_open', organizationId: 'org_free', plan: 'teams', billingCycle: 'monthly', status: 'open', customerEmail: null });
    const read = await readCheckoutSession(s.deps, s.owner(), 'cs_test_open');
    expect(read.plan.status).toBe('free');
    expect(read.session.startedTrial).toBe(false);
    s.sessions.set('cs_test_other', { id: 'cs_test_other', organizationId: 'org_other', plan: 'teams', billingCycle: 'monthly', status: 'complete', customerEmail: null });
    await expect(readCheckoutSession(s.deps, s.owner(), 'cs_test_other')).rejects.toMatchObject({ status: 404, message: CHECKOUT_SESSION_NOT_FOUND });
    await expect(readCheckoutSession(s.deps, s.owner(), 'cs_test_missing')).rejects.toMatchObject({ status: 404 });
    expect(s.org().trial).toBeUndefined();
  });

  it('refuses checkout to an organization that already pays', async () => {
    const s = setup('professional');
    await expect(startCheckout(s.deps, s.owner(), { plan: 'teams', billingCycle: 'monthly' }, 'https://app.example')).rejects.toMatchObject({ status: 409, message: 'Your organization is already on the Teams plan.' });
  });

  it('reports the plan with this month\'s rows from the ledger', async () => {
    const s = setup();
    const ledger = { count: vi.fn(async () => 1200) };
    const { sessionId } = await startCheckout(s.deps, s.owner(), { plan: 'teams', billingCycle: 'monthly' }, 'https://app.example');
    await readCheckoutSession(s.deps, s.owner(), sessionId);
    const plan = await readPlan({ ...s.deps, ledger }, s.admin());
    expect(ledger.count).toHaveBeenCalledWith('org_free', { from: '2026-05-01T00:00:00.000Z' });
    expect(plan).toMatchObject({ planName: 'Teams', status: 'trialing', mayManageBilling: false, usage: { rowsThisMonth: 1200, includedRows: 1000, overageRows: 200 } });
  });
});
