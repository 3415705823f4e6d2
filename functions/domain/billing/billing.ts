import { effectiveSubscription, PLANS, planStatus, trialDaysLeft, trialEndsAt, type PlanStatus } from '../../../shared/plans';
import type { BillingCycle } from '../../../shared/pricing';
import type { Subscription } from '../../../shared/constants';
import { Conflict, Forbidden, NotFound } from '../errors';
import { auditEntry } from '../team/audit';
import type { Caller } from '../tenancy/caller';
import type { OrganizationRecord } from '../tenancy/records';
import type { BillingDeps, CheckoutSession } from './ports';

// Plans and billing (issue 16 §4, spec 2 §2.8 billing success, §6 billing permission, §9 plans).
// An account owner (billing permission) starts a checkout; when the session is complete the
// organization gets its 14-day Teams trial, once; `effectiveSubscription` decides what applies.

export const BILLING_DENIED = "You don't have permission to manage billing.";
export const CHECKOUT_SESSION_NOT_FOUND = 'Checkout session not found';

/** Spec 2 §6: only the billing permission (account owners) buys plans. */
export function requireBilling(caller: Caller): void {
  if (!caller.permissions.includes('billing')) throw new Forbidden(BILLING_DENIED);
}

export interface PlanView {
  subscription: Subscription;
  effectiveSubscription: Subscription;
  planName: string;
  status: PlanStatus;
  trialEndsAt: string | null;
  trialDaysLeft: number;
  aiSuggestions: boolean;
  /** Null: unlimited. */
  includedRowsPerMonth: number | null;
  /** May this organization start a checkout now (Free, trial not used)? */
  canStartTrial: boolean;
}

export function planView(org: OrganizationRecord, now: Date): PlanView {
  const effective = effectiveSubscription(org, now);
  const plan = PLANS[effective];
  return {
    subscription: org.subscription,
    effectiveSubscription: effective,
    planName: plan.name,
    status: planStatus(org, now),
    trialEndsAt: org.trial?.endsAt ?? null,
    trialDaysLeft: trialDaysLeft(org, now),
    aiSuggestions: plan.aiSuggestions,
    includedRowsPerMonth: Number.isFinite(plan.includedRowsPerMonth) ? plan.includedRowsPerMonth : null,
    canStartTrial: org.subscription === 'free' && !org.trial,
  };
}

async function organizationOf(deps: BillingDeps, caller: Caller): Promise<OrganizationRecord> {
  const org = await deps.store.getOrganization(caller.organization.id);
  if (!org) throw new NotFound('Organization not found');
  return org;
}

/** Why an organization cannot start a checkout, or null. */
export function checkoutRefusal(org: OrganizationRecord, now: Date): string | null {
  if (org.subscription !== 'free') return `Your organization is already on the ${PLANS[org.subscription].name} plan.`;
  if (org.trial && planStatus(org, now) === 'trialing') return 'Your organization is already on its Teams trial.';
  if (org.trial) return 'Your organization has already used its Teams trial. Contact us to continue on Teams.';
  return null;
}

export async function startCheckout(deps: BillingDeps, caller: Caller, input: { plan: 'teams'; billingCycle: BillingCycle }, appUrl: string) {
  requireBilling(caller);
  const org = await organizationOf(deps, caller);
  const refusal = checkoutRefusal(org, deps.clock.now());
  if (refusal) throw new Conflict(refusal);
  const session = await deps.checkout.createSession({
    organizationId: org.id,
    customerEmail: caller.email,
    plan: input.plan,
    billingCycle: input.billingCycle,
    successUrl: `${appUrl}/app/billing/success?session_id={CHECKOUT_SESSION_ID}`,
    cancelUrl: `${appUrl}/pricing`,
  });
  return { sessionId: session.id, url: session.url, provider: deps.checkout.name };
}

/** Starts the trial a complete session paid for, once; answers the organization as it is after. */
async function applySession(deps: BillingDeps, caller: Caller, org: OrganizationRecord, session: CheckoutSession): Promise<OrganizationRecord> {
  if (session.status !== 'complete' || org.trial || org.subscription !== 'free') return org;
  const now = deps.clock.now();
  const trial = { plan: 'professional' as const, startedAt: now.toISOString(), endsAt: trialEndsAt(now), checkoutSessionId: session.id, startedBy: caller.email };
  const next: OrganizationRecord = { ...org, trial };
  try {
    await deps.store.updateOrganization(next, auditEntry(deps.clock, now, org.id, caller, 'billing.trial_start', org.id, { subscription: org.subscription, trial: null }, { trial }), org);
    return next;
  } catch (error) {
    // Two reads of the success page at once: the other one started the trial.
    if (!(error instanceof Conflict)) throw error;
    return organizationOf(deps, caller);
  }
}

/** The billing success page's read (spec 2 §2.8): the session from the provider, and the plan it gave. */
export async function readCheckoutSession(deps: BillingDeps, caller: Caller, sessionId: string) {
  requireBilling(caller);
  const session = await deps.checkout.getSession(sessionId, caller.organization.id);
  if (!session || session.organizationId !== caller.organization.id) throw new NotFound(CHECKOUT_SESSION_NOT_FOUND);
  const org = await applySession(deps, caller, await organizationOf(deps, caller), session);
  const trialFromThisSession = org.trial?.checkoutSessionId === session.id;
  return {
    session: { id: session.id, status: session.status, plan: session.plan, billingCycle: session.billingCycle, startedTrial: trialFromThisSession },
    plan: planView(org, deps.clock.now()),
  };
}

export async function readPlan(deps: BillingDeps & { ledger: { count(orgId: string, range: { from: string }): Promise<number> } }, caller: Caller) {
  const org = await organizationOf(deps, caller);
  const now = deps.clock.now();
  const view = planView(org, now);
  const monthStart = `${now.toISOString().slice(0, 7)}-01T00:00:00.000Z`;
  const rowsThisMonth = await deps.ledger.count(org.id, { from: monthStart });
  return {
    ...view,
    mayManageBilling: caller.permissions.includes('billing'),
    usage: { monthStart, rowsThisMonth, includedRows: view.includedRowsPerMonth === null ? rowsThisMonth : Math.min(rowsThisMonth, view.includedRowsPerMonth), overageRows: view.includedRowsPerMonth === null ? 0 : Math.max(0, rowsThisMonth - view.includedRowsPerMonth) },
  };
}
