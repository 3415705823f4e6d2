import { useQuery } from '@tanstack/react-query';
import * as z from 'zod';
import { PRICING_PLANS } from '../../../../../shared/pricing';
import { Badge } from '../../../components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { apiRequest } from '../../../lib/api-client';
import { useCurrentUser } from '../../../lib/session';
import { formatCount } from '../../../utils/format';

// Pricing Information (spec 2 §2.6, §9): the plans from shared/ (the same constants the API
// bills by), the organization's plan and this month's included and overage rows from the ledger.

interface UsagePlan {
  name: string;
  includedRowsPerMonth: number | null;
  rowsThisMonth: number;
  includedRows: number;
  overageRows: number;
  overageDollars: number;
}

const usageSchema = z.object({ success: z.literal(true), data: z.object({ plan: z.custom<UsagePlan>() }).passthrough() });

const money = (n: number) => n.toLocaleString('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2 });

export function PricingCard() {
  const user = useCurrentUser();
  const usage = useQuery({
    queryKey: ['ai-usage', user.organization_id, 'plan'],
    queryFn: () => apiRequest(`/ai/usage/${encodeURIComponent(user.organization_id)}`, { schema: usageSchema, instanceId: null }),
  });
  const plan = usage.data?.data.plan;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Pricing Information</CardTitle>
        <CardDescription>Plans, and what {user.organization_name} used this month.</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {usage.isPending ? (
          <p className="flex items-center gap-2 text-sm text-muted-foreground" role="status"><Spinner /> Loading usage…</p>
        ) : usage.isError || !plan ? (
          <p role="alert" className="text-sm text-danger">Failed to load this month’s usage.</p>
        ) : (
          <dl className="grid gap-4 sm:grid-cols-4" data-testid="pricing-usage">
            <div><dt className="text-sm text-muted-foreground">Current plan</dt><dd className="text-xl font-semibold">{plan.name}</dd></div>
            <div><dt className="text-sm text-muted-foreground">Rows this month</dt><dd className="text-xl font-semibold tabular-nums">{formatCount(plan.rowsThisMonth)}</dd></div>
            <div><dt className="text-sm text-muted-foreground">Included rows used</dt><dd className="text-xl font-semibold tabular-nums">{formatCount(plan.includedRows)}{plan.includedRowsPerMonth !== null ? ` / ${formatCount(plan.includedRowsPerMonth)}` : ' (unlimited)'}</dd></div>
            <div><dt className="text-sm text-muted-foreground">Overage</dt><dd className="text-xl font-semibold tabular-nums">{formatCount(plan.overageRows)} rows · {money(plan.overageDollars)}</dd></div>
          </dl>
        )}
        <ul className="grid gap-3 sm:grid-cols-3">
          {PRICING_PLANS.map((p) => (
            <li key={p.id} className={`rounded-lg border p-4 ${plan?.name === p.name ? 'border-primary' : 'border-border'}`}>
              <p className="flex items-center gap-2 font-medium">
                {p.name}
                {plan?.name === p.name ? <Badge tone="primary">Your plan</Badge> : null}
              </p>
              <p className="mt-1 text-lg font-semibold">{p.monthlyDollars === null ? 'Custom pricing' : `${money(p.monthlyDollars)}/month`}</p>
              <p className="text-sm text-muted-foreground">
                {Number.isFinite(p.includedRows) ? `${formatCount(p.includedRows)} rows/month` : 'Unlimited rows'} ·{' '}
                {Number.isFinite(p.datasetConnections) ? `${p.datasetConnections} dataset connection${p.datasetConnections === 1 ? '' : 's'}` : 'unlimited connections'}
                {p.extraRowsDollarsPer1000 > 0 ? ` · extra rows ${money(p.extraRowsDollarsPer1000)} per 1,000` : ''}
              </p>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
