import * as z from 'zod';
import { SIGNUP_ROLES } from '../marketing';
import { PRICING_PLAN_IDS } from '../pricing';

// Public marketing calls (spec 2 §3, §7.6): the waitlist signup from the landing page, the
// early-access signup from the pricing page (one route, two payload shapes), and the stats.

export { SIGNUP_ROLES, SIGNUP_SOURCES, type SignupRole, type SignupSource } from '../marketing';

const email = z.string({ error: 'is required' }).trim().toLowerCase().max(254).pipe(z.email({ message: 'must be a valid e-mail address' }));
const text = (max: number) => z.string().trim().max(max).optional();
const utm = z.string().trim().max(200).optional();

/** Landing page (waitlist) fields. */
export const waitlistSignupSchema = z.object({
  email,
  name: text(200),
  company: text(200),
  role: z.enum(SIGNUP_ROLES).optional().or(z.literal('').transform(() => undefined)),
  message: text(2000),
  source: z.enum(['landing-page', 'exit-intent']),
  utm_source: utm,
  utm_medium: utm,
  utm_campaign: utm,
});

/** Pricing page fields. */
export const pricingSignupSchema = z.object({
  email,
  planId: z.enum(PRICING_PLAN_IDS),
  name: text(200),
  organizationName: text(200),
  source: z.literal('pricing_page'),
});

export const signupRequestSchema = z.discriminatedUnion('source', [pricingSignupSchema, waitlistSignupSchema]);
export type SignupRequest = z.infer<typeof signupRequestSchema>;
export type WaitlistSignup = z.infer<typeof waitlistSignupSchema>;
export type PricingSignup = z.infer<typeof pricingSignupSchema>;

export const signupResponseSchema = z.object({
  success: z.literal(true),
  signup: z.object({ id: z.string() }),
  isExisting: z.boolean(),
});
export type SignupResponse = z.infer<typeof signupResponseSchema>;

/** Figures of the landing page, aggregated from the table's counters; never invented. */
export const marketingStatsSchema = z.object({
  organizations: z.number().int().nonnegative(),
  datasetsMonitored: z.number().int().nonnegative(),
  rowsChecked: z.number().int().nonnegative(),
  failedRowsFound: z.number().int().nonnegative(),
  failedRowsResolved: z.number().int().nonnegative(),
  aiRowsProcessed: z.number().int().nonnegative(),
  signupsThisWeek: z.number().int().nonnegative(),
  computedAt: z.string(),
});
export type MarketingStats = z.infer<typeof marketingStatsSchema>;

export const statsResponseSchema = z.object({ success: z.literal(true), stats: marketingStatsSchema });
export type StatsResponse = z.infer<typeof statsResponseSchema>;
