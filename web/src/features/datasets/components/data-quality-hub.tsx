import { Dialog } from 'radix-ui';
import { BookOpen, Compass, Database, LayoutDashboard, ListChecks, PlayCircle, Plus, X } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { InstanceGate } from '../../../components/instance-gate';
import { PageHeader } from '../../../components/page-header';
import { PageTitle } from '../../../components/page-title';
import { Badge, type BadgeTone } from '../../../components/ui/badge';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { EmptyState } from '../../../components/ui/empty-state';
import { Spinner } from '../../../components/ui/spinner';
import { paths } from '../../../config/paths';
import { useCurrentUser } from '../../../lib/session';
import { cn } from '../../../utils/cn';
import { formatCount, formatDateTime } from '../../../utils/format';
import { ISSUE_TYPE_LABELS, type IssueType, type OnboardingStatus } from '../../../../../shared/constants';
import { gradeOf, hubToneOf, ONBOARDING_PROGRESS } from '../../../../../shared/quality-score';
import type { DatasetHealth, QuickWin } from '../../../../../shared/schemas/dashboard';
import type { DatasetSummary, Instance } from '../../../../../shared/schemas/session';
import { useHubHealth, useHubQuickWins } from '../api/get-hub';
import { HubTour, useTourSeen } from './hub-tour';
import { recommendationsFor } from './recommendations';

const ONBOARDING: Record<OnboardingStatus, { label: string; tone: BadgeTone }> = {
  onboarded: { label: 'Onboarded', tone: 'success' },
  needs_finalization: { label: 'Needs finalization', tone: 'warning' },
  other: { label: 'Other', tone: 'neutral' },
};
const HUB_TONES = {
  green: { text: 'text-success', bar: 'bg-success' },
  yellow: { text: 'text-warning', bar: 'bg-warning' },
  red: { text: 'text-danger', bar: 'bg-danger' },
} as const;

const settingsDatasetsHref = `${paths.app.settings.getHref()}#datasets`;

function ScoreBar({ score }: { score: number }) {
  const tone = HUB_TONES[hubToneOf(score)];
  return (
    <div className="h-2 w-full overflow-hidden rounded-full bg-muted" role="meter" aria-valuemin={0} aria-valuemax={100} aria-valuenow={score} aria-label="Quality score">
      <div className={cn('h-full rounded-full', tone.bar)} style={{ width: `${score}%` }} />
    </div>
  );
}

function DatasetCard({ dataset, health, onOpen }: { dataset: DatasetSummary; health: DatasetHealth | undefined; onOpen: () => void }) {
  const onboarding = ONBOARDING[dataset.onboardingStatus];
  const progress = ONBOARDING_PROGRESS[dataset.onboardingStatus];
  const headingId = `dataset-${dataset.id}`;
  const score = health?.qualityScore;
  return (
    <Card className="flex flex-col gap-4 p-5" role="article" aria-labelledby={headingId} data-testid={`dataset-card-${dataset.id}`}>
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 id={headingId} className="truncate text-base font-semibold">
            {dataset.name}
          </h2>
          <p className="text-xs text-muted-foreground">Last scan {formatDateTime(dataset.lastScanTime)}</p>
        </div>
        {score !== undefined ? (
          <div className="text-right">
            <p className={cn('text-2xl font-bold', HUB_TONES[hubToneOf(score)].text)}>{gradeOf(score)}</p>
            <p className="text-xs text-muted-foreground">Grade · {score}/100</p>
          </div>
        ) : (
          <Spinner label="Loading score" />
        )}
      </div>
      {score !== undefined && <ScoreBar score={score} />}
      <dl className="grid grid-cols-3 gap-3">
        <div>
          <dt className="text-xs text-muted-foreground">Records</dt>
          <dd className="font-semibold tabular-nums">{formatCount(dataset.totalRecords)}</dd>
        </div>
        <div>
          <dt className="text-xs text-muted-foreground">Open</dt>
          <dd className="font-semibold tabular-nums">{formatCount(dataset.openIssues)}</dd>
        </div>
        <div>
          <dt className="text-xs text-muted-foreground">Failed rows</dt>
          <dd className="font-semibold tabular-nums">{formatCount(dataset.totalFailedRows)}</dd>
        </div>
      </dl>
      <div data-tour="hub-onboarding">
        <div className="mb-1 flex items-center justify-between text-xs">
          <Badge tone={onboarding.tone}>{onboarding.label}</Badge>
          <span className="tabular-nums text-muted-foreground">{progress} %</span>
        </div>
        <div className="h-1.5 w-full overflow-hidden rounded-full bg-muted" role="progressbar" aria-valuenow={progress} aria-valuemin={0} aria-valuemax={100} aria-label="Onboarding progress">
          <div className="h-full rounded-full bg-primary" style={{ width: `${progress}%` }} />
        </div>
      </div>
      <Button variant="outline" size="sm" className="mt-auto self-start" onClick={onOpen} data-tour="hub-details">
        Details<span className="sr-only"> of {dataset.name}</span>
      </Button>
    </Card>
  );
}

