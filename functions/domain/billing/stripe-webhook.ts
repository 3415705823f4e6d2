import * as z from 'zod';
import type { Subscription } from '../../../shared/constants';
import { trialEndsAt } from '../../../shared/plans';
import { Conflict } from '../errors';
import { auditEntry } from '../team/audit';
import type { AuditEntry } from '../team/records';
import type { OrganizationRecord, StripeBillingRecord } from '../tenancy/records';

// Stripe webhooks (issue 16 §4: "Trial end returns the organization to Free unless paid"). The
// event arrives verified (signature checked by the adapter with Stripe's own library); this
// decides what it changes and commits the change with the event's id in one transaction, so a
// redelivered event changes nothing twice.
//
// - checkout.session.completed: the organization (client_reference_id / metadata) gets its Stripe
//   customer and subscription ids, and its 14-day Teams trial if the success page has not started
//   it yet (a customer who closed the tab after paying still gets it).
// - customer.subscription.created / updated / deleted (metadata.organization_id, set by our
//   checkout): the stored subscription follows Stripe's status — active or past_due (Stripe still
//   retries the payment) is the paid Teams plan; canceled, unpaid, incomplete_expired, paused or
//   deleted is Free; trialing and incomplete change nothing (the trial record decides). An
//   organization set to Enterprise by a super admin is never moved by a Teams subscription.
// - Stripe does not promise order: an event older than the last one applied (by `created`) only
//   records its id.

/** Stripe subscription statuses (API 2025+). */
export const STRIPE_SUBSCRIPTION_STATUSES = ['incomplete', 'incomplete_expired', 'trialing', 'active', 'past_due', 'canceled', 'unpaid', 'paused'] as const;
export type StripeSubscriptionStatus = (typeof STRIPE_SUBSCRIPTION_STATUSES)[number];

const id = z.string().min(1).max(255);
const metadata = z.record(z.string().max(40), z.string().max(500)).nullable().optional();
/** Stripe ids or expanded objects: only the id is kept. */
const ref = z.union([id, z.object({ id }).transform((o) => o.id)]).nullable().optional();

const checkoutSessionObject = z.object({
  object: z.literal('checkout.session'),
  id,
  client_reference_id: z.string().max(255).nullable().optional(),
  metadata,
  customer: ref,
  subscription: ref,
  status: z.string().max(40).nullable().optional(),
});

const subscriptionObject = z.object({
  object: z.literal('subscription'),
  id,
  customer: ref,
  status: z.enum(STRIPE_SUBSCRIPTION_STATUSES),
  metadata,
});

/** The part of a Stripe event this reads; anything else in it is left alone. */
export const stripeEventSchema = z.object({
  id,
  type: z.string().min(1).max(255),
  /** Seconds since the epoch. */
  created: z.number().int().nonnegative(),
  data: z.object({ object: z.record(z.string(), z.unknown()) }),
});
export type StripeEvent = z.infer<typeof stripeEventSchema>;

export const HANDLED_EVENT_TYPES = ['checkout.session.completed', 'customer.subscription.created', 'customer.subscription.updated', 'customer.subscription.deleted'] as const;

export interface StripeEventCommit {
  eventId: string;
  eventType: string;
  organizationId: string;
  receivedAt: string;
  /** The organization after the event, conditioned on `previous` being unchanged; absent: only the id is recorded. */
  organization?: { next: OrganizationRecord; previous: OrganizationRecord; audit: AuditEntry };
}

export interface StripeEventStore {
  getOrganization(id: string): Promise<OrganizationRecord | undefined>;
  /**
   * Records the event id under the organization and writes the change, in one transaction.
   * 'duplicate' when the id was recorded before (nothing written); throws Conflict when the
   * organization changed since it was read.
   */
  commitStripeEvent(commit: StripeEventCommit): Promise<'applied' | 'duplicate'>;
}

export interface StripeWebhookDeps {
  store: StripeEventStore;
  clock: { now(): Date; newId(): string };
}

export type WebhookOutcome =
  | { result: 'applied'; organizationId: string; subscription: Subscription; trialStarted: boolean }
  | { result: 'recorded'; organizationId: string; reason: string }
  | { result: 'duplicate'; organizationId: string }
  | { result: 'ignored'; reason: string };

/** What the stored subscription becomes for a Teams subscription in this Stripe status; undefined: unchanged. */
export function subscriptionFor(status: StripeSubscriptionStatus | 'deleted', current: Subscription): Subscription | undefined {
  if (current === 'enterprise') return undefined;
  switch (status) {
    case 'active':
    case 'past_due':
      return 'professional';
    case 'canceled':
    case 'unpaid':
    case 'incomplete_expired':
    case 'paused':
    case 'deleted':
      return 'free';
    default:
      return undefined;
  }
}

