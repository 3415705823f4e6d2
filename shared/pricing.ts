import { PLANS, TRIAL_DAYS } from './plans';

export { TRIAL_DAYS };

// The pricing page's numbers (spec 2 §9), from the same plan constants the API enforces
// (shared/plans.ts): what the page sells is what an organization gets.

export const PRICING_PLAN_IDS = ['free', 'teams', 'enterprise'] as const;
export type PricingPlanId = (typeof PRICING_PLAN_IDS)[number];
export type BillingCycle = 'monthly' | 'annual';

/** Annual billing gets 15% off (factor 0.85). */
export const ANNUAL_DISCOUNT_FACTOR = 0.85;
export const ANNUAL_SAVINGS_LABEL = 'Save 15%';

export interface PricingPlan {
  id: PricingPlanId;
  name: string;
  /** Dollars per month on monthly billing; null: custom pricing. */
  monthlyDollars: number | null;
  description: string;
  /** Rows of AI processing included per month (Infinity: unlimited). */
  includedRows: number;
  /** Dataset connections (Infinity: unlimited). */
  datasetConnections: number;
  /** Dollars per additional 1,000 rows past the included ones. */
  extraRowsDollarsPer1000: number;
  features: string[];
  missing: string[];
  mostPopular: boolean;
}

export const PRICING_PLANS: readonly PricingPlan[] = [
  {
    id: 'free',
    name: PLANS.free.name,
    monthlyDollars: 0,
    description: 'Find and fix failed rows by hand.',
    includedRows: 100,
    datasetConnections: 1,
    extraRowsDollarsPer1000: PLANS.free.overageDollarsPer1000,
    features: ['100 rows per month', '1 dataset connection', 'Issues screen: fix, resolve, mute, bulk actions', 'CSV and JSON export of fixes'],
    missing: ['AI suggestions', 'Analytics', 'Collaboration', 'API access'],
    mostPopular: false,
  },
  {
    id: 'teams',
    name: PLANS.professional.name,
    monthlyDollars: 1000,
    description: 'AI-suggested fixes for a data team.',
    includedRows: PLANS.professional.includedRowsPerMonth,
    datasetConnections: 5,
    extraRowsDollarsPer1000: PLANS.professional.overageDollarsPer1000,
    features: [
      `${PLANS.professional.includedRowsPerMonth.toLocaleString('en-US')} AI-processed rows per month included`,
      'Up to 5 dataset connections',
      'AI suggestions with confidence and reasoning',
      'Quality dashboard and teams',
      'Basic API',
      `${TRIAL_DAYS}-day free trial`,
    ],
    missing: [],
    mostPopular: true,
  },
  {
    id: 'enterprise',
    name: PLANS.enterprise.name,
    monthlyDollars: null,
    description: 'Unlimited scale, your cloud, your keys.',
    includedRows: PLANS.enterprise.includedRowsPerMonth,
    datasetConnections: Number.POSITIVE_INFINITY,
    extraRowsDollarsPer1000: PLANS.enterprise.overageDollarsPer1000,
    features: ['Unlimited dataset connections', 'Unlimited AI-processed rows', 'Deployment in your own AWS account, or standalone', '99.9% uptime SLA, 4 regions'],
    missing: [],
    mostPopular: false,
  },
];

/** Annual price per month = floor(monthly × 12 × 0.85 / 12) (spec 2 §9). */
export function annualMonthlyPrice(monthlyDollars: number): number {
  return Math.floor((monthlyDollars * 12 * ANNUAL_DISCOUNT_FACTOR) / 12);
}

/** The per-month price shown for a cycle; null for custom pricing. */
export function displayedMonthlyPrice(plan: Pick<PricingPlan, 'monthlyDollars'>, cycle: BillingCycle): number | null {
  if (plan.monthlyDollars === null) return null;
  return cycle === 'annual' ? annualMonthlyPrice(plan.monthlyDollars) : plan.monthlyDollars;
}

/** Additional-row price of a month's usage on the Teams plan: $1.00 per started 1,000 rows past the included ones. */
export function additionalRowsDollars(rows: number, plan: Pick<PricingPlan, 'includedRows' | 'extraRowsDollarsPer1000'>): number {
  if (!Number.isFinite(plan.includedRows)) return 0;
  return Math.ceil(Math.max(0, rows - plan.includedRows) / 1000) * plan.extraRowsDollarsPer1000;
}

/** The additional-row pricing table: monthly volumes and what Teams costs for them. */
export const ADDITIONAL_ROW_EXAMPLES = [1_000, 5_000, 10_000, 50_000, 100_000] as const;

export function pricingPlan(id: PricingPlanId): PricingPlan {
  const plan = PRICING_PLANS.find((p) => p.id === id);
  if (!plan) throw new Error(`unknown plan ${id}`);
  return plan;
}

export function formatUsd(dollars: number): string {
  return dollars.toLocaleString('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });
}
