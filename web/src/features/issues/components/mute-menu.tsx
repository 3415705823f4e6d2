import { Check } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import type { ReactNode } from 'react';
import { DEFAULT_MUTE_DURATION, MUTE_DURATIONS, type MuteDuration } from '../../../../../shared/constants';
import { menuContentClasses, menuItemClasses, menuLabelClasses } from '../../../components/ui/menu';
import { MUTE_DURATION_LABELS } from '../utils/mute-labels';

/** The mute duration choice (spec 1 §4): 1 day (default, first), 3 days, 1 week, 2 weeks, 1 month, indefinitely. */
export function MuteMenu({
  trigger,
  onMute,
  open,
  onOpenChange,
  title = 'Mute for',
}: {
  /** The button that opens the menu (rendered as the trigger). */
  trigger: ReactNode;
  onMute: (duration: MuteDuration) => void;
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  title?: string;
}) {
  return (
    <DropdownMenu.Root open={open} onOpenChange={onOpenChange} modal={false}>
      <DropdownMenu.Trigger asChild>{trigger}</DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content align="end" sideOffset={4} className={menuContentClasses} style={{ minWidth: '11rem' }}>
          <DropdownMenu.Label className={menuLabelClasses}>{title}</DropdownMenu.Label>
          {MUTE_DURATIONS.map((duration) => (
            <DropdownMenu.Item key={duration} className={menuItemClasses} onSelect={() => onMute(duration)}>
              <span className="flex-1">{MUTE_DURATION_LABELS[duration]}</span>
              {duration === DEFAULT_MUTE_DURATION ? (
                <span className="inline-flex items-center gap-1 text-xs text-muted-foreground">
                  <Check className="size-3" aria-hidden />
                  default
                </span>
              ) : null}
            </DropdownMenu.Item>
          ))}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
