import { Building2, CreditCard, Globe, Monitor, Trash2 } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { PLANS } from '../../../../../shared/plans';
import { TRIAL_DAYS } from '../../../../../shared/pricing';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Field } from '../../../components/ui/field';
import { Spinner } from '../../../components/ui/spinner';
import { paths } from '../../../config/paths';
import { useCurrentUser } from '../../../lib/session';
import { THEMES, useTheme, type Theme } from '../../../lib/theme';
import { usePlan } from '../../billing/api/billing';
import { formatDay, PLAN_STATUS_LABELS } from '../../billing/components/format';
import { serverMessage } from '../../team/components/errors';
import { ConfirmDialog, selectClasses, type ConfirmRequest } from '../../team/components/modal';
import { useAddDomain, useOrganization, useRemoveDomain, useRenameOrganization } from '../api/organization';

// Settings → General (spec 2 §2.3): organization settings (name, primary domain, accepted domains,
// subscription, status), the plan with its trial end and this month's usage (issue 16 §4), and the
// display options (session timeout, display only; theme, stored locally).

export const DOMAIN_ALREADY_ADDED = 'This domain is already added';
const SESSION_TIMEOUTS = ['30 minutes', '1 hour', '4 hours', 'Never'] as const;
const THEME_LABELS: Record<Theme, string> = { light: 'Light', dark: 'Dark', system: 'System' };

export function GeneralTab() {
  return (
    <div className="flex flex-col gap-6">
      <OrganizationCard />
      <PlanCard />
      <DisplayCard />
    </div>
  );
}

