import { Sparkles, X } from 'lucide-react';
import { Dialog } from 'radix-ui';
import { useId, useState } from 'react';
import { STRATEGY_INFO, type ClusterStrategy, type IssueCluster, type ResolveClusterResponse } from '../../../../../shared/schemas/clusters';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { inputClasses } from '../../../components/ui/field';
import { Spinner } from '../../../components/ui/spinner';
import { cn } from '../../../utils/cn';
import { formatCount } from '../../../utils/format';
import { useClusters, useResolveCluster } from '../api/issue-clusters';
import { errorText } from '../utils/messages';

// The Clusters panel of the Issues screen (issue 13 §1, §2): groups of open rows whose values are
// probably the same thing, by one of eight strategies, each fixed with one decision.

const SHOWN_VALUES = 8;

function outcomeText(r: ResolveClusterResponse): string {
  const base = `Fixed ${formatCount(r.resolved)} of ${formatCount(r.total)} rows`;
  if (r.failed === 0) return `${base}.`;
  const reasons = [...new Set(r.errors.map((e) => e.error))].slice(0, 2).join(' ');
  return `${base}; ${formatCount(r.failed)} not changed: ${reasons}`;
}

function ClusterCard({ instanceId, datasetId, cluster, onOutcome }: { instanceId: string; datasetId: string; cluster: IssueCluster; onOutcome: (text: string) => void }) {
  const [value, setValue] = useState(cluster.proposed_value ?? '');
  const [confirming, setConfirming] = useState<'value' | 'suggestions' | null>(null);
  const fix = useResolveCluster(instanceId, datasetId);
  const inputId = useId();
  const trimmed = value.trim();
  const run = async (kind: 'value' | 'suggestions') => {
    setConfirming(null);
    onOutcome('');
    try {
      const result = await fix.mutateAsync(kind === 'value' ? { cluster, value: trimmed } : { cluster, acceptSuggestion: true });
      onOutcome(outcomeText(result));
    } catch (error) {
      onOutcome(`Failed to fix the cluster. ${errorText(error)}`);
    }
  };
  const more = cluster.distinct - Math.min(cluster.values.length, SHOWN_VALUES);
  return (
    <li className="flex flex-col gap-3 rounded-lg border bg-card p-4" data-testid="cluster" data-cluster-id={cluster.id}>
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <span className="font-semibold tabular-nums">{formatCount(cluster.size)} rows</span>
        <span className="text-muted-foreground">· {formatCount(cluster.distinct)} {cluster.distinct === 1 ? 'value' : 'values'}</span>
        <Badge tone="neutral">{cluster.column}</Badge>
        {cluster.check_name ? <Badge tone="neutral">{cluster.check_name}</Badge> : null}
      </div>
      <ul aria-label="Values in this cluster" className="flex flex-wrap gap-1.5">
        {cluster.values.slice(0, SHOWN_VALUES).map((v) => (
          <li key={String(v.value)} className="rounded-md bg-muted px-2 py-0.5 text-sm">
            {v.value === null || v.value === '' ? <span className="italic text-muted-foreground">(empty)</span> : <span className="whitespace-pre">{v.value}</span>}
            <span className="ml-1.5 text-xs text-muted-foreground tabular-nums">×{formatCount(v.count)}</span>
          </li>
        ))}
        {more > 0 ? <li className="px-1 py-0.5 text-sm text-muted-foreground">+{formatCount(more)} more</li> : null}
      </ul>
      <div className="flex flex-col gap-1.5">
        <label htmlFor={inputId} className="text-sm font-medium">
          Fix every row to
        </label>
        <input
          id={inputId}
          className={cn(inputClasses, 'w-full')}
          value={value}
          maxLength={10_000}
          onChange={(e) => {
            setValue(e.target.value);
            setConfirming(null);
          }}
          placeholder="Type the right value"
        />
        <p className="text-xs text-muted-foreground">{cluster.proposal_reason}</p>
      </div>
      {confirming ? (
        <div role="group" aria-label="Confirm the fix" className="flex flex-wrap items-center gap-2 rounded-md bg-muted/60 p-2 text-sm">
          <span className="flex-1">
            {confirming === 'value' ? (
              <>
                Set {formatCount(cluster.size)} rows to “<strong>{trimmed}</strong>”?
              </>
            ) : (
              <>Accept the AI suggestion of {formatCount(cluster.with_suggestion)} rows?</>
            )}
          </span>
          <Button size="sm" onClick={() => void run(confirming)}>
            Confirm
          </Button>
          <Button size="sm" variant="ghost" onClick={() => setConfirming(null)}>
            Cancel
          </Button>
        </div>
      ) : (
        <div className="flex flex-wrap gap-2">
          <Button size="sm" disabled={trimmed === '' || fix.isPending} onClick={() => setConfirming('value')}>
            {fix.isPending ? <Spinner /> : null}
            Fix {formatCount(cluster.size)} rows
          </Button>
          {cluster.with_suggestion > 0 ? (
            <Button size="sm" variant="outline" disabled={fix.isPending} onClick={() => setConfirming('suggestions')}>
              <Sparkles className="size-4" aria-hidden />
              Accept AI suggestions ({formatCount(cluster.with_suggestion)})
            </Button>
          ) : null}
        </div>
      )}
    </li>
  );
}

