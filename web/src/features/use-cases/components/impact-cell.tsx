import { useMemo } from 'react';
import type { IssueRow } from '../../../../../shared/schemas/issues';
import { classifyIssue, type UseCase } from '../../../../../shared/use-cases';
import { useUseCases } from '../api/use-cases';
import { PriorityBadge } from './priority-badge';
import { Tip } from '../../../components/ui/tip';

// The Impact column of the Issues screen (issue 13 item 6): which enabled use cases a failed row
// affects, by the same deterministic rules as POST /api/downstream-use-cases/classify
// (shared/use-cases.ts), computed here for the rows on screen instead of one call per row.

export function useEnabledUseCases(): UseCase[] {
  const { data } = useUseCases();
  return useMemo(() => (data?.data ?? []).filter((u) => u.enabled), [data]);
}

export function rowImpacts(row: Pick<IssueRow, 'issue_column' | 'dataset_id' | 'dimension'>, useCases: readonly UseCase[]) {
  return classifyIssue({ column: row.issue_column, dataset: row.dataset_id, dimension: row.dimension }, useCases);
}

export function ImpactCell({ row }: { row: IssueRow }) {
  const useCases = useEnabledUseCases();
  const impacts = useMemo(() => rowImpacts(row, useCases), [row, useCases]);
  if (impacts.length === 0) return <span className="text-xs text-muted-foreground">—</span>;
  const top = impacts[0]!;
  return (
    <Tip
      side="left"
      sideOffset={6}
      className="max-w-sm p-3 text-left"
      content={
        <ul className="flex flex-col gap-2">
          {impacts.map((i) => (
            <li key={i.useCaseId}>
              <p className="font-medium">
                {i.name} · impact {i.impact}
              </p>
              <ul className="mt-0.5 list-disc pl-4 font-normal opacity-90">
                {i.reasons.map((r) => (
                  <li key={r}>{r}</li>
                ))}
              </ul>
            </li>
          ))}
        </ul>
      }
    >
      <button type="button" data-testid="impact" data-impact={top.impact} className="flex min-w-0 flex-col items-start gap-0.5 rounded text-left focus-visible:outline-2 focus-visible:outline-ring">
        <PriorityBadge priority={top.impact} />
        <span className="max-w-36 truncate text-xs text-muted-foreground">
          {top.name}
          {impacts.length > 1 ? ` +${impacts.length - 1}` : ''}
        </span>
      </button>
    </Tip>
  );
}
