import { Database, CircleCheck, CircleDot, VolumeX, type LucideIcon } from 'lucide-react';
import { Link } from 'react-router';
import { InstanceGate } from '../../../components/instance-gate';
import { PageHeader } from '../../../components/page-header';
import { PageTitle } from '../../../components/page-title';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { paths } from '../../../config/paths';
import type { DatasetSummary } from '../../../../../shared/schemas/session';
import { formatCount, formatDateTime } from '../../../utils/format';

function Stat({ label, value, icon: Icon, tone }: { label: string; value: number; icon: LucideIcon; tone: string }) {
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

function sum(datasets: readonly DatasetSummary[], pick: (dataset: DatasetSummary) => number): number {
  return datasets.reduce((total, dataset) => total + pick(dataset), 0);
}

function DatasetHealthTable({ datasets }: { datasets: readonly DatasetSummary[] }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Dataset Health</CardTitle>
        <CardDescription>Issue counts per dataset of this instance.</CardDescription>
      </CardHeader>
      <CardContent className="overflow-x-auto">
        <table className="w-full min-w-[40rem] text-sm">
          <thead>
            <tr className="border-b text-left text-xs tracking-wide text-muted-foreground uppercase">
              <th scope="col" className="py-2 pr-4 font-medium">Dataset</th>
              <th scope="col" className="py-2 pr-4 text-right font-medium">Open</th>
              <th scope="col" className="py-2 pr-4 text-right font-medium">Resolved</th>
              <th scope="col" className="py-2 pr-4 text-right font-medium">Muted</th>
              <th scope="col" className="py-2 font-medium">Last scan</th>
            </tr>
          </thead>
          <tbody>
            {datasets.map((dataset) => (
              <tr key={dataset.id} className="border-b last:border-0">
                <th scope="row" className="py-3 pr-4 text-left font-medium">
                  {dataset.name}
                </th>
                <td className="py-3 pr-4 text-right tabular-nums">{formatCount(dataset.openIssues)}</td>
                <td className="py-3 pr-4 text-right tabular-nums">{formatCount(dataset.resolvedIssues)}</td>
                <td className="py-3 pr-4 text-right tabular-nums">{formatCount(dataset.mutedIssues)}</td>
                <td className="py-3 text-muted-foreground">{formatDateTime(dataset.lastScanTime)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </CardContent>
    </Card>
  );
}

/** The quality dashboard (spec 2 §2.4). For now: the instance's datasets and their real counts. */
export function QualityDashboard() {
  return (
    <>
      <PageTitle title="Quality Dashboard" />
      <PageHeader title="Quality Dashboard" description="Data-quality issues across the datasets of the current instance." />
      <InstanceGate>
        {({ instance, datasets }) => (
          <div className="flex flex-col gap-6">
            <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
              <Stat label="Datasets" value={datasets.length} icon={Database} tone="bg-accent text-accent-foreground" />
              <Stat label="Open issues" value={sum(datasets, (d) => d.openIssues)} icon={CircleDot} tone="bg-danger-soft text-danger" />
              <Stat label="Resolved issues" value={sum(datasets, (d) => d.resolvedIssues)} icon={CircleCheck} tone="bg-success-soft text-success" />
              <Stat label="Muted issues" value={sum(datasets, (d) => d.mutedIssues)} icon={VolumeX} tone="bg-muted text-muted-foreground" />
            </div>
            <DatasetHealthTable datasets={datasets} />
            <p className="text-sm text-muted-foreground">
              Instance {instance.name}.{' '}
              <Link to={paths.app.issues.getHref()} className="font-medium text-primary underline-offset-4 hover:underline">
                View All Issues
              </Link>
            </p>
          </div>
        )}
      </InstanceGate>
    </>
  );
}
