import { AlertTriangle, CheckCircle2, Database, Gauge, Lightbulb, Minus, Play, RefreshCw, TrendingDown, TrendingUp, Wand2, type LucideIcon } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { useQueryClient } from '@tanstack/react-query';
import { InstanceGate } from '../../../components/instance-gate';
import { PageHeader } from '../../../components/page-header';
import { PageTitle } from '../../../components/page-title';
import { Badge } from '../../../components/ui/badge';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { paths } from '../../../config/paths';
import { instanceKey } from '../../../lib/query-client';
import { cn } from '../../../utils/cn';
import { formatCount, formatDateTime } from '../../../utils/format';
import { dashboardToneOf } from '../../../../../shared/quality-score';
import type { DashboardMetrics, QuickWin } from '../../../../../shared/schemas/dashboard';
import type { DatasetSummary, Instance } from '../../../../../shared/schemas/session';
import { NO_SUGGESTION, useApplyFixes, useAutoFix } from '../api/apply-fixes';
import { useDatasetHealth, useMetrics, useQuickWins, useTrends } from '../api/get-dashboard';
import { useRecentIssues } from '../api/recent-issues';
import { NO_DATASET_TO_SCAN, useRunScan, type ScanProgress } from '../api/run-scan';

const TrendChart = lazy(() => import('./trend-chart'));

/** What a load error shows (spec 2 §8): zeros and a score of 100, with the error beside them. */
const ZERO_METRICS: DashboardMetrics = {
  totalRecords: 0,
  issuesFound: 0,
  issuesResolved: 0,
  qualityScore: 100,
  aiSuggestionsAvailable: 0,
  criticalIssues: 0,
  datasetsMonitored: 0,
  trendsData: [],
};

const TONE_CLASSES = { good: 'text-success', warning: 'text-warning', bad: 'text-danger' } as const;
const IMPACT_TONES = { critical: 'danger', high: 'caution', medium: 'warning', low: 'neutral' } as const;

function MetricCard({ label, value, detail, icon: Icon, valueClass, testId }: { label: string; value: string; detail: string; icon: LucideIcon; valueClass?: string; testId: string }) {
  return (
    <Card className="flex items-start gap-4 p-5">
      <span className="inline-flex size-10 shrink-0 items-center justify-center rounded-lg bg-accent text-accent-foreground">
        <Icon className="size-5" aria-hidden />
      </span>
      <div className="min-w-0">
        <p className="text-sm text-muted-foreground">{label}</p>
        <p className={cn('text-2xl font-semibold tabular-nums', valueClass)} data-testid={testId}>
          {value}
        </p>
        <p className="text-xs text-muted-foreground">{detail}</p>
      </div>
    </Card>
  );
}

