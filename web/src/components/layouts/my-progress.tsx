import { Flame } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import { menuSeparatorClasses } from '../ui/menu';
import { useMyProgress } from '../../lib/api/get-progress';
import { useInstances } from '../../lib/instances';

// "My progress" in the user menu (issue 13 item 5; the spec's placeholder activity numbers, made
// real): the last 7 days of the signed-in member in the current instance.

const weekday = new Intl.DateTimeFormat('en-US', { weekday: 'short', timeZone: 'UTC' });
const longDay = new Intl.DateTimeFormat('en-US', { weekday: 'long', month: 'short', day: 'numeric', timeZone: 'UTC' });

function Figure({ label, value }: { label: string; value: number }) {
  return (
    <div className="flex flex-col rounded-md bg-muted/60 px-2 py-1.5">
      <span className="text-base font-semibold tabular-nums">{value.toLocaleString('en-US')}</span>
      <span className="text-[11px] leading-tight text-muted-foreground">{label}</span>
    </div>
  );
}

export function MyProgress() {
  const { currentInstanceId } = useInstances();
  const progress = useMyProgress(currentInstanceId);
  if (!currentInstanceId) return null;
  const data = progress.data?.data;
  return (
    <>
    <div className="px-2.5 py-2" data-testid="my-progress">
      <p className="mb-2 flex items-baseline justify-between text-xs font-medium text-muted-foreground">
        <span>My progress</span>
        <span>last 7 days</span>
      </p>
      {/* One fixed height for loading, error and figures: the menu items below must not move
          under the pointer when the figures arrive (a click meant for Sign Out would land on
          another item). */}
      <div className="h-[8.25rem] overflow-hidden" data-testid="my-progress-body" data-state={progress.isError ? 'error' : data ? 'ready' : 'loading'}>
      {progress.isError ? (
        <p className="text-xs text-muted-foreground">Progress is not available right now.</p>
      ) : !data ? (
        <div aria-hidden className="h-full animate-pulse rounded-md bg-muted" />
      ) : (
        <>
          <div className="grid grid-cols-3 gap-1.5">
            <Figure label="Resolved" value={data.resolved} />
            <Figure label="Fixed with AI" value={data.ai_fixed} />
            <Figure label="Muted" value={data.muted} />
          </div>
          {/* Plain text for screen readers: a menu may own no other roles (an image or a list would break it). */}
          <span className="sr-only" data-testid="my-days-text">
            {`Rows resolved per day: ${(data.daily ?? []).map((d) => `${longDay.format(new Date(`${d.date}T00:00:00.000Z`))} ${d.resolved}`).join(', ')}`}
          </span>
          <div aria-hidden data-testid="my-days" className="mt-2 flex h-10 items-end gap-1">
            {(data.daily ?? []).map((day) => {
              const max = Math.max(1, ...(data.daily ?? []).map((d) => d.resolved));
              const date = new Date(`${day.date}T00:00:00.000Z`);
              return (
                <span key={day.date} data-day={day.date} className="flex h-full flex-1 flex-col items-center justify-end gap-0.5" title={`${longDay.format(date)}: ${day.resolved} resolved`}>
                  <span aria-hidden className={day.resolved > 0 ? 'w-full rounded-sm bg-primary' : 'w-full rounded-sm bg-border'} style={{ height: `${Math.max(8, (day.resolved / max) * 100)}%` }} />
                  <span aria-hidden className="text-[9px] leading-none text-muted-foreground">
                    {weekday.format(date).slice(0, 2)}
                  </span>
                </span>
              );
            })}
          </div>
          <p className="mt-2 flex items-center gap-x-3 text-xs whitespace-nowrap text-muted-foreground">
            <span className="inline-flex items-center gap-1" data-testid="my-streak">
              <Flame className={data.streak_days > 0 ? 'size-3.5 text-warning' : 'size-3.5'} aria-hidden />
              {data.streak_days === 1 ? '1-day streak' : `${data.streak_days}-day streak`}
            </span>
            <span data-testid="my-share" className="min-w-0 truncate">
              {data.share === null ? 'No team resolutions yet' : `${Math.round(data.share * 100)} % of the team's ${data.team_resolved.toLocaleString('en-US')} resolutions`}
            </span>
          </p>
        </>
      )}
      </div>
    </div>
    <DropdownMenu.Separator className={menuSeparatorClasses} />
    </>
  );
}
