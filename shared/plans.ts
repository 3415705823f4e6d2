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
