import { lazy, Suspense } from 'react';
import type { IssueRow } from '../../../../../shared/schemas/issues';

// The Impact cell with its classification rules (shared/use-cases.ts, which holds zod schemas too)
// out of the Issues screen's first download: the cell needs the organization's use cases from the
// server anyway, so its module loads while the table shows.
const ImpactCell = lazy(() => import('./impact-cell').then((m) => ({ default: m.ImpactCell })));

export function LazyImpactCell({ row }: { row: IssueRow }) {
  return (
    <Suspense fallback={<span className="text-xs text-muted-foreground" aria-hidden="true">…</span>}>
      <ImpactCell row={row} />
    </Suspense>
  );
}
