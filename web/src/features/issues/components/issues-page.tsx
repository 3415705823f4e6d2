import { CircleCheck, CircleDot, VolumeX, type LucideIcon } from 'lucide-react';
import { DatasetSelector } from '../../../components/dataset-selector';
import { InstanceGate } from '../../../components/instance-gate';
import { PageHeader } from '../../../components/page-header';
import { PageTitle } from '../../../components/page-title';
import { Card } from '../../../components/ui/card';
import { formatCount, formatDateTime } from '../../../utils/format';
import type { DatasetSummary } from '../../../../../shared/schemas/session';

function StatusCount({ label, value, icon: Icon, tone }: { label: string; value: number; icon: LucideIcon; tone: string }) {
  return (
    <Card className="flex items-center gap-4 p-5">
      <span className={`inline-flex size-10 items-center justify-center rounded-lg ${tone}`}>
        <Icon className="size-5" aria-hidden />
      </span>
      <div>
        <p className="text-sm text-muted-foreground">{label}</p>
        <p className="text-2xl font-semibold tabular-nums">{formatCount(value)}</p>
      </div>
    </Card>
  );
}

function DatasetStatusCounts({ dataset }: { dataset: DatasetSummary }) {
  return (
    <section aria-labelledby="status-counts-heading" className="flex flex-col gap-4">
      <h2 id="status-counts-heading" className="sr-only">
        Issues by status
      </h2>
      <p className="text-sm text-muted-foreground">
        {formatCount(dataset.totalFailedRows)} total issues in {dataset.name} · last scan {formatDateTime(dataset.lastScanTime)}
      </p>
      <div className="grid gap-4 sm:grid-cols-3">
        <StatusCount label="Open" value={dataset.openIssues} icon={CircleDot} tone="bg-danger-soft text-danger" />
        <StatusCount label="Resolved" value={dataset.resolvedIssues} icon={CircleCheck} tone="bg-success-soft text-success" />
        <StatusCount label="Muted" value={dataset.mutedIssues} icon={VolumeX} tone="bg-muted text-muted-foreground" />
      </div>
    </section>
  );
}

/** The Issues screen (spec 1 §2). For now: the dataset choice and its per-status counts. */
export function IssuesPage() {
  return (
    <>
      <PageTitle title="Data Quality Issues" />
      <PageHeader title="Data Quality Issues" description="Rows that failed data-quality checks in the selected dataset." />
      <InstanceGate>
        {({ datasets, dataset, selectDataset }) => (
          <div className="flex flex-col gap-6">
            <DatasetSelector datasets={datasets} value={dataset?.id ?? null} onChange={selectDataset} />
            {dataset ? <DatasetStatusCounts dataset={dataset} /> : null}
          </div>
        )}
      </InstanceGate>
    </>
  );
}
