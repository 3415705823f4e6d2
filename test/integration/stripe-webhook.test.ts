import Stripe from 'stripe';
import { describe, expect, inject, it } from 'vitest';
import { call } from '../support/api';
import { FRESH_PASSWORD, freshFreeOrganization } from '../support/billing';

// Stripe webhooks on the local stack (issue 16 §4): real payloads, signed in the test with Stripe's
// own library and the suite's signing secret (test/global-setup.ts), sent over HTTP to
// POST /api/billing/stripe-webhook. Each test uses an organization of its own.

const secret = inject('stripeWebhookSecret');
let seq = 0;

function eventOf(type: string, object: Record<string, unknown>, created = Math.floor(Date.now() / 1000)) {
  seq += 1;
  return { id: `evt_test_${Date.now().toString(36)}_${process.pid}_${seq}`, object: 'event', api_version: '2025-10-29.clover', created, livemode: false, pending_webhooks: 1, request: { id: null, idempotency_key: null }, type, data: { object } };
}

const subscription = (orgId: string, id: string, status: string) => ({
  id,
  object: 'subscription',
  customer: 'cus_test_1',
  status,
  metadata: { organization_id: orgId, plan: 'teams', billing_cycle: 'monthly' },
  items: { object: 'list', data: [] },
});

async function deliver(event: object, options: { signWith?: string; signature?: string } = {}) {
  const payload = JSON.stringify(event);
  const signature = options.signature ?? Stripe.webhooks.generateTestHeaderString({ payload, secret: options.signWith ?? secret });
  const res = await fetch(`${inject('baseUrl')}/api/billing/stripe-webhook`, { method: 'POST', headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': signature }, body: payload });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

async function planOf(email: string) {
  const login = await call('POST', '/api/auth/login', { body: { email, password: FRESH_PASSWORD } });
  expect(login.status).toBe(200);
  const token = login.body.token as string;
  const plan = await call('GET', '/api/billing/plan', { token });
  expect(plan.status).toBe(200);
  const audit = await call('GET', `/api/organizations/${login.body.user.organization_id}/audit`, { token });
  const actions = (audit.body.data ?? audit.body.entries ?? []) as Array<{ action: string }>;
  return { plan: plan.body.plan, billingActions: JSON.stringify(audit.body).match(/billing\.[a-z_]+/g) ?? [], actions };
}

describe('Stripe webhooks', () => {
  it('refuses a delivery whose signature is missing, forged or stale, and changes nothing', async () => {
    const org = await freshFreeOrganization('webhook_forged');
    const event = eventOf('customer.subscription.updated', subscription(org.orgId, 'sub_forged', 'active'));

    const wrongSecret = await deliver(event, { signWith: 'whsec_not_the_secret' });
    expect(wrongSecret.status).toBe(400);
    expect(wrongSecret.body.details).toEqual([{ field: 'stripe-signature', message: 'invalid stripe signature' }]);

    const payload = JSON.stringify(event);
    const stale = Stripe.webhooks.generateTestHeaderString({ payload, secret, timestamp: Math.floor(Date.now() / 1000) - 3600 });
    expect((await deliver(event, { signature: stale })).status).toBe(400);

    const res = await fetch(`${inject('baseUrl')}/api/billing/stripe-webhook`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: payload });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { details: unknown }).details).toEqual([{ field: 'stripe-signature', message: 'is required' }]);

    // A body changed after signing fails too.
    const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret });
    const tampered = await fetch(`${inject('baseUrl')}/api/billing/stripe-webhook`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      body: payload.replace('"active"', '"past_due"'),
    });
    expect(tampered.status).toBe(400);

    const { plan, billingActions } = await planOf(org.owner);
    expect(plan).toMatchObject({ subscription: 'free', status: 'free' });
    expect(billingActions).toEqual([]);
  });

  it('starts the trial on a completed checkout, records the paid plan, ignores redeliveries and goes back to Free when the subscription ends', async () => {
    const org = await freshFreeOrganization('webhook_flow');
    const completed = eventOf('checkout.session.completed', {
      id: 'cs_test_webhook_flow',
      object: 'checkout.session',
      client_reference_id: org.orgId,
      customer: 'cus_test_1',
      subscription: 'sub_test_flow',
      status: 'complete',
      mode: 'subscription',
      metadata: { organization_id: org.orgId, plan: 'teams', billing_cycle: 'monthly' },
    });
    const first = await deliver(completed);
    expect(first).toMatchObject({ status: 200, body: { received: true, result: 'applied', organizationId: org.orgId, trialStarted: true } });
    let state = await planOf(org.owner);
    expect(state.plan).toMatchObject({ subscription: 'free', effectiveSubscription: 'professional', status: 'trialing', trialDaysLeft: 14 });

    // Stripe redelivers the same event, five times at once: nothing changes twice.
    const redeliveries = await Promise.all(Array.from({ length: 5 }, () => deliver(completed)));
    expect(redeliveries.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    expect(redeliveries.map((r) => r.body.result)).toEqual(['duplicate', 'duplicate', 'duplicate', 'duplicate', 'duplicate']);

    const t0 = Math.floor(Date.now() / 1000);
    const trialing = await deliver(eventOf('customer.subscription.created', subscription(org.orgId, 'sub_test_flow', 'trialing'), t0));
    expect(trialing.body).toMatchObject({ result: 'applied', subscription: 'free' });

    // The trial converts: paid Teams, whatever the trial record says.
    const active = eventOf('customer.subscription.updated', subscription(org.orgId, 'sub_test_flow', 'active'), t0 + 1);
    expect((await deliver(active)).body).toMatchObject({ result: 'applied', subscription: 'professional' });
    state = await planOf(org.owner);
    expect(state.plan).toMatchObject({ subscription: 'professional', effectiveSubscription: 'professional', status: 'paid' });

    // An older event arriving late does not undo the newer one.
    const late = await deliver(eventOf('customer.subscription.updated', subscription(org.orgId, 'sub_test_flow', 'incomplete_expired'), t0 - 60));
    expect(late.body).toMatchObject({ result: 'recorded', reason: 'older than the last event applied' });
    expect((await planOf(org.owner)).plan.subscription).toBe('professional');

    // Canceled: back to Free (the trial is over by then in real life; here it still runs, so Teams applies until its end).
    const deleted = await deliver(eventOf('customer.subscription.deleted', subscription(org.orgId, 'sub_test_flow', 'canceled'), t0 + 2));
    expect(deleted.body).toMatchObject({ result: 'applied', subscription: 'free' });
    state = await planOf(org.owner);
    expect(state.plan).toMatchObject({ subscription: 'free', status: 'trialing' });

    // One audit entry per applied event, in the organization's own log.
    expect(state.billingActions.sort()).toEqual(['billing.subscription_update', 'billing.subscription_update', 'billing.subscription_update', 'billing.trial_start'].sort());
  });

  it('ignores events of other products and unknown organizations with 200, so Stripe stops redelivering them', async () => {
    const other = await deliver(eventOf('customer.subscription.updated', { ...subscription('org_demo', 'sub_other', 'canceled'), metadata: { organization_id: 'org_demo', plan: 'something-else' } }));
    expect(other).toMatchObject({ status: 200, body: { result: 'ignored' } });
    const unknown = await deliver(eventOf('customer.subscription.deleted', subscription('org_does_not_exist', 'sub_x', 'canceled')));
    expect(unknown).toMatchObject({ status: 200, body: { result: 'ignored', reason: 'unknown organization' } });
    const unhandled = await deliver(eventOf('invoice.paid', { id: 'in_1', object: 'invoice' }));
    expect(unhandled).toMatchObject({ status: 200, body: { result: 'ignored' } });
  });
});
