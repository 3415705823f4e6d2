import { ArrowRight, X } from 'lucide-react';
import { Dialog } from 'radix-ui';
import type { HistoryAction, HistoryEvent, IssueRow } from '../../../../../shared/schemas/issues';
import { UserAvatar } from '../../../components/ui/avatar';
import { Badge, type BadgeTone } from '../../../components/ui/badge';
import { Spinner } from '../../../components/ui/spinner';
import { cn } from '../../../utils/cn';
import { useIssueHistory } from '../api/get-issue-history';
import { formatCellValue, formatMoment, shortIssueId } from '../utils/format-value';
import { MUTE_DURATION_LABELS } from '../utils/mute-labels';
import { errorText } from '../utils/messages';

const ACTIONS: Record<HistoryAction, { label: string; tone: BadgeTone }> = {
  edited: { label: 'Edited', tone: 'success' },
  suggestion_accepted: { label: 'Accepted AI suggestion', tone: 'primary' },
  resolved: { label: 'Resolved', tone: 'success' },
  muted: { label: 'Muted', tone: 'neutral' },
  unmuted: { label: 'Unmuted', tone: 'danger' },
  assigned: { label: 'Assigned', tone: 'primary' },
};

function Value({ column, value, className }: { column: string; value: string | null; className?: string }) {
  const shown = formatCellValue(column, value);
  return shown === null || shown === '' ? (
    <span className="italic text-muted-foreground">(empty)</span>
  ) : (
    <span className={cn('break-words', className)}>{shown}</span>
  );
}

function EventItem({ event }: { event: HistoryEvent }) {
  const look = ACTIONS[event.action];
  const column = event.details.column;
  const valueChanged = event.old_value !== event.new_value;
  return (
    <li className="relative flex gap-3 pb-6 last:pb-0">
      <UserAvatar email={event.by} size="md" className="z-10" />
      <div className="flex min-w-0 flex-1 flex-col gap-1.5">
        <div className="flex flex-wrap items-center gap-2">
          <Badge tone={look.tone}>{look.label}</Badge>
          {event.details.bulk ? <span className="text-xs text-muted-foreground">in bulk</span> : null}
        </div>
        <p className="text-sm">
          <span className="font-medium">{event.by}</span>
          <span className="text-muted-foreground"> · </span>
          <time dateTime={event.at} className="text-muted-foreground">
            {formatMoment(event.at)}
          </time>
        </p>
        {valueChanged ? (
          <p className="flex flex-wrap items-center gap-1.5 text-sm">
            <Value column={column} value={event.old_value} className="text-muted-foreground line-through" />
            <ArrowRight className="size-3.5 text-muted-foreground" aria-label="changed to" role="img" />
            <Value column={column} value={event.new_value} className="font-medium" />
          </p>
        ) : null}
        {event.action === 'muted' ? (
          <p className="text-sm text-muted-foreground">
            {event.details.mute_until ? `Muted until ${formatMoment(event.details.mute_until)}` : 'Muted indefinitely'}
            {event.details.mute_duration && event.details.mute_duration !== 'indefinite'
              ? ` (${MUTE_DURATION_LABELS[event.details.mute_duration]})`
              : null}
          </p>
        ) : null}
        {event.old_status !== event.new_status ? (
          <p className="text-xs text-muted-foreground">
            Status {event.old_status} → {event.new_status}
          </p>
        ) : null}
        {event.action === 'assigned' && event.details.assigned_to ? (
          <p className="text-sm text-muted-foreground">
            Assigned to {event.details.assigned_to}
            {event.details.assignment_reason ? `: ${event.details.assignment_reason}` : null}
          </p>
        ) : null}
        {event.details.reasoning ? <p className="text-xs text-muted-foreground">{event.details.reasoning}</p> : null}
      </div>
    </li>
  );
}

/** An issue's history in a side panel: who changed what and when, newest first. */
export function HistorySheet({
  instanceId,
  datasetId,
  row,
  onClose,
}: {
  instanceId: string;
  datasetId: string;
  row: IssueRow | null;
  onClose: () => void;
}) {
  const history = useIssueHistory(instanceId, datasetId, row?.issue_id ?? null);
  const events = [...(history.data?.events ?? [])].sort((a, b) => b.at.localeCompare(a.at) || b.version - a.version);
  return (
    <Dialog.Root open={row !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/40" />
        <Dialog.Content className="fixed inset-y-0 right-0 z-50 flex w-full max-w-md flex-col border-l bg-card text-card-foreground shadow-2xl outline-none">
          <div className="flex items-start justify-between gap-4 border-b px-6 py-4">
            <div className="min-w-0">
              <Dialog.Title className="text-lg font-semibold">Issue history</Dialog.Title>
              <Dialog.Description className="truncate text-sm text-muted-foreground">
                {row ? `${row.record_id} · ${row.issue_column} · #${shortIssueId(row.issue_id)}` : null}
              </Dialog.Description>
            </div>
            <Dialog.Close className="inline-flex size-8 items-center justify-center rounded-md text-muted-foreground hover:bg-muted hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring">
              <X className="size-4" aria-hidden />
              <span className="sr-only">Close</span>
            </Dialog.Close>
          </div>
          <div className="flex-1 overflow-y-auto px-6 py-5">
            {row ? (
              <dl className="mb-5 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 rounded-lg bg-muted/60 p-3 text-sm">
                <dt className="text-muted-foreground">Record</dt>
                <dd className="min-w-0 truncate" title={row.name}>
                  {row.name}
                </dd>
                <dt className="text-muted-foreground">Check</dt>
                <dd className="min-w-0 truncate">{row.check_name}</dd>
                <dt className="text-muted-foreground">Found</dt>
                <dd>{formatMoment(row.scan_time)}</dd>
                <dt className="text-muted-foreground">Value</dt>
                <dd className="min-w-0">
                  <Value column={row.issue_column} value={row.current_value} />
                </dd>
              </dl>
            ) : null}
            {history.isPending ? (
              <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
                <Spinner />
                Loading...
              </p>
            ) : history.isError ? (
              <p role="alert" className="text-sm text-danger">
                Error: {errorText(history.error)}
              </p>
            ) : events.length === 0 ? (
              <p className="text-sm text-muted-foreground">No changes yet: this issue is as the scan found it.</p>
            ) : (
              <ol aria-label="Changes, newest first" className="relative before:absolute before:top-2 before:bottom-2 before:left-4 before:w-px before:bg-border">
                {events.map((event) => (
                  <EventItem key={event.event_id} event={event} />
                ))}
              </ol>
            )}
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
