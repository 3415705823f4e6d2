import { BellOff, CircleCheck, CircleDot, type LucideIcon } from 'lucide-react';
import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { ISSUE_STATUSES, type IssueStatus } from '../../../../../shared/constants';
import type { StatusCounts } from '../../../../../shared/schemas/issues';
import { cn } from '../../../utils/cn';
import { formatCount } from '../../../utils/format';

const TABS: Record<IssueStatus, { label: string; icon: LucideIcon }> = {
  open: { label: 'Open', icon: CircleDot },
  resolved: { label: 'Resolved', icon: CircleCheck },
  muted: { label: 'Muted', icon: BellOff },
};

/** The tab a key moves focus to in a horizontal tablist (wrapping), or undefined for other keys. */
export function tabAfterKey(key: string, index: number, count: number): number | undefined {
  if (key === 'ArrowRight') return (index + 1) % count;
  if (key === 'ArrowLeft') return (index - 1 + count) % count;
  if (key === 'Home') return 0;
  if (key === 'End') return count - 1;
  return undefined;
}

/**
 * The status tabs (spec 1 §2), each with its exact count: the WAI-ARIA tabs pattern with manual
 * activation (arrow keys, Home and End move focus; Enter, Space or a click switch). Written out
 * rather than taken from Radix Tabs to keep the Issues screen's first download small (issue 16
 * §7). Every tab has its panel (the inactive ones empty and hidden), so each tab's aria-controls
 * names an element that exists.
 */
export function StatusTabs({
  status,
  counts,
  onStatusChange,
  filters,
  children,
}: {
  status: IssueStatus;
  counts: StatusCounts | undefined;
  onStatusChange: (status: IssueStatus) => void;
  /** Shown below the tabs (the filters). */
  filters: ReactNode;
  /** The active tab's panel content. */
  children: ReactNode;
}) {
  const base = useId();
  const tabs = useRef<Array<HTMLButtonElement | null>>([]);
  const tabId = (value: IssueStatus) => `${base}-tab-${value}`;
  const panelId = (value: IssueStatus) => `${base}-panel-${value}`;
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const next = tabAfterKey(event.key, index, ISSUE_STATUSES.length);
    if (next === undefined) return;
    event.preventDefault();
    tabs.current[next]?.focus();
  };
  return (
    <div className="flex flex-col gap-4">
      {/* The filters take the full width below the tabs: six of them stay readable side by side. */}
      <div className="flex flex-col gap-4">
        <div role="tablist" aria-label="Issue status" aria-orientation="horizontal" className="inline-flex self-start rounded-lg border bg-muted/60 p-1">
          {ISSUE_STATUSES.map((value, index) => {
            const { label, icon: Icon } = TABS[value];
            const count = counts?.[value];
            const active = value === status;
            return (
              <button
                key={value}
                ref={(element) => {
                  tabs.current[index] = element;
                }}
                type="button"
                role="tab"
                id={tabId(value)}
                aria-selected={active}
                aria-controls={panelId(value)}
                data-state={active ? 'active' : 'inactive'}
                tabIndex={active ? 0 : -1}
                onClick={() => {
                  if (!active) onStatusChange(value);
                }}
                onKeyDown={(event) => onKeyDown(event, index)}
                className={cn(
                  'inline-flex items-center gap-2 rounded-md px-3 py-1.5 text-sm font-medium text-muted-foreground transition-colors',
                  'hover:text-foreground focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
                  'data-[state=active]:bg-card data-[state=active]:text-foreground data-[state=active]:shadow-sm',
                )}
              >
                <Icon className="size-4" aria-hidden />
                {label}
                <span
                  data-testid={`count-${value}`}
                  className="min-w-7 rounded-full bg-muted px-1.5 py-0.5 text-center text-xs font-semibold tabular-nums text-foreground"
                >
                  {count === undefined ? '–' : formatCount(count)}
                </span>
              </button>
            );
          })}
        </div>
        <div className="min-w-0">{filters}</div>
      </div>
      {ISSUE_STATUSES.map((value) => (
        <div
          key={value}
          role="tabpanel"
          id={panelId(value)}
          aria-labelledby={tabId(value)}
          tabIndex={0}
          data-state={value === status ? 'active' : 'inactive'}
          hidden={value !== status}
          className="rounded-xl focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
        >
          {value === status ? children : null}
        </div>
      ))}
    </div>
  );
}
