import { useRealtimeStatus, type RealtimeStatus } from '../lib/realtime';
import { cn } from '../utils/cn';

// Whether this screen updates live (issue 13): a small dot and word beside the page title. While
// the socket is down the screen still refreshes by polling, and says so.

const LABELS: Record<Exclude<RealtimeStatus, 'off'>, { text: string; title: string; dot: string }> = {
  live: { text: 'Live', title: 'Changes made by others appear here as they happen.', dot: 'bg-success' },
  connecting: { text: 'Connecting…', title: 'Connecting to live updates.', dot: 'bg-warning' },
  offline: { text: 'Reconnecting…', title: 'Live updates are interrupted; the screen refreshes periodically until they are back.', dot: 'bg-muted-foreground' },
};

export function RealtimeIndicator({ className }: { className?: string }) {
  const status = useRealtimeStatus();
  if (status === 'off') return null;
  const label = LABELS[status];
  return (
    <span
      data-testid="realtime-status"
      data-status={status}
      title={label.title}
      className={cn('inline-flex items-center gap-1.5 rounded-full border px-2.5 py-0.5 text-xs font-medium text-muted-foreground', className)}
    >
      <span aria-hidden className={cn('size-2 rounded-full', label.dot, status === 'live' && 'animate-pulse')} />
      {label.text}
    </span>
  );
}
