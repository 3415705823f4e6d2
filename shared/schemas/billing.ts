import * as z from 'zod';
import { SUBSCRIPTIONS } from '../constants';

// Plans and billing (issue 16 §4): checkout, the billing success page's session, the plan panel.

export const checkoutRequestSchema = z
  .object({
    plan: z.literal('teams', { error: 'must be teams' }),
    billingCycle: z.enum(['monthly', 'annual']).default('monthly'),
  })
  .strict();

/** Stripe's ids (cs_test_…, cs_live_…) and the built-in checkout's (cs_local_…). */
export const checkoutSessionParamsSchema = z.object({
  sessionId: z.string().min(1).max(255).regex(/^cs_[A-Za-z0-9_]+$/, 'must be a checkout session id'),
});

export const checkoutResponseSchema = z.object({
  success: z.literal(true),
  sessionId: z.string(),
  url: z.string(),
  provider: z.enum(['stripe', 'builtin']),
});

export const planViewSchema = z.object({
  subscription: z.enum(SUBSCRIPTIONS),
  effectiveSubscription: z.enum(SUBSCRIPTIONS),
  planName: z.string(),
  status: z.enum(['paid', 'trialing', 'trial_ended', 'free']),
  trialEndsAt: z.string().nullable(),
  trialDaysLeft: z.number(),
  aiSuggestions: z.boolean(),
  includedRowsPerMonth: z.number().nullable(),
  canStartTrial: z.boolean(),
});
export type PlanViewDto = z.infer<typeof planViewSchema>;

export const checkoutSessionResponseSchema = z.object({
  success: z.literal(true),
  session: z.object({ id: z.string(), status: z.enum(['open', 'complete', 'expired']), plan: z.literal('teams'), billingCycle: z.enum(['monthly', 'annual']), startedTrial: z.boolean() }),
  plan: planViewSchema,
});
export type CheckoutSessionResponse = z.infer<typeof checkoutSessionResponseSchema>;

export const planResponseSchema = z.object({
  success: z.literal(true),
  plan: planViewSchema.extend({
    mayManageBilling: z.boolean(),
    usage: z.object({ monthStart: z.string(), rowsThisMonth: z.number(), includedRows: z.number(), overageRows: z.number() }),
  }),
});
export type PlanResponse = z.infer<typeof planResponseSchema>;
