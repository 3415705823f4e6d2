import type { Subscription } from './constants';

// Plans and credits (spec 2 §9, spec 1 §9). The organization's subscription names the plan:
// the spec's Teams plan is the subscription "professional". One credit per AI-processed row,
// 1.00 dollar per credit by default.

export interface Plan {
  name: 'Free' | 'Teams' | 'Enterprise';
  aiSuggestions: boolean;
  /** Rows of AI processing included per calendar month (Infinity: unlimited). */
  includedRowsPerMonth: number;
  /** Extra rows past the included ones: dollars per 1,000 rows. */
  overageDollarsPer1000: number;
}

export const PLANS: Record<Subscription, Plan> = {
  free: { name: 'Free', aiSuggestions: false, includedRowsPerMonth: 0, overageDollarsPer1000: 0 },
  professional: { name: 'Teams', aiSuggestions: true, includedRowsPerMonth: 1000, overageDollarsPer1000: 1 },
  enterprise: { name: 'Enterprise', aiSuggestions: true, includedRowsPerMonth: Number.POSITIVE_INFINITY, overageDollarsPer1000: 0 },
};

export const FREE_PLAN_MESSAGE = 'AI suggestions are not included in the Free plan. Upgrade to the Teams plan to get AI suggestions for your failed rows.';

export const DEFAULT_DOLLARS_PER_CREDIT = 1;

/** "$12.00": credits as dollars, en-US, two decimals. */
export function formatDollars(credits: number, dollarsPerCredit = DEFAULT_DOLLARS_PER_CREDIT): string {
  return (credits * dollarsPerCredit).toLocaleString('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2, maximumFractionDigits: 2 });
}

/** Rows past the month's included ones, and what they cost (charged per started 1,000). */
export function overage(plan: Plan, rowsThisMonth: number): { includedRows: number; overageRows: number; overageDollars: number } {
  const included = Number.isFinite(plan.includedRowsPerMonth) ? plan.includedRowsPerMonth : rowsThisMonth;
  const over = Math.max(0, rowsThisMonth - included);
  return { includedRows: Math.min(rowsThisMonth, included), overageRows: over, overageDollars: Math.ceil(over / 1000) * plan.overageDollarsPer1000 };
}

// ---- the effective plan (issue 16 §4) ----------------------------------------------------------
// An organization's stored subscription is what it pays for. A checkout starts a 14-day Teams
// trial, recorded beside it; while the trial runs the organization is on Teams, and when it ends
// the organization is back on its paid subscription — Free unless paid. Every check of what an
// organization may do (the AI 402, the included rows) reads this one rule.

/** Days of the Teams trial a checkout starts (spec 2 §9). */
export const TRIAL_DAYS = 14;
const DAY_MS = 86_400_000;

export interface PlanHolder {
  subscription: Subscription;
  trial?: { endsAt: string } | null;
}

export type PlanStatus = 'paid' | 'trialing' | 'trial_ended' | 'free';

/** When a trial started at `start` ends. */
export function trialEndsAt(start: Date): string {
  return new Date(start.getTime() + TRIAL_DAYS * DAY_MS).toISOString();
}

/** Whether the organization's trial is running at `now` (the end itself is outside it). */
export function trialActive(org: PlanHolder, now: Date): boolean {
  const end = org.trial ? Date.parse(org.trial.endsAt) : Number.NaN;
  return Number.isFinite(end) && now.getTime() < end;
}

/** The subscription whose plan applies at `now`: a paid one, else Teams during a trial, else Free. */
export function effectiveSubscription(org: PlanHolder, now: Date): Subscription {
  if (org.subscription !== 'free') return org.subscription;
  return trialActive(org, now) ? 'professional' : 'free';
}

export function planStatus(org: PlanHolder, now: Date): PlanStatus {
  if (org.subscription !== 'free') return 'paid';
  if (trialActive(org, now)) return 'trialing';
  return org.trial ? 'trial_ended' : 'free';
}

/** Whole days left of a running trial (a started day counts), 0 otherwise. */
export function trialDaysLeft(org: PlanHolder, now: Date): number {
  if (!trialActive(org, now)) return 0;
  return Math.ceil((Date.parse(org.trial!.endsAt) - now.getTime()) / DAY_MS);
}
