import { Link } from 'react-router';
import { InstanceGate } from '../../../components/instance-gate';
import { PageHeader } from '../../../components/page-header';
import { PageTitle } from '../../../components/page-title';
import { Badge, type BadgeTone } from '../../../components/ui/badge';
import { Card } from '../../../components/ui/card';
import { paths } from '../../../config/paths';
import type { OnboardingStatus } from '../../../../../shared/constants';
import type { DatasetSummary } from '../../../../../shared/schemas/session';
import { formatCount, formatDateTime } from '../../../utils/format';

const ONBOARDING: Record<OnboardingStatus, { label: string; tone: BadgeTone }> = {
  onboarded: { label: 'Onboarded', tone: 'success' },
  needs_finalization: { label: 'Needs finalization', tone: 'warning' },
  other: { label: 'Other', tone: 'neutral' },
};

function Figure({ label, value }: { label: string; value: number }) {
  return (
    <div>
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="text-lg font-semibold tabular-nums">{formatCount(value)}</dd>
    </div>
  );
}

function DatasetCard({ dataset }: { dataset: DatasetSummary }) {
  const onboarding = ONBOARDING[dataset.onboardingStatus];
  const headingId = `dataset-${dataset.id}`;
  return (
    <Card className="flex flex-col gap-4 p-5" role="article" aria-labelledby={headingId}>
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 id={headingId} className="truncate text-base font-semibold">
            {dataset.name}
          </h2>
          <p className="text-xs text-muted-foreground">
            Record key <code className="font-mono">{dataset.recordKey}</code>
          </p>
        </div>
        <Badge tone={onboarding.tone}>{onboarding.label}</Badge>
      </div>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3">
        <Figure label="Records" value={dataset.totalRecords} />
        <Figure label="Failed rows" value={dataset.totalFailedRows} />
        <Figure label="Open" value={dataset.openIssues} />
        <Figure label="Resolved" value={dataset.resolvedIssues} />
        <Figure label="Muted" value={dataset.mutedIssues} />
      </dl>
      <p className="mt-auto border-t pt-3 text-xs text-muted-foreground">Last scan {formatDateTime(dataset.lastScanTime)}</p>
    </Card>
  );
}

/** The Data Quality Hub (spec 2 §2.5). For now: one card per dataset with its real totals. */
export function DataQualityHub() {
  return (
    <>
      <PageTitle title="Data Quality Hub" />
      <PageHeader
        title="Data Quality Hub"
        description={
          <>
            The datasets of the current instance.{' '}
            <Link to={paths.app.quality.getHref()} className="font-medium text-primary underline-offset-4 hover:underline">
              Open the dashboard
            </Link>
          </>
        }
      />
      <InstanceGate noInstanceTitle="Select Your Instance">
        {({ datasets }) => (
          <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
            {datasets.map((dataset) => (
              <DatasetCard key={dataset.id} dataset={dataset} />
            ))}
          </div>
        )}
      </InstanceGate>
    </>
  );
}
