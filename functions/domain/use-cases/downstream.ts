import {
  classifyIssue,
  higherImpact,
  NO_ACTIVE_USE_CASES,
  USE_CASE_PRIORITIES,
  type DownstreamUseCasesResponse,
  type UseCase,
  type UseCaseImpact,
  type UseCasePriority,
} from '../../../shared/use-cases';
import { issueDimension } from '../../../shared/issue-type';
import type { IssueDimension } from '../../../shared/constants';
import type { OpenRowGroup } from './use-case-store';

// Which use cases a failed row, or a dataset's open rows, affect (spec 2 §7.3; issue 13 item 6).

/** The use cases to classify against: the named ones (of this organization), else the enabled ones. */
export function selectUseCases(all: readonly UseCase[], enabledUseCases: readonly string[] | undefined): UseCase[] {
  if (enabledUseCases === undefined) return all.filter((u) => u.enabled);
  const wanted = new Set(enabledUseCases);
  return all.filter((u) => wanted.has(u.id));
}

export interface ClassifyInput {
  issue_column: string;
  check_name?: string;
  dimension?: IssueDimension;
  dataset_id?: string;
  dataset?: string;
}

export function classifyOne(issue: ClassifyInput, useCases: readonly UseCase[]): { affected: UseCaseImpact[]; highestImpact: UseCasePriority | null; message?: string } {
  if (useCases.length === 0) return { affected: [], highestImpact: null, message: NO_ACTIVE_USE_CASES };
  const dimension = issue.dimension ?? issueDimension({ check_name: issue.check_name ?? '' });
  const affected = classifyIssue({ column: issue.issue_column, dataset: issue.dataset ?? issue.dataset_id ?? '', dimension }, useCases);
  return { affected, highestImpact: affected.reduce<UseCasePriority | null>((h, a) => (h ? higherImpact(h, a.impact) : a.impact), null) };
}

/** Sums the dataset's open rows per affected use case: one classification per (column, dimension) group. */
export function downstreamOfDataset(dataset: { id: string; name: string }, groups: readonly OpenRowGroup[], useCases: readonly UseCase[]): Omit<DownstreamUseCasesResponse, 'success'> {
  const openRows = groups.reduce((n, g) => n + g.count, 0);
  if (useCases.length === 0) return { dataset: dataset.id, openRows, data: [], message: NO_ACTIVE_USE_CASES };
  const totals = new Map<string, { useCase: UseCase; openRows: number; byImpact: Record<UseCasePriority, number>; columns: Map<string, number> }>();
  for (const group of groups) {
    for (const impact of classifyIssue({ column: group.column, dataset: dataset.name || dataset.id, dimension: group.dimension }, useCases)) {
      const useCase = useCases.find((u) => u.id === impact.useCaseId)!;
      let total = totals.get(useCase.id);
      if (!total) {
        total = { useCase, openRows: 0, byImpact: Object.fromEntries(USE_CASE_PRIORITIES.map((p) => [p, 0])) as Record<UseCasePriority, number>, columns: new Map() };
        totals.set(useCase.id, total);
      }
      total.openRows += group.count;
      total.byImpact[impact.impact] += group.count;
      total.columns.set(group.column, (total.columns.get(group.column) ?? 0) + group.count);
    }
  }
  const rank = (p: UseCasePriority) => USE_CASE_PRIORITIES.indexOf(p);
  const data = [...totals.values()]
    .sort((a, b) => rank(a.useCase.priority) - rank(b.useCase.priority) || b.openRows - a.openRows || a.useCase.name.localeCompare(b.useCase.name))
    .map((t) => ({
      useCaseId: t.useCase.id,
      name: t.useCase.name,
      priority: t.useCase.priority,
      openRows: t.openRows,
      byImpact: t.byImpact,
      columns: [...t.columns].map(([column, n]) => ({ column, openRows: n })).sort((a, b) => b.openRows - a.openRows || a.column.localeCompare(b.column)),
    }));
  return { dataset: dataset.id, openRows, data };
}
