import { Database, Server } from 'lucide-react';
import type { ReactNode } from 'react';
import type { DatasetSummary, Instance } from '../../../shared/schemas/session';
import { useCurrentDataset, useInstances } from '../lib/instances';
import { EmptyState } from './ui/empty-state';
import { Spinner } from './ui/spinner';

interface InstanceGateProps {
  /** Rendered once an instance is chosen and its datasets are loaded and not empty. */
  children: (context: {
    instance: Instance;
    datasets: DatasetSummary[];
    dataset: DatasetSummary | null;
    selectDataset: (datasetId: string) => void;
  }) => ReactNode;
  /** Title of the empty state when no instance is chosen (spec: "No Instance Selected"). */
  noInstanceTitle?: string;
  /** Shown instead of the default when the instance has no datasets (e.g. the hub's Connect Dataset). */
  empty?: ReactNode;
}

function Loading({ label }: { label: string }) {
  return (
    <p className="flex items-center gap-2 py-10 text-sm text-muted-foreground" role="status">
      <Spinner />
      {label}
    </p>
  );
}

/**
 * The states every instance-scoped screen shares: no instance selected, loading, failed, and
 * no datasets available (spec 1 §2 Issues, spec 2 §2.4–2.5).
 */
export function InstanceGate({ children, noInstanceTitle = 'No Instance Selected', empty }: InstanceGateProps) {
  const { status, currentInstance, errorMessage } = useInstances();
  const { datasetsQuery, datasets, dataset, selectDataset } = useCurrentDataset();

  if (status === 'loading' || status === 'idle') return <Loading label="Loading instances…" />;
  if (!currentInstance) {
    return (
      <EmptyState icon={Server} title={noInstanceTitle}>
        {errorMessage ?? 'Select an instance from the switcher in the top navigation to see its data.'}
      </EmptyState>
    );
  }
  if (datasetsQuery.isPending) return <Loading label="Loading datasets…" />;
  if (datasetsQuery.isError) {
    return (
      <EmptyState icon={Database} title="Failed to load datasets for current instance">
        Try again in a moment, or pick another instance.
      </EmptyState>
    );
  }
  if (datasets.length === 0) {
    if (empty) return <>{empty}</>;
    return (
      <EmptyState icon={Database} title="No Datasets Available">
        The instance {currentInstance.name} has no datasets yet.
      </EmptyState>
    );
  }
  return <>{children({ instance: currentInstance, datasets, dataset, selectDataset })}</>;
}
