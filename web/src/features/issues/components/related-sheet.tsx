import { Link2, X } from 'lucide-react';
import { Dialog } from 'radix-ui';
import { useState } from 'react';
import { RELATED_DEFAULT_LIMIT, RELATED_DEFAULT_THRESHOLD, type RelatedIssue } from '../../../../../shared/schemas/related';
import type { IssueRow } from '../../../../../shared/schemas/issues';
import { Badge } from '../../../components/ui/badge';
import { Spinner } from '../../../components/ui/spinner';
import { useRelatedIssues } from '../api/get-related-issues';
import { formatCellValue, shortIssueId } from '../utils/format-value';
import { errorText } from '../utils/messages';
import { IssueStatusBadge } from './issue-status-badge';

// The "Related" panel of a row (issue 13 item 3): the rows of the dataset most like it, with how
// similar and why. The threshold starts at the spec's 0.7 (spec 1 §9) and can be loosened.

const THRESHOLDS = [0.9, RELATED_DEFAULT_THRESHOLD, 0.5] as const;
const percent = (n: number) => `${Math.round(n * 100)} %`;

function Value({ column, value }: { column: string; value: string | null }) {
  const shown = formatCellValue(column, value);
  return shown === null || shown === '' ? <span className="italic text-muted-foreground">(empty)</span> : <span className="break-words font-medium">{shown}</span>;
}

function RelatedItem({ item }: { item: RelatedIssue }) {
  const row = item.issue;
  return (
    <li className="flex flex-col gap-2 rounded-lg border p-3" data-issue-id={row.issue_id}>
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="truncate text-sm font-medium" title={row.name}>
            {row.record_id} · {row.issue_column}
          </p>
          <p className="truncate text-xs text-muted-foreground" title={row.name}>
            {row.name} · #{shortIssueId(row.issue_id)}
          </p>
        </div>
        <Badge tone={item.similarity >= 0.9 ? 'primary' : 'neutral'} aria-label={`Similarity ${percent(item.similarity)}`}>
          {percent(item.similarity)}
        </Badge>
      </div>
      <div className="flex items-center justify-between gap-3 text-sm">
        <Value column={row.issue_column} value={row.current_value} />
        <IssueStatusBadge row={row} />
      </div>
      <ul aria-label="Why it is related" className="flex flex-wrap gap-1.5">
        {item.reasons.map((reason) => (
          <li key={reason.kind} className="rounded-full bg-muted px-2 py-0.5 text-xs text-muted-foreground">
            {reason.text}
          </li>
        ))}
      </ul>
    </li>
  );
}

export function RelatedSheet({ instanceId, datasetId, row, onClose }: { instanceId: string; datasetId: string; row: IssueRow | null; onClose: () => void }) {
  const [threshold, setThreshold] = useState<number>(RELATED_DEFAULT_THRESHOLD);
  const [limit, setLimit] = useState<number>(RELATED_DEFAULT_LIMIT);
  const related = useRelatedIssues(instanceId, datasetId, row?.issue_id ?? null, threshold, limit);
  const data = related.data;
  return (
    <Dialog.Root
      open={row !== null}
      onOpenChange={(open) => {
        if (open) return;
        setLimit(RELATED_DEFAULT_LIMIT);
        onClose();
      }}
    >
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/40" />
        <Dialog.Content className="fixed inset-y-0 right-0 z-50 flex w-full max-w-md flex-col border-l bg-card text-card-foreground shadow-2xl outline-none">
          <div className="flex items-start justify-between gap-4 border-b px-6 py-4">
            <div className="min-w-0">
              <Dialog.Title className="flex items-center gap-2 text-lg font-semibold">
                <Link2 className="size-5" aria-hidden />
                Related issues
              </Dialog.Title>
              <Dialog.Description className="truncate text-sm text-muted-foreground">
                {row ? `Rows like ${row.record_id} · ${row.issue_column} · #${shortIssueId(row.issue_id)}` : null}
              </Dialog.Description>
            </div>
            <Dialog.Close className="inline-flex size-8 items-center justify-center rounded-md text-muted-foreground hover:bg-muted hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring">
              <X className="size-4" aria-hidden />
              <span className="sr-only">Close</span>
            </Dialog.Close>
          </div>
          <div className="flex-1 overflow-y-auto px-6 py-5">
            {row ? (
              <div className="mb-4 flex flex-wrap items-center justify-between gap-3 rounded-lg bg-muted/60 p-3 text-sm">
                <span className="min-w-0">
                  <span className="text-muted-foreground">Value </span>
                  <Value column={row.issue_column} value={row.current_value} />
                </span>
                <label className="flex items-center gap-2 text-muted-foreground">
                  Similarity at least
                  <select
                    className="h-8 rounded-md border bg-background px-2 text-sm text-foreground"
                    value={threshold}
                    onChange={(e) => {
                      setThreshold(Number(e.target.value));
                      setLimit(RELATED_DEFAULT_LIMIT);
                    }}
                  >
                    {THRESHOLDS.map((t) => (
                      <option key={t} value={t}>
                        {percent(t)}
                      </option>
                    ))}
                  </select>
                </label>
              </div>
            ) : null}
            {related.isPending ? (
              <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
                <Spinner />
                Loading...
              </p>
            ) : related.isError ? (
              <p role="alert" className="text-sm text-danger">
                Error: {errorText(related.error)}
              </p>
            ) : data && data.related.length === 0 ? (
              <p className="text-sm text-muted-foreground">No open or muted row of this dataset is {percent(threshold)} or more like this one.</p>
            ) : data ? (
              <>
                <p className="mb-3 text-xs text-muted-foreground" aria-live="polite">
                  {data.related.length} of {data.matched} related {data.matched === 1 ? 'row' : 'rows'}, most similar first
                </p>
                <ol aria-label="Related issues, most similar first" className="flex flex-col gap-3">
                  {data.related.map((item) => (
                    <RelatedItem key={item.issue.issue_id} item={item} />
                  ))}
                </ol>
                {data.matched > data.related.length && data.related.length < 50 ? (
                  <button
                    type="button"
                    className="mt-3 text-sm font-medium text-primary hover:underline disabled:opacity-50"
                    disabled={related.isFetching}
                    onClick={() => setLimit((n) => Math.min(50, n + 10))}
                  >
                    {related.isFetching ? 'Loading...' : 'Show more'}
                  </button>
                ) : null}
              </>
            ) : null}
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
