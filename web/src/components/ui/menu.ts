import { cn } from '../../utils/cn';

// Looks of Radix menus (DropdownMenu and its submenus), shared so every menu feels the same.

export const menuContentClasses = cn(
  'z-50 min-w-56 rounded-xl border bg-popover p-1.5 text-popover-foreground shadow-lg',
  'max-h-[var(--radix-dropdown-menu-content-available-height)] overflow-y-auto',
);

export const menuItemClasses = cn(
  'relative flex cursor-default select-none items-center gap-2 rounded-lg px-2.5 py-2 text-sm outline-none',
  'data-[highlighted]:bg-accent data-[highlighted]:text-accent-foreground',
  'data-[disabled]:pointer-events-none data-[disabled]:opacity-50',
);

export const menuLabelClasses = 'px-2.5 pt-2 pb-1 text-xs font-semibold uppercase tracking-wide text-muted-foreground';

export const menuSeparatorClasses = 'my-1.5 h-px bg-border';
