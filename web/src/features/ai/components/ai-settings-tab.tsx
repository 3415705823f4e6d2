import { Pause, Play, RotateCcw } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { useProcessingControl, useProcessingStatus } from '../../../lib/api/ai-processing';

// Settings → AI (spec 2 §2.3 soda-ai), for every user: processing status Active or Idle with
// Pause/Resume, Reset Counters, and real figures from the ledger (rows processed, credits used,
// their dollar value), the plan's monthly allowance, and a note on how credits work.

function Figure({ label, value, testId }: { label: string; value: string | number; testId?: string }) {
  return (
    <div className="rounded-lg border p-3">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="text-xl font-semibold tabular-nums" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}

export function AiSettingsTab() {
  const { data: status, isLoading, error } = useProcessingStatus();
  const control = useProcessingControl();
  if (isLoading) return <Spinner label="Loading AI status" />;
  if (error || !status) return <p role="alert">Failed to load the AI status.</p>;
  const active = status.status === 'active';
  return (
    <div className="flex flex-col gap-4">
      <Card>
        <CardHeader>
          <CardTitle>AI processing</CardTitle>
          <CardDescription>Suggestions for the failed rows you open are computed on the server, one credit per processed row.</CardDescription>
        </CardHeader>
        <CardContent className="flex flex-wrap items-center gap-3">
          <span className="text-sm">
            Status:{' '}
            <strong data-testid="ai-processing-status" className={active ? 'text-success' : 'text-muted-foreground'}>
              {active ? 'Active' : 'Idle'}
            </strong>
          </span>
          {active ? (
            <Button variant="outline" size="sm" disabled={control.isPending} onClick={() => control.mutate('pause')}>
              <Pause className="size-4" aria-hidden /> Pause
            </Button>
          ) : (
            <Button size="sm" disabled={control.isPending} onClick={() => control.mutate('resume')}>
              <Play className="size-4" aria-hidden /> Resume
            </Button>
          )}
          <Button variant="ghost" size="sm" disabled={control.isPending} onClick={() => control.mutate('reset')}>
            <RotateCcw className="size-4" aria-hidden /> Reset Counters
          </Button>
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>Usage</CardTitle>
          <CardDescription>{status.countersResetAt ? `Since ${new Date(status.countersResetAt).toLocaleString('en-US')}` : 'Since you started'}</CardDescription>
        </CardHeader>
        <CardContent>
          <dl className="grid gap-3 sm:grid-cols-4">
            <Figure label="Rows processed" value={status.rowsProcessed} testId="ai-rows-processed" />
            <Figure label="Credits used" value={status.creditsUsed} testId="ai-credits-used" />
            <Figure label="Value" value={status.dollarsUsed} />
            <Figure label="Rows queued" value={status.queued} />
          </dl>
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>Plan: {status.plan.name}</CardTitle>
          <CardDescription>
            {status.plan.aiSuggestions
              ? status.plan.includedRowsPerMonth === null
                ? `${status.plan.rowsThisMonth} rows processed this month in your organization; unlimited on this plan.`
                : `${status.plan.rowsThisMonth.toLocaleString('en-US')} of ${status.plan.includedRowsPerMonth.toLocaleString('en-US')} included rows used this month in your organization${status.plan.overageRows ? `; ${status.plan.overageRows} extra rows at $1.00 per 1,000` : ''}.`
              : 'AI suggestions are not included in the Free plan. Upgrade to the Teams plan to get AI suggestions for your failed rows.'}
          </CardDescription>
        </CardHeader>
        <CardContent>
          <p className="text-sm text-muted-foreground">
            One credit ({`$${status.dollarsPerCredit.toFixed(2)}`}) is charged for each row that gets a stored suggestion, exactly once per row and request; rows the AI cannot suggest a value for are not charged. Pause holds your queued rows on the server until you resume; Reset Counters starts these figures afresh without touching billing.
          </p>
        </CardContent>
      </Card>
    </div>
  );
}