function OrganizationCard() {
  const user = useCurrentUser();
  const orgId = user.organization_id;
  const organization = useOrganization(orgId);
  const rename = useRenameOrganization(orgId);
  const addDomain = useAddDomain(orgId);
  const removeDomain = useRemoveDomain(orgId);
  const [name, setName] = useState<string | null>(null);
  const [domain, setDomain] = useState('');
  const [confirm, setConfirm] = useState<ConfirmRequest | null>(null);
  const [message, setMessage] = useState<{ tone: 'success' | 'danger'; text: string } | null>(null);

  if (organization.isPending) return <Spinner label="Loading organization" />;
  if (organization.isError)
    return (
      <Card>
        <CardContent className="flex flex-col gap-3 p-6">
          <p role="alert" className="text-sm text-danger">
            Error loading organization settings: {serverMessage(organization.error)}
          </p>
          <div>
            <Button variant="outline" onClick={() => void organization.refetch()}>
              Try again
            </Button>
          </div>
        </CardContent>
      </Card>
    );

  const org = organization.data.organization;
  const shownName = name ?? org.name;
  const typed = domain.trim().toLowerCase();
  const duplicate = typed !== '' && org.domains.includes(typed);

  const saveName = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!shownName.trim()) return;
    setMessage(null);
    rename.mutate(shownName.trim(), {
      onSuccess: () => {
        setName(null);
        setMessage({ tone: 'success', text: 'Organization name saved' });
      },
      onError: (error) => setMessage({ tone: 'danger', text: `Failed to save the name: ${serverMessage(error)}` }),
    });
  };

  const submitDomain = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!typed || duplicate) return;
    setMessage(null);
    addDomain.mutate(typed, {
      onSuccess: () => {
        setDomain('');
        setMessage({ tone: 'success', text: `Domain ${typed} added` });
      },
      onError: (error) => setMessage({ tone: 'danger', text: `Failed to add the domain: ${serverMessage(error)}` }),
    });
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Building2 className="size-5" aria-hidden /> Organization Settings
        </CardTitle>
        <CardDescription>Your organization's name and the e-mail domains members may be invited from.</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-6">
        <form onSubmit={saveName} className="flex flex-col gap-3 sm:flex-row sm:items-end" noValidate>
          <Field label="Organization name" name="organization-name" maxLength={120} value={shownName} onChange={(e) => setName(e.target.value)} error={shownName.trim() ? null : 'Organization name is required'} className="sm:flex-1" />
          <Button type="submit" disabled={name === null || name.trim() === org.name || !shownName.trim() || rename.isPending}>
            {rename.isPending ? <Spinner /> : null}
            Save
          </Button>
        </form>

        <dl className="grid gap-4 text-sm sm:grid-cols-3">
          <div>
            <dt className="text-muted-foreground">Primary domain</dt>
            <dd className="font-medium">{org.domain}</dd>
          </div>
          <div>
            <dt className="text-muted-foreground">Subscription</dt>
            <dd className="font-medium" data-testid="org-subscription">
              {PLANS[org.subscription].name}
            </dd>
          </div>
          <div>
            <dt className="text-muted-foreground">Status</dt>
            <dd>
              <Badge tone={org.status === 'active' ? 'success' : 'danger'}>{org.status === 'active' ? 'Active' : 'Suspended'}</Badge>
            </dd>
          </div>
        </dl>

        <section aria-labelledby="domains-heading" className="flex flex-col gap-3">
          <h3 id="domains-heading" className="flex items-center gap-2 text-sm font-semibold">
            <Globe className="size-4" aria-hidden /> Accepted domains
          </h3>
          <ul className="flex flex-col divide-y rounded-lg border" aria-label="Accepted domains">
            {org.domains.map((d) => (
              <li key={d} className="flex items-center justify-between gap-3 px-3 py-2 text-sm">
                <span className="flex items-center gap-2">
                  {d}
                  {d === org.domain ? <Badge tone="primary">Primary</Badge> : null}
                </span>
                {d === org.domain ? null : (
                  <Button
                    variant="ghost"
                    size="sm"
                    aria-label={`Remove ${d}`}
                    onClick={() =>
                      setConfirm({
                        title: 'Remove domain',
                        description: `Remove ${d}? New invitations to addresses at ${d} will be refused; members already in the organization stay.`,
                        confirmLabel: 'Remove',
                        onConfirm: () =>
                          removeDomain.mutateAsync(d).then(
                            () => setMessage({ tone: 'success', text: `Domain ${d} removed` }),
                            (error: unknown) => setMessage({ tone: 'danger', text: `Failed to remove the domain: ${serverMessage(error)}` }),
                          ),
                      })
                    }
                  >
                    <Trash2 className="size-4" aria-hidden />
                    Remove
                  </Button>
                )}
              </li>
            ))}
          </ul>
          <form onSubmit={submitDomain} className="flex flex-col gap-3 sm:flex-row sm:items-start" noValidate>
            <Field label="Add a domain" name="domain" placeholder="example.com" maxLength={253} value={domain} onChange={(e) => setDomain(e.target.value)} error={duplicate ? DOMAIN_ALREADY_ADDED : null} className="sm:flex-1" />
            <Button type="submit" variant="outline" className="sm:mt-6" disabled={!typed || duplicate || addDomain.isPending}>
              {addDomain.isPending ? <Spinner /> : null}
              Add Domain
            </Button>
          </form>
        </section>
        <p role={message?.tone === 'danger' ? 'alert' : 'status'} className={message?.tone === 'danger' ? 'text-sm text-danger' : 'text-sm text-success'}>
          {message?.text ?? ''}
        </p>
      </CardContent>
      <ConfirmDialog request={confirm} onClose={() => setConfirm(null)} pending={removeDomain.isPending} />
    </Card>
  );
}

function PlanCard() {
  const plan = usePlan();
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <CreditCard className="size-5" aria-hidden /> Plan and usage
        </CardTitle>
        <CardDescription>What your organization is on, when a trial ends, and this month's AI-processed rows (from the credit ledger).</CardDescription>
      </CardHeader>
      <CardContent>
        {plan.isPending ? (
          <Spinner label="Loading plan" />
        ) : plan.isError ? (
          <p role="alert" className="text-sm text-danger">
            Error loading the plan: {serverMessage(plan.error)}
          </p>
        ) : (
          <PlanDetails plan={plan.data.plan} />
        )}
      </CardContent>
    </Card>
  );
}

