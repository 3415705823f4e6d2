import { BellOff, CircleCheck, CircleDot, type LucideIcon } from 'lucide-react';
import { Tabs } from 'radix-ui';
import type { ReactNode } from 'react';
import { ISSUE_STATUSES, type IssueStatus } from '../../../../../shared/constants';
import type { StatusCounts } from '../../../../../shared/schemas/issues';
import { cn } from '../../../utils/cn';
import { formatCount } from '../../../utils/format';

const TABS: Record<IssueStatus, { label: string; icon: LucideIcon }> = {
  open: { label: 'Open', icon: CircleDot },
  resolved: { label: 'Resolved', icon: CircleCheck },
  muted: { label: 'Muted', icon: BellOff },
};

/**
 * The status tabs (spec 1 §2), each with its exact count. Every tab has its panel (the inactive
 * ones empty and hidden), so each tab's aria-controls names an element that exists.
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
  return (
    <Tabs.Root value={status} onValueChange={(value) => onStatusChange(value as IssueStatus)} activationMode="manual" className="flex flex-col gap-4">
      {/* The filters take the full width below the tabs: six of them stay readable side by side. */}
      <div className="flex flex-col gap-4">
        <Tabs.List aria-label="Issue status" className="inline-flex self-start rounded-lg border bg-muted/60 p-1">
          {ISSUE_STATUSES.map((value) => {
            const { label, icon: Icon } = TABS[value];
            const count = counts?.[value];
            return (
              <Tabs.Trigger
                key={value}
                value={value}
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
              </Tabs.Trigger>
            );
          })}
        </Tabs.List>
        <div className="min-w-0">{filters}</div>
      </div>
      {ISSUE_STATUSES.map((value) => (
        <Tabs.Content key={value} value={value} forceMount hidden={value !== status} className="rounded-xl focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring">
          {value === status ? children : null}
        </Tabs.Content>
      ))}
    </Tabs.Root>
  );
}
