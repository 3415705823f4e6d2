import { ArrowRight, CheckCircle2, Database, Settings as SettingsIcon, Sparkles } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { TRIAL_DAYS } from '../../../../../shared/pricing';
import { PageTitle } from '../../../components/page-title';
import { buttonClasses } from '../../../components/ui/button';
import { Card, CardContent } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { paths } from '../../../config/paths';
import { useCurrentUser } from '../../../lib/session';
import { serverMessage } from '../../team/components/errors';
import { useCheckoutSession } from '../api/billing';
import { formatDay } from './format';

// /app/billing/success?session_id=… (spec 2 §2.8): reads the session from the server (which
// starts the trial of a complete one), then the welcome, next steps and the 14-day trial notice.

const SESSION_ID = /^cs_[A-Za-z0-9_]{1,252}$/;

export function BillingSuccessPage() {
  const user = useCurrentUser();
  const [params] = useSearchParams();
  const raw = params.get('session_id');
  const sessionId = raw && SESSION_ID.test(raw) ? raw : null;
  const session = useCheckoutSession(sessionId);

  return (
    <>
      <PageTitle title="Welcome to Teams" />
      <div className="mx-auto max-w-2xl py-6">
        {sessionId === null ? (
          <Problem message="This page needs the checkout session it returns from (session_id)." />
        ) : session.isPending ? (
          <Spinner label="Confirming your checkout" />
        ) : session.isError ? (
          <Problem message={`We could not confirm your checkout: ${serverMessage(session.error)}`} />
        ) : session.data.session.status !== 'complete' ? (
          <Problem message="Your checkout is not finished yet. Complete it, or choose your plan again." />
        ) : (
          <Card>
            <CardContent className="flex flex-col gap-6 p-8 pt-8">
              <div className="flex flex-col items-center gap-3 text-center">
                <CheckCircle2 className="size-12 text-success" aria-hidden />
                <h1 className="text-2xl font-semibold tracking-tight">Welcome to Quality Desk {session.data.plan.planName}!</h1>
                <p className="text-muted-foreground">
                  {user.organization_name} now has AI suggestions for its failed rows, with {session.data.plan.includedRowsPerMonth?.toLocaleString('en-US') ?? 'unlimited'} AI-processed rows a month included.
                </p>
              </div>
              {session.data.plan.status === 'trialing' && session.data.plan.trialEndsAt ? (
                <p role="status" className="flex gap-2 rounded-lg bg-accent p-4 text-sm text-accent-foreground" data-testid="trial-notice">
                  <Sparkles className="mt-0.5 size-4 shrink-0" aria-hidden />
                  <span>
                    Your {TRIAL_DAYS}-day free trial is active until <strong>{formatDay(session.data.plan.trialEndsAt)}</strong> ({session.data.plan.trialDaysLeft} days left). When it ends, your organization returns to the Free plan unless it is paid.
                  </span>
                </p>
              ) : null}
              <div>
                <h2 className="mb-3 text-sm font-semibold uppercase tracking-wide text-muted-foreground">Next steps</h2>
                <ul className="grid gap-3 sm:grid-cols-2">
                  <li>
                    <Link to={paths.app.datasets.getHref()} className="flex h-full items-start gap-3 rounded-lg border p-4 hover:bg-muted focus-visible:outline-2 focus-visible:outline-ring">
                      <Database className="mt-0.5 size-5 text-primary" aria-hidden />
                      <span>
                        <span className="flex items-center gap-1 font-medium">
                          Explore Data <ArrowRight className="size-4" aria-hidden />
                        </span>
                        <span className="text-sm text-muted-foreground">Open your datasets and ask AI to suggest fixes for failed rows.</span>
                      </span>
                    </Link>
                  </li>
                  <li>
                    <Link to={`${paths.app.settings.getHref()}#general`} className="flex h-full items-start gap-3 rounded-lg border p-4 hover:bg-muted focus-visible:outline-2 focus-visible:outline-ring">
                      <SettingsIcon className="mt-0.5 size-5 text-primary" aria-hidden />
                      <span>
                        <span className="flex items-center gap-1 font-medium">
                          Manage Billing <ArrowRight className="size-4" aria-hidden />
                        </span>
                        <span className="text-sm text-muted-foreground">Your plan, trial end and this month's usage.</span>
                      </span>
                    </Link>
                  </li>
                </ul>
              </div>
            </CardContent>
          </Card>
        )}
      </div>
    </>
  );
}

function Problem({ message }: { message: string }) {
  return (
    <Card>
      <CardContent className="flex flex-col gap-4 p-8 pt-8">
        <h1 className="text-xl font-semibold">Checkout not confirmed</h1>
        <p role="alert" className="text-sm text-danger">
          {message}
        </p>
        <div className="flex gap-2">
          <Link to={paths.app.billingCheckout.getHref()} className={buttonClasses('primary')}>
            Choose a plan
          </Link>
          <Link to={`${paths.app.settings.getHref()}#general`} className={buttonClasses('outline')}>
            Settings
          </Link>
        </div>
      </CardContent>
    </Card>
  );
}