function QuickWins({ instanceId, datasetId }: { instanceId: string; datasetId: string | null }) {
  const wins = useQuickWins(instanceId, datasetId);
  const autoFix = useAutoFix(instanceId);
  const applyFixes = useApplyFixes(instanceId);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const list = wins.data?.data ?? [];
  const chosen = list.filter((w) => selected.has(w.id));
  const allSelected = list.length > 0 && chosen.length === list.length;

  const toggle = (id: string) => setSelected((s) => (s.has(id) ? new Set([...s].filter((x) => x !== id)) : new Set([...s, id])));
  const fix = (win: QuickWin) => {
    if (!win.suggestedValue) {
      toast.error(NO_SUGGESTION);
      return;
    }
    autoFix.mutate(win, {
      onSuccess: () =>
        toast.success(`${win.suggestedAction === 'Apply Learned Fix' ? 'Learned fix' : 'AI fix'} applied to ${win.issue.issue_column} of ${win.issue.name || win.recordId}`),
      onError: () => toast.error('Failed to apply AI fix. Please try again.'),
    });
  };
  const applySelected = () => {
    if (chosen.length === 0) {
      toast.error('Please select at least one quick win to apply');
      return;
    }
    applyFixes.mutate(chosen, {
      onSuccess: ({ resolved, failed }) => {
        setSelected(new Set());
        toast.success(`Applied ${resolved} fix${resolved === 1 ? '' : 'es'}${failed ? ` (${failed} could not be applied)` : ''}`);
      },
      onError: () => toast.error('Failed to apply bulk fixes. Please try again.'),
    });
  };

  return (
    <Card>
      <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-3">
        <div>
          <CardTitle className="flex items-center gap-2">
            <Lightbulb className="size-4 text-warning" aria-hidden /> Quick Wins
          </CardTitle>
          <CardDescription>Open rows whose AI suggestion has high confidence, then rows whose fix earlier fixes imply; most critical first.</CardDescription>
        </div>
        <div className="flex items-center gap-3">
          <label className="inline-flex items-center gap-2 text-sm">
            <input type="checkbox" checked={allSelected} disabled={list.length === 0} onChange={() => setSelected(allSelected ? new Set() : new Set(list.map((w) => w.id)))} />
            Select all
          </label>
          <Button size="sm" onClick={applySelected} disabled={applyFixes.isPending}>
            {applyFixes.isPending ? <Spinner /> : <Wand2 className="size-4" aria-hidden />} Apply {chosen.length} Fixes
          </Button>
        </div>
      </CardHeader>
      <CardContent>
        {wins.isPending ? (
          <p className="flex items-center gap-2 text-sm text-muted-foreground" role="status">
            <Spinner /> Loading quick wins…
          </p>
        ) : wins.isError ? (
          <p className="text-sm text-danger">Failed to load quick wins.</p>
        ) : list.length === 0 ? (
          <p className="text-sm text-muted-foreground">No quick wins right now: no open row has a high-confidence AI suggestion or a value that was fixed the same way at least twice before. Ask for suggestions on the Issues screen.</p>
        ) : (
          <ul className="divide-y" aria-label="Quick wins">
            {list.map((win) => (
              <li key={win.id} className="flex flex-wrap items-center gap-3 py-3" data-testid="quick-win">
                <input type="checkbox" aria-label={`Select ${win.title}`} checked={selected.has(win.id)} onChange={() => toggle(win.id)} />
                <div className="min-w-0 flex-1">
                  <p className="font-medium">{win.title}</p>
                  <p className="truncate text-sm text-muted-foreground">{win.description}</p>
                  <p className="text-xs text-muted-foreground">
                    Saves ~{win.estimatedTimeSaved} min · value ${formatCount(win.businessValue)} · effort {win.effort}
                  </p>
                </div>
                {win.suggestedAction === 'Apply Learned Fix' ? <Badge tone="neutral">learned fix</Badge> : null}
                <Badge tone={IMPACT_TONES[win.impact]}>{win.impact}</Badge>
                <Button size="sm" variant="secondary" onClick={() => fix(win)} disabled={autoFix.isPending && autoFix.variables?.id === win.id}>
                  <Wand2 className="size-4" aria-hidden /> AutoFix
                </Button>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

function RecentIssues({ instanceId, dataset }: { instanceId: string; dataset: DatasetSummary | null }) {
  const recent = useRecentIssues(instanceId, dataset?.id ?? null);
  const rows = recent.data?.data ?? [];
  return (
    <Card>
      <CardHeader>
        <CardTitle>Recent Issues</CardTitle>
        <CardDescription>{dataset ? `Open failed rows of ${dataset.name}.` : 'Pick a dataset to see its open failed rows.'}</CardDescription>
      </CardHeader>
      <CardContent>
        {recent.isPending && dataset ? (
          <p className="flex items-center gap-2 text-sm text-muted-foreground" role="status">
            <Spinner /> Loading issues…
          </p>
        ) : recent.isError ? (
          <p className="text-sm text-danger">Failed to load recent issues.</p>
        ) : rows.length === 0 ? (
          <p className="text-sm text-muted-foreground">No open issues.</p>
        ) : (
          <ul className="divide-y text-sm">
            {rows.map((row) => (
              <li key={row.issue_id} className="flex flex-wrap justify-between gap-2 py-2">
                <span className="font-medium">{row.check_name}</span>
                <span className="text-muted-foreground">
                  {row.issue_column} · {String(row.opportunity_id ?? row.record_id ?? "")} · {formatDateTime(row.scan_time)}
                </span>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

const TREND_ICONS = { up: TrendingUp, down: TrendingDown, flat: Minus } as const;
const TREND_LABELS = { up: 'Improving', down: 'Worsening', flat: 'Steady' } as const;

function DatasetHealthList({ instanceId }: { instanceId: string }) {
  const health = useDatasetHealth(instanceId);
  return (
    <Card>
      <CardHeader>
        <CardTitle>Dataset Health</CardTitle>
        <CardDescription>Score, open issues and the 7-day trend of each dataset.</CardDescription>
      </CardHeader>
      <CardContent>
        {health.isPending ? (
          <p className="flex items-center gap-2 text-sm text-muted-foreground" role="status">
            <Spinner /> Loading dataset health…
          </p>
        ) : health.isError ? (
          <p className="text-sm text-danger">Failed to load dataset health.</p>
        ) : (
          <ul className="divide-y text-sm" aria-label="Dataset health">
            {health.data.data.map((d) => {
              const Icon = TREND_ICONS[d.trend];
              return (
                // Name and last scan on the left, the figures on the right: every row has the same
                // shape, whatever badges it carries.
                <li key={d.id} className="flex items-start gap-3 py-2">
                  <span className="flex min-w-0 flex-1 flex-col">
                    <span className="truncate font-medium">{d.name}</span>
                    <span className="text-xs text-muted-foreground">Last scan {formatDateTime(d.lastScan)}</span>
                  </span>
                  <span className="flex flex-wrap items-center justify-end gap-x-3 gap-y-1">
                    <span className={cn('font-semibold tabular-nums', TONE_CLASSES[dashboardToneOf(d.qualityScore)])}>{d.qualityScore}</span>
                    <span className="tabular-nums text-muted-foreground">{formatCount(d.issuesCount)} open</span>
                    {d.criticalIssues > 0 && <Badge tone="danger">{formatCount(d.criticalIssues)} critical</Badge>}
                    <span className="inline-flex items-center gap-1 text-muted-foreground">
                      <Icon className="size-4" aria-hidden /> {TREND_LABELS[d.trend]}
                    </span>
                  </span>
                </li>
              );
            })}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

function Dashboard({ instance, datasets }: { instance: Instance; datasets: DatasetSummary[] }) {
  const queryClient = useQueryClient();
  const [datasetId, setDatasetId] = useState<string>('');
  const selected = datasets.find((d) => d.id === datasetId) ?? null;
  const metrics = useMetrics(instance.id);
  const trends = useTrends(instance.id, selected?.id ?? null);
  const [progress, setProgress] = useState<ScanProgress | null>(null);
  const scan = useRunScan(instance.id, setProgress);
  const m = metrics.data?.data ?? ZERO_METRICS;
  const tone = dashboardToneOf(m.qualityScore);
  const refreshing = metrics.isFetching;

  const runScan = () => {
    const ids = selected ? [selected.id] : datasets.filter((d) => d.onboardingStatus !== 'other').map((d) => d.id);
    if (ids.length === 0) {
      toast.error(NO_DATASET_TO_SCAN);
      return;
    }
    toast.success('Scan initiated. Results will appear shortly.');
    scan.mutate(ids, {
      onSuccess: ({ scanned, failures }) => {
        if (failures.length > 0) toast.error(`Failed to run scan. Please try again. (${failures.join('; ')})`);
        else toast.success(`Scan finished for ${scanned} dataset${scanned === 1 ? '' : 's'}.`);
      },
      onError: (error) => toast.error(error.message === NO_DATASET_TO_SCAN ? NO_DATASET_TO_SCAN : 'Failed to run scan. Please try again.'),
    });
  };
  const refresh = () => void queryClient.invalidateQueries({ queryKey: instanceKey(instance.id) });

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-center gap-3">
        <label className="inline-flex items-center gap-2 text-sm font-medium text-muted-foreground">
          Dataset
          <select value={datasetId} onChange={(e) => setDatasetId(e.target.value)} className="h-9 min-w-44 rounded-md border bg-background px-2 text-foreground">
            <option value="">All datasets</option>
            {datasets.map((d) => (
              <option key={d.id} value={d.id}>
                {d.name}
              </option>
            ))}
          </select>
        </label>
        <Button onClick={runScan} disabled={scan.isPending}>
          {scan.isPending ? <Spinner /> : <Play className="size-4" aria-hidden />} Run Full Scan
        </Button>
        <Button variant="secondary" onClick={refresh} disabled={refreshing}>
          <RefreshCw className={cn('size-4', refreshing && 'animate-spin')} aria-hidden /> Refresh
        </Button>
        {progress && (
          <p className="text-sm text-muted-foreground" role="status">
            Scanning {progress.datasetId} ({progress.index + 1} of {progress.count}): {formatCount(progress.rowsRead)} of {formatCount(progress.totalRows)} rows
          </p>
        )}
      </div>

      {metrics.isError && (
        <p role="alert" className="flex items-center gap-2 rounded-md border border-danger/40 bg-danger-soft px-3 py-2 text-sm text-danger">
          <AlertTriangle className="size-4" aria-hidden /> Failed to load dashboard metrics. The figures below are not current; try Refresh.
        </p>
      )}

      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4" aria-busy={metrics.isPending}>
        <MetricCard label="Quality Score" value={metrics.isPending ? '…' : String(m.qualityScore)} detail="Share of checked values that pass, by priority" icon={Gauge} valueClass={TONE_CLASSES[tone]} testId="quality-score" />
        <MetricCard
          label="Issues Found"
          value={metrics.isPending ? '…' : formatCount(m.issuesFound)}
          detail={`${formatCount(m.criticalIssues)} critical · ${formatCount(m.issuesResolved)} resolved in 7 days`}
          icon={AlertTriangle}
          testId="issues-found"
        />
        <MetricCard label="AI Suggestions" value={metrics.isPending ? '…' : formatCount(m.aiSuggestionsAvailable)} detail="Open rows with a high-confidence AI fix" icon={Lightbulb} testId="ai-suggestions" />
        <MetricCard label="Datasets" value={metrics.isPending ? '…' : formatCount(m.datasetsMonitored)} detail={`${formatCount(m.totalRecords)} records monitored`} icon={Database} testId="datasets-monitored" />
      </div>

      <Card>
        <CardHeader>
          <CardTitle>Open vs resolved, last 7 days</CardTitle>
          <CardDescription>{selected ? selected.name : 'All datasets of this instance'}: open rows at each day's end and rows resolved that day.</CardDescription>
        </CardHeader>
        <CardContent>
          {trends.isError ? (
            <p className="text-sm text-danger">Failed to load trends.</p>
          ) : trends.isPending ? (
            <p className="flex h-64 items-center gap-2 text-sm text-muted-foreground" role="status">
              <Spinner /> Loading trends…
            </p>
          ) : (
            <Suspense fallback={<div className="h-64" />}>
              <TrendChart points={trends.data.data} />
            </Suspense>
          )}
        </CardContent>
      </Card>

      <QuickWins instanceId={instance.id} datasetId={selected?.id ?? null} />
      <div className="grid gap-6 lg:grid-cols-2">
        <RecentIssues instanceId={instance.id} dataset={selected ?? datasets[0] ?? null} />
        <DatasetHealthList instanceId={instance.id} />
      </div>

      <div className="flex flex-wrap gap-3">
        <Button onClick={runScan} disabled={scan.isPending}>
          <CheckCircle2 className="size-4" aria-hidden /> Run Full Quality Scan
        </Button>
        <Link to={paths.app.issues.getHref()} className={buttonClasses('secondary')}>
          View All Issues
        </Link>
      </div>
    </div>
  );
}

/** The quality dashboard (spec 2 §2.4): every figure from the dashboard calls, refreshed every 30 s. */
export function QualityDashboard() {
  return (
    <>
      <PageTitle title="Quality Dashboard" />
      <PageHeader title="Quality Dashboard" description="Data-quality score, issues and quick wins across the datasets of the current instance." />
      <InstanceGate>{({ instance, datasets }) => <Dashboard key={instance.id} instance={instance} datasets={datasets} />}</InstanceGate>
    </>
  );
}
