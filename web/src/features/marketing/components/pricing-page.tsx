import { Check, Minus } from 'lucide-react';
import { useCallback, useEffect, useState } from 'react';
import { SALES_EMAIL } from '../../../../../shared/marketing';
import { ADDITIONAL_ROW_EXAMPLES, additionalRowsDollars, ANNUAL_SAVINGS_LABEL, displayedMonthlyPrice, formatUsd, PRICING_PLANS, pricingPlan, TRIAL_DAYS, type BillingCycle, type PricingPlan } from '../../../../../shared/pricing';
import { Seo } from '../../../components/public/seo';
import { buttonClasses } from '../../../components/ui/button';
import { paths } from '../../../config/paths';
import { hasStoredSession } from '../../../lib/signed-in';
import { cn } from '../../../utils/cn';
import { trackEvent } from '../utils/analytics';
import { markPricingViewed } from '../utils/cta';
import { ExitIntent } from './exit-intent';
import { PricingSignupModal } from './pricing-signup-modal';

const FAQ: { q: string; a: string }[] = [
  { q: 'What counts as a row?', a: 'One failed row that AI processes: each suggestion costs one credit ($1.00). Fixing, resolving and muting rows by hand is never charged.' },
  { q: 'What happens after the Teams trial?', a: `The ${TRIAL_DAYS}-day trial unlocks AI suggestions at once. When it ends, the organization returns to the Free plan unless it is paid; your data and history stay.` },
  { q: 'Are there long contracts?', a: 'No. Contracts are month-to-month; annual billing saves 15% and is billed once a year.' },
  { q: 'What if we go past 1,000 rows on Teams?', a: 'Additional rows cost $1.00 per started 1,000 rows in a month; the table above shows examples.' },
  { q: 'Can we run it in our own cloud?', a: 'Enterprise runs in your private cloud through the agent connector, or standalone on your own machines; ask us for a quote.' },
];

const quoteHref = `mailto:${SALES_EMAIL}?subject=${encodeURIComponent('Request for Quote')}`;

function PlanPrice({ plan, cycle }: { plan: PricingPlan; cycle: BillingCycle }) {
  const price = displayedMonthlyPrice(plan, cycle);
  if (price === null) return <p className="text-4xl font-bold">Custom</p>;
  return (
    <p className="flex items-baseline gap-1">
      <span className="text-4xl font-bold tabular-nums" data-testid={`price-${plan.id}`}>
        {formatUsd(price)}
      </span>
      <span className="text-sm text-muted-foreground">/month{cycle === 'annual' && price > 0 ? ', billed annually' : ''}</span>
    </p>
  );
}

