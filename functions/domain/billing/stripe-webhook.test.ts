import { effectiveSubscription } from '../../../shared/plans';
import { Conflict } from '../errors';
import type { AuditEntry } from '../team/records';
import type { OrganizationRecord } from '../tenancy/records';
import { handleStripeEvent, stripeEventSchema, subscriptionFor, type StripeEvent, type StripeEventCommit, type StripeWebhookDeps } from './stripe-webhook';

// What each Stripe event does to an organization, with an in-memory store that behaves as the
// DynamoDB one does: the event id is recorded once, the organization is written only if unchanged.

const T0 = new Date('2026-05-10T12:00:00.000Z');
const S0 = Math.floor(T0.getTime() / 1000);

function setup(subscription: OrganizationRecord['subscription'] = 'free') {
  let org: OrganizationRecord = { id: 'org_a', name: 'A', type: 'admin', slug: 'a', domain: 'a.example', domains: ['a.example'], subscription, status: 'active', createdAt: '2026-01-01T00:00:00.000Z' };
  const seen = new Set<string>();
  const audits: AuditEntry[] = [];
  const commits: StripeEventCommit[] = [];
  let interfere: (() => void) | undefined;
  let n = 0;
  const deps: StripeWebhookDeps = {
    clock: { now: () => T0, newId: () => `ID${++n}` },
    store: {
      getOrganization: async (id) => (id === org.id ? org : undefined),
      async commitStripeEvent(commit) {
        if (interfere) {
          interfere();
          interfere = undefined;
        }
        if (seen.has(commit.eventId)) return 'duplicate';
        if (commit.organization && commit.organization.previous !== org) throw new Conflict('changed');
        seen.add(commit.eventId);
        commits.push(commit);
        if (commit.organization) {
          org = commit.organization.next;
          audits.push(commit.organization.audit);
        }
        return 'applied';
      },
    },
  };
  return { deps, audits, commits, org: () => org, interfereOnce: (f: () => void) => (interfere = f), replaceOrg: (o: OrganizationRecord) => (org = o) };
}

let seq = 0;
const event = (type: string, object: Record<string, unknown>, created = S0): StripeEvent => stripeEventSchema.parse({ id: `evt_${++seq}`, type, created, data: { object } });
const sub = (status: string, extra: Record<string, unknown> = {}) => ({ object: 'subscription', id: 'sub_1', customer: 'cus_1', status, metadata: { organization_id: 'org_a', plan: 'teams' }, ...extra });
const completed = (extra: Record<string, unknown> = {}) => ({ object: 'checkout.session', id: 'cs_test_1', client_reference_id: 'org_a', customer: 'cus_1', subscription: 'sub_1', metadata: { organization_id: 'org_a', plan: 'teams' }, ...extra });

describe('subscriptionFor', () => {
  it('maps Stripe statuses to the stored subscription, and never moves Enterprise', () => {
    expect(subscriptionFor('active', 'free')).toBe('professional');
    expect(subscriptionFor('past_due', 'professional')).toBe('professional');
    for (const s of ['canceled', 'unpaid', 'incomplete_expired', 'paused', 'deleted'] as const) expect(subscriptionFor(s, 'professional')).toBe('free');
    expect(subscriptionFor('trialing', 'free')).toBeUndefined();
    expect(subscriptionFor('incomplete', 'free')).toBeUndefined();
    expect(subscriptionFor('canceled', 'enterprise')).toBeUndefined();
    expect(subscriptionFor('active', 'enterprise')).toBeUndefined();
  });
});

