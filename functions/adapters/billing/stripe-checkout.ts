import * as z from 'zod';
import { annualMonthlyPrice, pricingPlan, TRIAL_DAYS, type BillingCycle } from '../../../shared/pricing';
import type { CheckoutProvider } from '../../domain/billing/ports';
import { DomainError } from '../../domain/errors';

// Stripe Checkout (issue 16 §4) over Stripe's REST API: a subscription session with the Teams
// price and a 14-day trial; the organization rides in client_reference_id and metadata, and the
// success page reads the session back by id. The secret key comes from configuration (see
// stripe-config.ts); the API base is configurable so tests run it against a local stub.

export interface StripeOptions {
  apiBase: string;
  secretKey: () => Promise<string>;
  /** Stripe price ids of Teams; unset: the price is sent inline from the plan constants. */
  priceIds?: Partial<Record<BillingCycle, string>>;
  timeoutMs?: number;
  fetch?: typeof fetch;
}

/** Stripe unreachable or refusing: 502 with what went wrong, never a 500. */
export class StripeUnavailable extends DomainError {
  constructor(message: string) {
    super(502, message);
  }
}

const sessionSchema = z.object({
  id: z.string().min(1).max(255),
  url: z.string().max(2048).nullable().optional(),
  status: z.enum(['open', 'complete', 'expired']).nullable(),
  client_reference_id: z.string().max(255).nullable().optional(),
  customer_email: z.string().max(320).nullable().optional(),
  customer_details: z.object({ email: z.string().max(320).nullable().optional() }).nullable().optional(),
  metadata: z.record(z.string(), z.string()).nullable().optional(),
});

/** Teams for one billing period, in cents: monthly $1,000, annual 12 × the discounted monthly price. */
export function teamsPriceCents(cycle: BillingCycle): { unitAmount: number; interval: 'month' | 'year' } {
  const monthly = pricingPlan('teams').monthlyDollars!;
  return cycle === 'annual' ? { unitAmount: annualMonthlyPrice(monthly) * 12 * 100, interval: 'year' } : { unitAmount: monthly * 100, interval: 'month' };
}

export function stripeCheckout(options: StripeOptions): CheckoutProvider {
  const doFetch = options.fetch ?? fetch;
  const base = options.apiBase.replace(/\/+$/, '');

  async function call(method: 'GET' | 'POST', path: string, form?: URLSearchParams): Promise<{ status: number; body: unknown }> {
    const key = await options.secretKey();
    let response: Response;
    try {
      response = await doFetch(`${base}${path}`, {
        method,
        headers: { authorization: `Bearer ${key}`, ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}) },
        ...(form ? { body: form.toString() } : {}),
        signal: AbortSignal.timeout(options.timeoutMs ?? 8000),
      });
    } catch (error) {
      throw new StripeUnavailable(`Stripe could not be reached: ${(error as Error).message}`);
    }
    const text = await response.text();
    let body: unknown = null;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      body = null;
    }
    return { status: response.status, body };
  }

  return {
    name: 'stripe',
    async createSession(request) {
      const form = new URLSearchParams();
      form.set('mode', 'subscription');
      form.set('success_url', request.successUrl);
      form.set('cancel_url', request.cancelUrl);
      form.set('client_reference_id', request.organizationId);
      form.set('customer_email', request.customerEmail);
      form.set('line_items[0][quantity]', '1');
      const priceId = options.priceIds?.[request.billingCycle];
      if (priceId) {
        form.set('line_items[0][price]', priceId);
      } else {
        const price = teamsPriceCents(request.billingCycle);
        form.set('line_items[0][price_data][currency]', 'usd');
        form.set('line_items[0][price_data][unit_amount]', String(price.unitAmount));
        form.set('line_items[0][price_data][recurring][interval]', price.interval);
        form.set('line_items[0][price_data][product_data][name]', 'Quality Desk Teams');
      }
      form.set('subscription_data[trial_period_days]', String(TRIAL_DAYS));
      for (const [k, v] of Object.entries({ organization_id: request.organizationId, plan: request.plan, billing_cycle: request.billingCycle })) {
        form.set(`metadata[${k}]`, v);
        form.set(`subscription_data[metadata][${k}]`, v);
      }
      const { status, body } = await call('POST', '/v1/checkout/sessions', form);
      if (status !== 200) throw new StripeUnavailable(`Stripe refused the checkout session (HTTP ${status})`);
      const session = sessionSchema.safeParse(body);
      if (!session.success || !session.data.url) throw new StripeUnavailable('Stripe answered a checkout session without a URL');
      return { id: session.data.id, url: session.data.url };
    },
    async getSession(id) {
      const { status, body } = await call('GET', `/v1/checkout/sessions/${encodeURIComponent(id)}`);
      if (status === 404) return undefined;
      if (status !== 200) throw new StripeUnavailable(`Stripe could not read the checkout session (HTTP ${status})`);
      const parsed = sessionSchema.safeParse(body);
      if (!parsed.success) throw new StripeUnavailable('Stripe answered an unreadable checkout session');
      const s = parsed.data;
      const organizationId = s.metadata?.organization_id ?? s.client_reference_id ?? '';
      if (s.metadata?.plan !== 'teams') return undefined;
      return {
        id: s.id,
        organizationId,
        plan: 'teams',
        billingCycle: s.metadata?.billing_cycle === 'annual' ? 'annual' : 'monthly',
        status: s.status ?? 'open',
        customerEmail: s.customer_details?.email ?? s.customer_email ?? null,
      };
    },
  };
}