export function PricingPage() {
  const [cycle, setCycle] = useState<BillingCycle>('monthly');
  const [signupPlan, setSignupPlan] = useState<PricingPlan | null>(null);
  const closeModal = useCallback(() => setSignupPlan(null), []);
  const [signedIn] = useState(hasStoredSession);

  useEffect(() => {
    markPricingViewed();
    trackEvent('pricing_view');
  }, []);

  const openSignup = (plan: PricingPlan) => {
    trackEvent('pricing_plan_click', { plan: plan.id, cycle });
    setSignupPlan(plan);
  };

  return (
    <>
      <Seo title="Pricing" description="Free, Teams and Enterprise plans: $0, $1,000 a month with 1,000 AI-processed rows and a 14-day trial, or custom pricing. Save 15% with annual billing." path="/pricing" />
      <section className="mx-auto max-w-6xl px-4 py-16 sm:px-6">
        <div className="text-center">
          <h1 className="text-4xl font-bold tracking-tight">Pricing</h1>
          <p className="mx-auto mt-3 max-w-2xl text-muted-foreground">Start free. Add AI suggestions when your team is ready. Month-to-month, no long contracts.</p>
          <div role="radiogroup" aria-label="Billing cycle" className="mt-8 inline-flex items-center gap-1 rounded-full border bg-card p-1">
            {(['monthly', 'annual'] as const).map((c) => (
              <button
                key={c}
                type="button"
                role="radio"
                aria-checked={cycle === c}
                onClick={() => {
                  setCycle(c);
                  trackEvent('billing_cycle', { cycle: c });
                }}
                className={cn(
                  'rounded-full px-4 py-1.5 text-sm font-medium focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
                  cycle === c ? 'bg-primary text-primary-foreground' : 'text-muted-foreground hover:text-foreground',
                )}
              >
                {c === 'monthly' ? 'Monthly' : 'Annual'}
                {c === 'annual' ? <span className={cn('ml-2 rounded-full px-2 py-0.5 text-xs', cycle === c ? 'bg-primary-foreground/20' : 'bg-success-soft text-success')}>{ANNUAL_SAVINGS_LABEL}</span> : null}
              </button>
            ))}
          </div>
        </div>

        <ul className="mt-12 grid gap-6 lg:grid-cols-3">
          {PRICING_PLANS.map((plan) => (
            <li key={plan.id} aria-labelledby={`plan-${plan.id}`} className={cn('relative flex flex-col rounded-2xl border bg-card p-6 shadow-sm', plan.mostPopular && 'border-primary ring-2 ring-primary')}>
              {plan.mostPopular ? <p className="absolute -top-3 left-1/2 -translate-x-1/2 rounded-full bg-primary px-3 py-1 text-xs font-semibold text-primary-foreground">Most Popular</p> : null}
              <h2 id={`plan-${plan.id}`} className="text-xl font-semibold">
                {plan.name}
              </h2>
              <p className="mt-1 text-sm text-muted-foreground">{plan.description}</p>
              <div className="mt-6">
                <PlanPrice plan={plan} cycle={cycle} />
              </div>
              <ul className="mt-6 flex flex-1 flex-col gap-2 text-sm">
                {plan.features.map((f) => (
                  <li key={f} className="flex gap-2">
                    <Check className="mt-0.5 size-4 shrink-0 text-success" aria-hidden />
                    {f}
                  </li>
                ))}
                {plan.missing.map((f) => (
                  <li key={f} className="flex gap-2 text-muted-foreground">
                    <Minus className="mt-0.5 size-4 shrink-0" aria-hidden />
                    <span>
                      <span className="sr-only">Not included: </span>
                      {f}
                    </span>
                  </li>
                ))}
              </ul>
              <div className="mt-8">
                {plan.id === 'teams' && signedIn ? (
                  // Signed in: the Teams trial starts in the app (account owners choose and check out there).
                  <a href={paths.app.billingCheckout.getHref(cycle)} className={cn(buttonClasses('primary', 'lg'), 'w-full')} onClick={() => trackEvent('pricing_plan_click', { plan: plan.id, cycle })}>
                    Start {TRIAL_DAYS}-day trial
                  </a>
                ) : plan.id === 'enterprise' ? (
                  <a href={quoteHref} className={cn(buttonClasses('outline', 'lg'), 'w-full')} onClick={() => trackEvent('contact_sales')}>
                    Contact Us
                  </a>
                ) : (
                  <button type="button" className={cn(buttonClasses(plan.mostPopular ? 'primary' : 'outline', 'lg'), 'w-full')} onClick={() => openSignup(plan)}>
                    {plan.id === 'free' ? 'Get Started Free' : `Start ${TRIAL_DAYS}-day trial`}
                  </button>
                )}
              </div>
            </li>
          ))}
        </ul>

        <section aria-labelledby="rows-heading" className="mx-auto mt-20 max-w-3xl">
          <h2 id="rows-heading" className="text-2xl font-bold tracking-tight">
            Additional rows on Teams
          </h2>
          <p className="mt-2 text-sm text-muted-foreground">
            {pricingPlan('teams').includedRows.toLocaleString('en-US')} AI-processed rows a month are included; each started 1,000 rows past them costs {formatUsd(pricingPlan('teams').extraRowsDollarsPer1000)}.
          </p>
          <div className="mt-4 overflow-x-auto rounded-xl border bg-card">
            <table className="w-full text-sm">
              <thead className="bg-muted/60 text-left">
                <tr>
                  <th scope="col" className="px-4 py-2 font-medium">
                    AI-processed rows in a month
                  </th>
                  <th scope="col" className="px-4 py-2 text-right font-medium">
                    Additional rows
                  </th>
                  <th scope="col" className="px-4 py-2 text-right font-medium">
                    Additional cost
                  </th>
                </tr>
              </thead>
              <tbody>
                {ADDITIONAL_ROW_EXAMPLES.map((rows) => (
                  <tr key={rows} className="border-t">
                    <td className="px-4 py-2 tabular-nums">{rows.toLocaleString('en-US')}</td>
                    <td className="px-4 py-2 text-right tabular-nums">{Math.max(0, rows - pricingPlan('teams').includedRows).toLocaleString('en-US')}</td>
                    <td className="px-4 py-2 text-right tabular-nums">{formatUsd(additionalRowsDollars(rows, pricingPlan('teams')))}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </section>

        <section aria-labelledby="faq-heading" className="mx-auto mt-20 max-w-3xl">
          <h2 id="faq-heading" className="text-2xl font-bold tracking-tight">
            Frequently asked questions
          </h2>
          <div className="mt-4 divide-y rounded-xl border bg-card">
            {FAQ.map((item) => (
              <details key={item.q} className="group px-4 py-3">
                <summary className="cursor-pointer font-medium focus-visible:outline-2 focus-visible:outline-ring">{item.q}</summary>
                <p className="mt-2 text-sm text-muted-foreground">{item.a}</p>
              </details>
            ))}
          </div>
          <p className="mt-6 text-sm text-muted-foreground">Uptime SLA 99.9% on Enterprise, in 4 regions.</p>
        </section>
      </section>
      <PricingSignupModal plan={signupPlan} onClose={closeModal} />
      <ExitIntent ctaLabel="Join the Teams Early Access" onSignup={() => openSignup(pricingPlan('teams'))} />
    </>
  );
}
