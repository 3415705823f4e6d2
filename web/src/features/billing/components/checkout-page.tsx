import { Check, CreditCard } from 'lucide-react';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { annualMonthlyPrice, ANNUAL_SAVINGS_LABEL, formatUsd, pricingPlan, TRIAL_DAYS, type BillingCycle } from '../../../../../shared/pricing';
import { PageHeader } from '../../../components/page-header';
import { PageTitle } from '../../../components/page-title';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { paths } from '../../../config/paths';
import { useCurrentUser } from '../../../lib/session';
import { cn } from '../../../utils/cn';
import { serverMessage } from '../../team/components/errors';
import { usePlan, useStartCheckout } from '../api/billing';
import { formatDay } from './format';

// /app/billing/checkout: an account owner chooses Teams and its billing cycle, then goes to the
// checkout (Stripe's page when configured, else straight back to the billing success page).

const teams = pricingPlan('teams');

function cycleFrom(value: string | null): BillingCycle {
  return value === 'annual' ? 'annual' : 'monthly';
}

export function CheckoutPage() {
  const user = useCurrentUser();
  const [params] = useSearchParams();
  const [cycle, setCycle] = useState<BillingCycle>(cycleFrom(params.get('cycle')));
  const mayBuy = user.permissions.includes('billing');
  const plan = usePlan(mayBuy);
  const checkout = useStartCheckout();
  const monthly = cycle === 'annual' ? annualMonthlyPrice(teams.monthlyDollars!) : teams.monthlyDollars!;

  return (
    <>
      <PageTitle title="Choose your plan" />
      <PageHeader title="Choose your plan" description={`Teams for ${user.organization_name}: AI suggestions for your failed rows, ${TRIAL_DAYS} days free.`} />
      <Card className="max-w-2xl">
        <CardHeader>
          <CardTitle className="flex items-center gap-2">
            <CreditCard className="size-5" aria-hidden /> {teams.name}
          </CardTitle>
          <CardDescription>{teams.description}</CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col gap-5">
          {!mayBuy ? (
            <p role="alert" className="rounded-lg bg-warning-soft p-3 text-sm text-warning">
              Only an account owner of {user.organization_name} can choose a plan. Ask your account owner to start the Teams trial.
            </p>
          ) : plan.isPending ? (
            <Spinner label="Loading your plan" />
          ) : plan.isError ? (
            <p role="alert" className="text-sm text-danger">
              Could not load your plan: {serverMessage(plan.error)}
            </p>
          ) : !plan.data.plan.canStartTrial ? (
            <div role="status" className="flex flex-col gap-3 text-sm">
              <p>
                {plan.data.plan.status === 'trialing'
                  ? `Your organization is on its Teams trial until ${formatDay(plan.data.plan.trialEndsAt!)}.`
                  : plan.data.plan.status === 'paid'
                    ? `Your organization is already on the ${plan.data.plan.planName} plan.`
                    : 'Your organization has already used its Teams trial. Contact us to continue on Teams.'}
              </p>
              <Link to={`${paths.app.settings.getHref()}#general`} className="font-medium text-primary underline-offset-4 hover:underline">
                See your plan in Settings
              </Link>
            </div>
          ) : (
            <>
              <fieldset>
                <legend className="mb-2 text-sm font-medium">Billing cycle</legend>
                <div role="radiogroup" aria-label="Billing cycle" className="inline-flex gap-1 rounded-full border p-1">
                  {(['monthly', 'annual'] as const).map((c) => (
                    <button
                      key={c}
                      type="button"
                      role="radio"
                      aria-checked={cycle === c}
                      onClick={() => setCycle(c)}
                      className={cn('rounded-full px-4 py-1.5 text-sm font-medium focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring', cycle === c ? 'bg-primary text-primary-foreground' : 'text-muted-foreground hover:text-foreground')}
                    >
                      {c === 'monthly' ? 'Monthly' : `Annual (${ANNUAL_SAVINGS_LABEL})`}
                    </button>
                  ))}
                </div>
              </fieldset>
              <p className="text-sm">
                <span className="text-3xl font-bold tabular-nums">{formatUsd(monthly)}</span>
                <span className="text-muted-foreground">/month{cycle === 'annual' ? ', billed annually' : ''}, after a {TRIAL_DAYS}-day free trial</span>
              </p>
              <ul className="flex flex-col gap-2 text-sm">
                {teams.features.map((f) => (
                  <li key={f} className="flex gap-2">
                    <Check className="mt-0.5 size-4 shrink-0 text-success" aria-hidden /> {f}
                  </li>
                ))}
              </ul>
              <p className="text-sm text-muted-foreground">The trial starts when you finish checkout. When it ends, your organization returns to the Free plan unless it is paid; your data and history stay.</p>
              {checkout.isError ? (
                <p role="alert" className="text-sm text-danger">
                  Checkout failed: {serverMessage(checkout.error)}
                </p>
              ) : null}
              <div>
                <Button size="lg" onClick={() => checkout.mutate(cycle)} disabled={checkout.isPending || checkout.isSuccess}>
                  {checkout.isPending || checkout.isSuccess ? <Spinner className="size-4" /> : null}
                  Continue to checkout
                </Button>
              </div>
            </>
          )}
        </CardContent>
      </Card>
    </>
  );
}
