import { Activity, Coins, Pause, Play, RotateCcw, Rows3, type LucideIcon } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { useProcessingControl, useProcessingStatus } from '../../../lib/api/ai-processing';
import { formatCount } from '../../../utils/format';

// Admin dashboard, AI part (spec 2 §2.6): cards Total Credits Used (with dollar value), Rows
// Processed, Currently Processing, and AI Processing Controls (Pause, Resume, Reset Counters,
// status Active or Idle). Real figures from GET /api/ai/processing/status.

function AiStat({ label, value, detail, icon: Icon, tone, testId }: { label: string; value: number; detail?: string; icon: LucideIcon; tone: string; testId: string }) {
  return (
    <Card className="flex items-center gap-4 p-5">
      <span className={`inline-flex size-10 items-center justify-center rounded-lg ${tone}`}>
        <Icon className="size-5" aria-hidden />
      </span>
      <div>
        <p className="text-sm text-muted-foreground">{label}</p>
        <p className="text-2xl font-semibold tabular-nums" data-testid={testId}>
          {formatCount(value)}
        </p>
        {detail ? (
          <p className="text-sm text-muted-foreground tabular-nums" data-testid={`${testId}-detail`}>
            {detail}
          </p>
        ) : null}
      </div>
    </Card>
  );
}

export function AdminAiPanel() {
  const { data: status, isPending, isError } = useProcessingStatus();
  const control = useProcessingControl();
  if (isPending) {
    return (
      <p className="flex items-center gap-2 text-sm text-muted-foreground" role="status">
        <Spinner /> Loading AI processing…
      </p>
    );
  }
  if (isError || !status) {
    return (
      <p role="alert" className="text-sm text-danger">
        Failed to load AI processing.
      </p>
    );
  }
  const active = status.status === 'active';
  return (
    <section aria-labelledby="admin-ai-heading" className="flex flex-col gap-4">
      <h2 id="admin-ai-heading" className="sr-only">
        AI processing
      </h2>
      <div className="grid gap-4 sm:grid-cols-3">
        <AiStat label="Total Credits Used" value={status.creditsUsed} detail={status.dollarsUsed} icon={Coins} tone="bg-accent text-accent-foreground" testId="admin-ai-credits" />
        <AiStat label="Rows Processed" value={status.rowsProcessed} icon={Rows3} tone="bg-success-soft text-success" testId="admin-ai-rows" />
        <AiStat label="Currently Processing" value={status.queued} icon={Activity} tone="bg-warning-soft text-warning" testId="admin-ai-queued" />
      </div>
      <Card>
        <CardHeader>
          <CardTitle>AI Processing Controls</CardTitle>
          <CardDescription>
            {status.countersResetAt ? `Counters since ${new Date(status.countersResetAt).toLocaleString('en-US')}.` : 'Counters since the start.'} Pause holds queued rows on the server until you resume.
          </CardDescription>
        </CardHeader>
        <CardContent className="flex flex-wrap items-center gap-3">
          <span className="text-sm" role="status" aria-live="polite">
            Status:{' '}
            <strong data-testid="admin-ai-status" className={active ? 'text-success' : 'text-muted-foreground'}>
              {active ? 'Active' : 'Idle'}
            </strong>
          </span>
          <Button variant="outline" size="sm" disabled={control.isPending || !active} onClick={() => control.mutate('pause')}>
            <Pause className="size-4" aria-hidden /> Pause
          </Button>
          <Button size="sm" disabled={control.isPending || active} onClick={() => control.mutate('resume')}>
            <Play className="size-4" aria-hidden /> Resume
          </Button>
          <Button variant="ghost" size="sm" disabled={control.isPending} onClick={() => control.mutate('reset')}>
            <RotateCcw className="size-4" aria-hidden /> Reset Counters
          </Button>
          {control.isError ? (
            <p role="alert" className="w-full text-sm text-danger">
              The AI control failed. Try again.
            </p>
          ) : null}
        </CardContent>
      </Card>
    </section>
  );
}