function DetailPanel({ health, wins, onClose }: { health: DatasetHealth | null; wins: readonly QuickWin[]; onClose: () => void }) {
  const details = health?.details;
  const recommendations = health ? recommendationsFor(health, wins, new Date()) : [];
  const types = details ? (Object.entries(details.openByType) as Array<[IssueType, number]>).filter(([, n]) => n > 0).sort((a, b) => b[1] - a[1]) : [];
  const hrefOf = (to: 'issues' | 'settings' | 'dashboard') => (to === 'issues' ? paths.app.issues.getHref() : to === 'settings' ? settingsDatasetsHref : paths.app.quality.getHref());
  return (
    <Dialog.Root open={health !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/40" />
        <Dialog.Content className="fixed inset-y-0 right-0 z-50 flex w-full max-w-md flex-col gap-5 overflow-y-auto border-l bg-card p-6 text-card-foreground shadow-2xl outline-none">
          {health && (
            <>
              <div className="flex items-start justify-between gap-3">
                <div>
                  <Dialog.Title className="text-lg font-semibold">{health.name}</Dialog.Title>
                  <Dialog.Description className="text-sm text-muted-foreground">
                    Score {health.qualityScore}/100 · grade {gradeOf(health.qualityScore)} · {formatCount(health.issuesCount)} open
                  </Dialog.Description>
                </div>
                <Dialog.Close className={buttonClasses('ghost', 'icon')} aria-label="Close">
                  <X className="size-4" aria-hidden />
                </Dialog.Close>
              </div>
              <ScoreBar score={health.qualityScore} />
              <section>
                <h3 className="mb-2 text-sm font-semibold">Issue types</h3>
                {types.length === 0 ? (
                  <p className="text-sm text-muted-foreground">No open issues.</p>
                ) : (
                  <ul className="space-y-1 text-sm">
                    {types.map(([type, n]) => (
                      <li key={type} className="flex justify-between">
                        <span>{ISSUE_TYPE_LABELS[type]}</span>
                        <span className="tabular-nums">{formatCount(n)}</span>
                      </li>
                    ))}
                  </ul>
                )}
              </section>
              {details && (
                <section className="grid grid-cols-3 gap-3 text-sm">
                  <div>
                    <p className="text-xs text-muted-foreground">Resolved</p>
                    <p className="font-semibold tabular-nums">{formatCount(details.counts.resolved)}</p>
                  </div>
                  <div>
                    <p className="text-xs text-muted-foreground">Muted</p>
                    <p className="font-semibold tabular-nums">{formatCount(details.counts.muted)}</p>
                  </div>
                  <div>
                    <p className="text-xs text-muted-foreground">Checks</p>
                    <p className="font-semibold tabular-nums">{formatCount(details.checks)}</p>
                  </div>
                </section>
              )}
              <section>
                <h3 className="mb-2 text-sm font-semibold">Recommended actions</h3>
                <ul className="space-y-2 text-sm">
                  {recommendations.map((r) => (
                    <li key={r.text}>
                      <Link to={hrefOf(r.to)} className="text-primary underline-offset-4 hover:underline">
                        {r.text}
                      </Link>
                    </li>
                  ))}
                </ul>
              </section>
            </>
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function Hub({ instance, datasets }: { instance: Instance; datasets: DatasetSummary[] }) {
  const health = useHubHealth(instance.id);
  const wins = useHubQuickWins(instance.id);
  const user = useCurrentUser();
  const [openId, setOpenId] = useState<string | null>(null);
  const [seen, markSeen] = useTourSeen();
  const [touring, setTouring] = useState<false | 'tour' | 'demo'>(false);
  const byId = new Map((health.data?.data ?? []).map((h) => [h.id, h]));
  const winList = wins.data?.data ?? [];
  const potential = winList.reduce((n, w) => n + w.businessValue, 0);
  const open = datasets.reduce((n, d) => n + d.openIssues, 0);

  return (
    <div className="flex flex-col gap-6">
      {health.isError && (
        <p role="alert" className="rounded-md border border-danger/40 bg-danger-soft px-3 py-2 text-sm text-danger">
          Failed to load datasets for instance: {instance.name}
        </p>
      )}
      <div className="flex flex-wrap items-center justify-between gap-4">
        <dl className="flex flex-wrap gap-6" data-tour="hub-summary">
          <div>
            <dt className="text-xs text-muted-foreground">Datasets</dt>
            <dd className="text-xl font-semibold tabular-nums">{formatCount(datasets.length)}</dd>
          </div>
          <div>
            <dt className="text-xs text-muted-foreground">Open issues</dt>
            <dd className="text-xl font-semibold tabular-nums">{formatCount(open)}</dd>
          </div>
          <div>
            <dt className="text-xs text-muted-foreground">Potential value</dt>
            <dd className="text-xl font-semibold tabular-nums" data-testid="potential-value" title={`$${formatCount(potential)} from ${winList.length} quick wins`}>
              {wins.isPending ? '…' : potentialValue(potential)}
            </dd>
          </div>
        </dl>
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" onClick={() => setTouring('tour')}>
            <Compass className="size-4" aria-hidden /> {seen ? 'Take Tour again' : 'Take Tour'}
          </Button>
          <Button variant="secondary" onClick={() => setTouring('demo')}>
            <PlayCircle className="size-4" aria-hidden /> Watch Demo
          </Button>
        </div>
      </div>
      <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-3" data-tour="hub-cards">
        {datasets.map((dataset) => (
          <DatasetCard key={dataset.id} dataset={dataset} health={byId.get(dataset.id)} onOpen={() => setOpenId(dataset.id)} />
        ))}
      </div>
      <nav aria-label="Hub links" className="flex flex-wrap gap-3" data-tour="hub-links">
        <Link to={paths.app.quality.getHref()} className={buttonClasses('outline', 'sm')}>
          <LayoutDashboard className="size-4" aria-hidden /> Quality dashboard
        </Link>
        <Link to={paths.myTasks.getHref(user.email)} className={buttonClasses('outline', 'sm')}>
          <ListChecks className="size-4" aria-hidden /> My tasks
        </Link>
        <Link to={paths.docs.getHref()} className={buttonClasses('outline', 'sm')}>
          <BookOpen className="size-4" aria-hidden /> Documentation
        </Link>
      </nav>
      <DetailPanel health={openId ? (byId.get(openId) ?? null) : null} wins={winList} onClose={() => setOpenId(null)} />
      <HubTour
        open={touring !== false}
        autoplay={touring === 'demo'}
        onClose={() => {
          setTouring(false);
          markSeen();
        }}
      />
    </div>
  );
}

function NoDatasets() {
  return (
    <EmptyState icon={Database} title="No datasets yet">
      <span className="flex flex-col items-center gap-3">
        Connect a dataset to start measuring its quality.
        <Link to={settingsDatasetsHref} className={buttonClasses('primary')}>
          <Plus className="size-4" aria-hidden /> Connect Dataset
        </Link>
      </span>
    </EmptyState>
  );
}

/** The Data Quality Hub (spec 2 §2.5): every figure from the dashboard calls. */
/**
 * The hub's potential value (spec 2: the sum of the estimates, shown in thousands): "$12.4k"; below
 * a thousand dollars in whole dollars, since "$0.005k" reads as a fault.
 */
export function potentialValue(dollars: number): string {
  return dollars >= 1000 ? `$${(dollars / 1000).toFixed(1)}k` : `$${Math.round(dollars)}`;
}

export function DataQualityHub() {
  return (
    <>
      <PageTitle title="Data Quality Hub" />
      <PageHeader title="Data Quality Hub" description="The datasets of the current instance: their grade, onboarding and what to fix first." />
      <InstanceGate noInstanceTitle="Select Your Instance" empty={<NoDatasets />}>
        {({ instance, datasets }) => <Hub key={instance.id} instance={instance} datasets={datasets} />}
      </InstanceGate>
    </>
  );
}
