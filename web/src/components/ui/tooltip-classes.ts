/** Looks of the screen's tooltips. */
export const tooltipClasses = 'z-50 rounded-md bg-foreground px-2 py-1 text-xs font-medium text-background shadow-md';
