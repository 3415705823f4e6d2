import type { LucideIcon } from 'lucide-react';
import { Tooltip } from 'radix-ui';
import type { ComponentProps } from 'react';
import { cn } from '../../../utils/cn';
import { tooltipClasses } from './tooltip-classes';

/** A compact icon button of a table row, named for screen readers and explained by a tooltip. */
export function ActionButton({
  label,
  icon: Icon,
  shortcut,
  className,
  ...props
}: ComponentProps<'button'> & { label: string; icon: LucideIcon; shortcut?: string }) {
  return (
    <Tooltip.Root>
      <Tooltip.Trigger asChild>
        <button
          type="button"
          aria-label={label}
          aria-keyshortcuts={shortcut}
          className={cn(
            'inline-flex size-8 items-center justify-center rounded-md text-muted-foreground transition-colors',
            'hover:bg-muted hover:text-foreground',
            'focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring',
            'disabled:pointer-events-none disabled:opacity-50',
            className,
          )}
          {...props}
        >
          <Icon className="size-4" aria-hidden />
        </button>
      </Tooltip.Trigger>
      <Tooltip.Portal>
        <Tooltip.Content side="top" sideOffset={4} className={tooltipClasses}>
          {label}
          {shortcut ? <kbd className="ml-1.5 font-mono opacity-70">{shortcut}</kbd> : null}
        </Tooltip.Content>
      </Tooltip.Portal>
    </Tooltip.Root>
  );
}
