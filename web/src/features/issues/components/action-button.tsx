import type { LucideIcon } from 'lucide-react';
import type { ComponentProps } from 'react';
import { Tip } from '../../../components/ui/tip';
import { cn } from '../../../utils/cn';

/** A compact icon button of a table row, named for screen readers and explained by a tooltip. */
export function ActionButton({
  label,
  icon: Icon,
  shortcut,
  className,
  ...props
}: ComponentProps<'button'> & { label: string; icon: LucideIcon; shortcut?: string }) {
  return (
    <Tip
      content={
        <>
          {label}
          {shortcut ? <kbd className="ml-1.5 font-mono opacity-70">{shortcut}</kbd> : null}
        </>
      }
    >
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
    </Tip>
  );
}