/** Side panel listing the clusters of the dataset's open rows. */
export function ClustersSheet({ instanceId, datasetId, open, onOpenChange }: { instanceId: string; datasetId: string; open: boolean; onOpenChange: (open: boolean) => void }) {
  const [strategy, setStrategy] = useState<ClusterStrategy>('fingerprint');
  const clusters = useClusters(instanceId, datasetId, strategy, open);
  const info = STRATEGY_INFO.find((s) => s.name === strategy)!;
  const selectId = useId();
  // The fixed cluster leaves the list when it is refetched: its outcome is shown above the list.
  const [outcome, setOutcome] = useState('');
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/40" />
        <Dialog.Content className="fixed inset-y-0 right-0 z-50 flex w-full max-w-xl flex-col border-l bg-card text-card-foreground shadow-2xl outline-none">
          <div className="flex items-start justify-between gap-4 border-b px-6 py-4">
            <div className="min-w-0">
              <Dialog.Title className="text-lg font-semibold">Issue clusters</Dialog.Title>
              <Dialog.Description className="text-sm text-muted-foreground">Open rows whose values are probably the same thing. Fix a group with one decision.</Dialog.Description>
            </div>
            <Dialog.Close className="inline-flex size-8 items-center justify-center rounded-md text-muted-foreground hover:bg-muted hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring">
              <X className="size-4" aria-hidden />
              <span className="sr-only">Close</span>
            </Dialog.Close>
          </div>
          <div className="flex flex-col gap-2 border-b px-6 py-4">
            <label htmlFor={selectId} className="text-sm font-medium">
              Strategy
            </label>
            <select
              id={selectId}
              className={inputClasses}
              value={strategy}
              onChange={(e) => {
                setStrategy(e.target.value as ClusterStrategy);
                setOutcome('');
              }}
            >
              {STRATEGY_INFO.map((s) => (
                <option key={s.name} value={s.name}>
                  {s.label} ({s.kind})
                </option>
              ))}
            </select>
            <p className="text-xs text-muted-foreground">{info.description}</p>
          </div>
          <div className="flex-1 overflow-y-auto px-6 py-5">
            <p role="status" data-testid="cluster-outcome" className={cn('text-sm', outcome ? 'mb-3 rounded-md bg-success/10 p-2' : 'sr-only')}>
              {outcome}
            </p>
            {clusters.isPending ? (
              <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
                <Spinner />
                Loading...
              </p>
            ) : clusters.isError ? (
              <p role="alert" className="text-sm text-danger">
                Error: {errorText(clusters.error)}
              </p>
            ) : clusters.data.clusters.length === 0 ? (
              <p className="text-sm text-muted-foreground">No clusters among {formatCount(clusters.data.rows)} open rows with this strategy. Try another one.</p>
            ) : (
              <>
                <p className="mb-3 text-sm text-muted-foreground" data-testid="cluster-summary">
                  {formatCount(clusters.data.total)} {clusters.data.total === 1 ? 'cluster' : 'clusters'} among {formatCount(clusters.data.rows)} open rows
                  {clusters.data.total > clusters.data.clusters.length ? ` (largest ${clusters.data.clusters.length} shown)` : ''}
                </p>
                <ul className="flex flex-col gap-3" aria-label="Clusters, largest first">
                  {clusters.data.clusters.map((c) => (
                    <ClusterCard key={c.id} instanceId={instanceId} datasetId={datasetId} cluster={c} onOutcome={setOutcome} />
                  ))}
                </ul>
              </>
            )}
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