interface Decision {
  organizationId: string;
  /** The change to the organization, or a reason it is left as is. */
  change: (org: OrganizationRecord, now: Date) => { next: OrganizationRecord; trialStarted: boolean } | string;
}

function stripeRecord(org: OrganizationRecord, patch: Partial<StripeBillingRecord>, event: StripeEvent): StripeBillingRecord {
  return { ...org.stripe, ...patch, lastEventId: event.id, lastEventCreated: event.created };
}

function decide(event: StripeEvent): Decision | string {
  if (event.type === 'checkout.session.completed') {
    const parsed = checkoutSessionObject.safeParse(event.data.object);
    if (!parsed.success) return 'not a checkout session';
    const s = parsed.data;
    if (s.metadata?.plan !== 'teams') return 'not a Quality Desk checkout';
    const organizationId = s.metadata.organization_id ?? s.client_reference_id ?? '';
    if (!organizationId) return 'no organization';
    return {
      organizationId,
      change: (org, now) => {
        const startTrial = org.subscription === 'free' && !org.trial;
        const next: OrganizationRecord = {
          ...org,
          stripe: stripeRecord(org, { ...(s.customer ? { customerId: s.customer } : {}), ...(s.subscription ? { subscriptionId: s.subscription } : {}) }, event),
          ...(startTrial ? { trial: { plan: 'professional' as const, startedAt: now.toISOString(), endsAt: trialEndsAt(now), checkoutSessionId: s.id, startedBy: 'stripe' } } : {}),
        };
        return { next, trialStarted: startTrial };
      },
    };
  }
  if (event.type.startsWith('customer.subscription.')) {
    const parsed = subscriptionObject.safeParse(event.data.object);
    if (!parsed.success) return 'not a subscription';
    const sub = parsed.data;
    if (sub.metadata?.plan !== 'teams') return 'not a Quality Desk subscription';
    const organizationId = sub.metadata.organization_id ?? '';
    if (!organizationId) return 'no organization';
    const status = event.type === 'customer.subscription.deleted' ? 'deleted' : sub.status;
    return {
      organizationId,
      change: (org) => {
        // Another subscription of the organization (e.g. an older, replaced one) moves nothing.
        if (org.stripe?.subscriptionId && org.stripe.subscriptionId !== sub.id) return 'another subscription of the organization';
        const subscription = subscriptionFor(status, org.subscription) ?? org.subscription;
        const next: OrganizationRecord = {
          ...org,
          subscription,
          stripe: stripeRecord(org, { subscriptionId: sub.id, subscriptionStatus: status, ...(sub.customer ? { customerId: sub.customer } : {}) }, event),
        };
        return { next, trialStarted: false };
      },
    };
  }
  return `event type ${event.type} is not handled`;
}

/** Applies one verified Stripe event (see the top of this file). */
export async function handleStripeEvent(deps: StripeWebhookDeps, event: StripeEvent): Promise<WebhookOutcome> {
  const decision = decide(event);
  if (typeof decision === 'string') return { result: 'ignored', reason: decision };
  const { organizationId } = decision;
  // A conflict means someone changed the organization meanwhile: read it again and redo.
  for (let attempt = 1; ; attempt++) {
    const org = await deps.store.getOrganization(organizationId);
    if (!org || org.purgeStartedAt) return { result: 'ignored', reason: 'unknown organization' };
    const now = deps.clock.now();
    const receivedAt = now.toISOString();
    const base = { eventId: event.id, eventType: event.type, organizationId, receivedAt };
    const stale = org.stripe?.lastEventCreated !== undefined && event.created < org.stripe.lastEventCreated;
    const change = stale ? 'older than the last event applied' : decision.change(org, now);
    try {
      if (typeof change === 'string') {
        const written = await deps.store.commitStripeEvent(base);
        return written === 'duplicate' ? { result: 'duplicate', organizationId } : { result: 'recorded', organizationId, reason: change };
      }
      const { next, trialStarted } = change;
      const before = { subscription: org.subscription, trial: org.trial ?? null, stripe: org.stripe ?? null };
      const after = { subscription: next.subscription, trial: next.trial ?? null, stripe: next.stripe ?? null };
      const audit = auditEntry(deps.clock, now, organizationId, 'stripe', trialStarted ? 'billing.trial_start' : 'billing.subscription_update', organizationId, before, { ...after, event: event.id, type: event.type });
      const written = await deps.store.commitStripeEvent({ ...base, organization: { next, previous: org, audit } });
      return written === 'duplicate' ? { result: 'duplicate', organizationId } : { result: 'applied', organizationId, subscription: next.subscription, trialStarted };
    } catch (error) {
      if (!(error instanceof Conflict) || attempt >= 5) throw error;
    }
  }
}