function PlanDetails({ plan }: { plan: NonNullable<ReturnType<typeof usePlan>['data']>['plan'] }) {
  const included = plan.includedRowsPerMonth;
  const percent = included ? Math.min(100, Math.round((plan.usage.rowsThisMonth / included) * 100)) : 0;
  return (
    <div className="flex flex-col gap-5" data-testid="plan-panel">
      <dl className="grid gap-4 text-sm sm:grid-cols-3">
        <div>
          <dt className="text-muted-foreground">Plan</dt>
          <dd className="flex items-center gap-2 font-medium">
            <span data-testid="plan-name">{plan.planName}</span>
            {plan.status === 'free' ? null : <Badge tone={plan.status === 'trialing' ? 'primary' : plan.status === 'paid' ? 'success' : 'neutral'}>{PLAN_STATUS_LABELS[plan.status]}</Badge>}
          </dd>
        </div>
        <div>
          <dt className="text-muted-foreground">Trial</dt>
          <dd className="font-medium" data-testid="trial-end">
            {plan.status === 'trialing' && plan.trialEndsAt
              ? `Ends ${formatDay(plan.trialEndsAt)} (${plan.trialDaysLeft} days left)`
              : plan.trialEndsAt
                ? `Ended ${formatDay(plan.trialEndsAt)}`
                : 'Not started'}
          </dd>
        </div>
        <div>
          <dt className="text-muted-foreground">AI suggestions</dt>
          <dd className="font-medium">{plan.aiSuggestions ? 'Included' : 'Not included'}</dd>
        </div>
      </dl>
      <div className="flex flex-col gap-2 text-sm">
        <p>
          <span className="font-medium tabular-nums" data-testid="rows-this-month">
            {plan.usage.rowsThisMonth.toLocaleString('en-US')}
          </span>{' '}
          AI-processed rows this month
          {!plan.aiSuggestions ? ' (AI suggestions are not in your plan)' : included === null ? ' (unlimited)' : ` of ${included.toLocaleString('en-US')} included`}
          {plan.usage.overageRows > 0 ? `; ${plan.usage.overageRows.toLocaleString('en-US')} additional` : ''}
        </p>
        {included ? (
          <div role="progressbar" aria-label="Included rows used" aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent} className="h-2 overflow-hidden rounded-full bg-muted">
            <div className="h-full rounded-full bg-primary" style={{ width: `${percent}%` }} />
          </div>
        ) : null}
      </div>
      {plan.canStartTrial ? (
        plan.mayManageBilling ? (
          <div className="flex flex-wrap items-center gap-3">
            <Link to={paths.app.billingCheckout.getHref()} className="inline-flex h-10 items-center rounded-lg bg-primary px-4 text-sm font-medium text-primary-foreground hover:bg-primary/90 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring">
              Upgrade to Teams
            </Link>
            <span className="text-sm text-muted-foreground">{TRIAL_DAYS}-day free trial; AI suggestions at once.</span>
          </div>
        ) : (
          <p className="text-sm text-muted-foreground">An account owner of your organization can start a {TRIAL_DAYS}-day Teams trial.</p>
        )
      ) : null}
    </div>
  );
}

function DisplayCard() {
  const { theme, setTheme } = useTheme();
  const [timeout, setTimeoutChoice] = useState<(typeof SESSION_TIMEOUTS)[number]>('1 hour');
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Monitor className="size-5" aria-hidden /> Display options
        </CardTitle>
        <CardDescription>Dashboards refresh automatically every 30 seconds.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4 sm:grid-cols-2">
        <label className="flex flex-col gap-1.5 text-sm font-medium">
          Session timeout
          <select className={selectClasses} value={timeout} onChange={(e) => setTimeoutChoice(e.target.value as (typeof SESSION_TIMEOUTS)[number])} aria-describedby="session-timeout-hint">
            {SESSION_TIMEOUTS.map((t) => (
              <option key={t}>{t}</option>
            ))}
          </select>
          <span id="session-timeout-hint" className="text-xs font-normal text-muted-foreground">
            Display only: sessions follow your sign-in tokens.
          </span>
        </label>
        <label className="flex flex-col gap-1.5 text-sm font-medium">
          Theme
          <select className={selectClasses} value={theme} onChange={(e) => setTheme(e.target.value as Theme)}>
            {THEMES.map((t) => (
              <option key={t} value={t}>
                {THEME_LABELS[t]}
              </option>
            ))}
          </select>
        </label>
      </CardContent>
    </Card>
  );
}