describe('handleStripeEvent', () => {
  it('starts the 14-day trial on a completed checkout the success page did not read, once', async () => {
    const s = setup();
    const e = event('checkout.session.completed', completed());
    expect(await handleStripeEvent(s.deps, e)).toMatchObject({ result: 'applied', trialStarted: true, subscription: 'free' });
    expect(s.org().trial).toMatchObject({ checkoutSessionId: 'cs_test_1', startedBy: 'stripe', endsAt: '2026-05-24T12:00:00.000Z' });
    expect(s.org().stripe).toMatchObject({ customerId: 'cus_1', subscriptionId: 'sub_1', lastEventId: e.id });
    expect(effectiveSubscription(s.org(), T0)).toBe('professional');
    expect(s.audits.map((a) => [a.action, a.actor])).toEqual([['billing.trial_start', 'stripe']]);

    expect(await handleStripeEvent(s.deps, e)).toEqual({ result: 'duplicate', organizationId: 'org_a' });
    // Another completed checkout does not start a second trial.
    expect(await handleStripeEvent(s.deps, event('checkout.session.completed', completed({ id: 'cs_test_2' })))).toMatchObject({ result: 'applied', trialStarted: false });
    expect(s.org().trial?.checkoutSessionId).toBe('cs_test_1');
  });

  it('follows the subscription: trialing changes nothing, active is paid Teams, deleted is Free', async () => {
    const s = setup();
    await handleStripeEvent(s.deps, event('checkout.session.completed', completed()));
    expect(await handleStripeEvent(s.deps, event('customer.subscription.created', sub('trialing'), S0 + 1))).toMatchObject({ result: 'applied', subscription: 'free' });
    expect(await handleStripeEvent(s.deps, event('customer.subscription.updated', sub('active'), S0 + 2))).toMatchObject({ result: 'applied', subscription: 'professional' });
    expect(s.org().subscription).toBe('professional');
    expect(await handleStripeEvent(s.deps, event('customer.subscription.deleted', sub('canceled'), S0 + 3))).toMatchObject({ result: 'applied', subscription: 'free' });
    expect(s.org().stripe).toMatchObject({ subscriptionStatus: 'deleted', lastEventCreated: S0 + 3 });
    expect(s.audits.map((a) => a.action)).toEqual(['billing.trial_start', 'billing.subscription_update', 'billing.subscription_update', 'billing.subscription_update']);
    expect(s.audits[2]).toMatchObject({ before: { subscription: 'free' }, after: { subscription: 'professional' } });
  });

  it('records an older event than the last applied without applying it', async () => {
    const s = setup();
    await handleStripeEvent(s.deps, event('customer.subscription.updated', sub('active'), S0 + 10));
    const late = event('customer.subscription.updated', sub('unpaid'), S0 + 5);
    expect(await handleStripeEvent(s.deps, late)).toEqual({ result: 'recorded', organizationId: 'org_a', reason: 'older than the last event applied' });
    expect(s.org().subscription).toBe('professional');
    expect(s.commits.at(-1)?.eventId).toBe(late.id);
    expect(s.commits.at(-1)?.organization).toBeUndefined();
    expect(await handleStripeEvent(s.deps, late)).toMatchObject({ result: 'duplicate' });
  });

  it('leaves Enterprise alone and ignores another subscription of the organization', async () => {
    const e = setup('enterprise');
    await handleStripeEvent(e.deps, event('customer.subscription.deleted', sub('canceled')));
    expect(e.org().subscription).toBe('enterprise');

    const s = setup();
    await handleStripeEvent(s.deps, event('customer.subscription.updated', sub('active'), S0));
    expect(await handleStripeEvent(s.deps, event('customer.subscription.deleted', sub('canceled', { id: 'sub_old' }), S0 + 1))).toMatchObject({ result: 'recorded', reason: 'another subscription of the organization' });
    expect(s.org().subscription).toBe('professional');
  });

  it('ignores other products, unknown organizations, unhandled types and malformed objects without writing', async () => {
    const s = setup();
    expect(await handleStripeEvent(s.deps, event('customer.subscription.updated', sub('active', { metadata: { organization_id: 'org_a' } })))).toMatchObject({ result: 'ignored' });
    expect(await handleStripeEvent(s.deps, event('customer.subscription.updated', sub('active', { metadata: { organization_id: 'org_zz', plan: 'teams' } })))).toEqual({ result: 'ignored', reason: 'unknown organization' });
    expect(await handleStripeEvent(s.deps, event('invoice.paid', { object: 'invoice', id: 'in_1' }))).toMatchObject({ result: 'ignored' });
    expect(await handleStripeEvent(s.deps, event('customer.subscription.updated', sub('exploded')))).toEqual({ result: 'ignored', reason: 'not a subscription' });
    expect(s.commits).toEqual([]);
  });

  it('reads the organization again when it changed meanwhile, keeping the other change', async () => {
    const s = setup();
    s.interfereOnce(() => s.replaceOrg({ ...s.org(), name: 'Renamed meanwhile' }));
    expect(await handleStripeEvent(s.deps, event('customer.subscription.updated', sub('active')))).toMatchObject({ result: 'applied', subscription: 'professional' });
    expect(s.org()).toMatchObject({ name: 'Renamed meanwhile', subscription: 'professional' });
  });
});
