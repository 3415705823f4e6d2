import { Bell, BellOff, ChevronDown, CircleCheck, UserPlus, X } from 'lucide-react';
import type { MuteDuration } from '../../../../../shared/constants';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { cn } from '../../../utils/cn';
import { formatCount } from '../../../utils/format';
import { MuteMenu } from './lazy-panels';

/**
 * Actions on the selected rows (spec 1 §2): mute with a duration, unmute, resolve. It stays in
 * view at the bottom of the screen while a long page scrolls. With nothing selected the actions
 * say "Please select at least one row".
 */
export function BulkBar({
  selected,
  busy,
  progress = null,
  onMute,
  onUnmute,
  onResolve,
  onClear,
  onAssign,
}: {
  selected: number;
  busy: boolean;
  /** The running bulk action's progress, from its `bulk-progress` events (issue 13). */
  progress?: { processed: number; total: number } | null;
  onMute: (duration: MuteDuration) => void;
  onUnmute: () => void;
  onResolve: () => void;
  onClear: () => void;
  /** Assign the selected rows to a colleague (issue 13 §4). */
  onAssign?: () => void;
}) {
  const active = selected > 0;
  return (
    <section
      aria-label="Bulk actions"
      data-testid="bulk-bar"
      className={cn(
        'sticky bottom-0 z-20 flex flex-wrap items-center justify-between gap-3 border-t px-4 py-2.5 backdrop-blur',
        active ? 'bg-accent/95 text-accent-foreground' : 'bg-card/95',
      )}
    >
      <p className="flex items-center gap-2 text-sm font-medium" aria-live="polite">
        {busy ? <Spinner /> : null}
        {active ? `${formatCount(selected)} selected` : <span className="font-normal text-muted-foreground">Select rows to act on several at once</span>}
      </p>
      {progress ? <BulkProgressBar processed={progress.processed} total={progress.total} /> : null}
      <div className="flex flex-wrap items-center gap-2">
        <MuteMenu
          title="Mute selected for"
          onMute={onMute}
          trigger={
            <Button variant="outline" size="sm" disabled={busy}>
              <BellOff className="size-4" aria-hidden />
              Mute selected
              <ChevronDown className="size-3.5" aria-hidden />
            </Button>
          }
        />
        <Button variant="outline" size="sm" disabled={busy} onClick={onUnmute}>
          <Bell className="size-4" aria-hidden />
          Unmute selected
        </Button>
        <Button variant="outline" size="sm" disabled={busy} onClick={onResolve}>
          <CircleCheck className="size-4" aria-hidden />
          Resolve selected
        </Button>
        {onAssign ? (
          <Button variant="outline" size="sm" disabled={busy || !active} onClick={onAssign}>
            <UserPlus className="size-4" aria-hidden />
            Assign selected
          </Button>
        ) : null}
        {active ? (
          <Button variant="ghost" size="sm" onClick={onClear}>
            <X className="size-4" aria-hidden />
            Clear selection
          </Button>
        ) : null}
      </div>
    </section>
  );
}

/** A bulk action's progress as the server reports it (done rows of all rows). */
export function BulkProgressBar({ processed, total }: { processed: number; total: number }) {
  const percent = total > 0 ? Math.round((processed / total) * 100) : 0;
  return (
    <div className="flex min-w-48 flex-1 items-center gap-2 text-xs text-muted-foreground" data-testid="bulk-progress">
      <div
        role="progressbar"
        aria-label="Bulk action progress"
        aria-valuemin={0}
        aria-valuemax={total}
        aria-valuenow={processed}
        aria-valuetext={`${formatCount(processed)} of ${formatCount(total)} rows`}
        className="h-2 flex-1 overflow-hidden rounded-full bg-muted"
      >
        <div className="h-full rounded-full bg-primary transition-[width] duration-300" style={{ width: `${percent}%` }} />
      </div>
      <span className="tabular-nums">
        {formatCount(processed)} / {formatCount(total)}
      </span>
    </div>
  );
}
