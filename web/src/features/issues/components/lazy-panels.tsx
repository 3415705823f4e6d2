import { ChevronDown, Download } from 'lucide-react';
import { lazy, Suspense, type ComponentProps } from 'react';
import { Button } from '../../../components/ui/button';
import type { ExportMenu as ExportMenuType } from './export-menu';
import type { HistorySheet as HistorySheetType } from './history-sheet';
import type { RelatedSheet as RelatedSheetType } from './related-sheet';
import type { MuteMenu as MuteMenuType } from './mute-menu';
import type { ShortcutsDialog as ShortcutsDialogType } from './shortcuts-dialog';

// The Issues screen's dialogs and menus load right after its first render, not with it (issue 16
// §7: initial JS of /app/issues). Each stands in with what it shows while closed: nothing for the
// dialogs, the trigger for the menus; a controlled `open` set before the code arrives takes
// effect when it does.

const HistorySheetImpl = lazy(() => import('./history-sheet').then((m) => ({ default: m.HistorySheet })));
const RelatedSheetImpl = lazy(() => import('./related-sheet').then((m) => ({ default: m.RelatedSheet })));
const ShortcutsDialogImpl = lazy(() => import('./shortcuts-dialog').then((m) => ({ default: m.ShortcutsDialog })));
const ExportMenuImpl = lazy(() => import('./export-menu').then((m) => ({ default: m.ExportMenu })));
const MuteMenuImpl = lazy(() => import('./mute-menu').then((m) => ({ default: m.MuteMenu })));

export function HistorySheet(props: ComponentProps<typeof HistorySheetType>) {
  return (
    <Suspense fallback={null}>
      <HistorySheetImpl {...props} />
    </Suspense>
  );
}

export function RelatedSheet(props: ComponentProps<typeof RelatedSheetType>) {
  return (
    <Suspense fallback={null}>
      <RelatedSheetImpl {...props} />
    </Suspense>
  );
}

export function ShortcutsDialog(props: ComponentProps<typeof ShortcutsDialogType>) {
  return (
    <Suspense fallback={null}>
      <ShortcutsDialogImpl {...props} />
    </Suspense>
  );
}

export function ExportMenu(props: ComponentProps<typeof ExportMenuType>) {
  return (
    <Suspense
      fallback={
        <Button variant="outline" size="sm" disabled>
          <Download className="size-4" aria-hidden />
          Export fixes
          <ChevronDown className="size-3.5" aria-hidden />
        </Button>
      }
    >
      <ExportMenuImpl {...props} />
    </Suspense>
  );
}

export function MuteMenu(props: ComponentProps<typeof MuteMenuType>) {
  return (
    <Suspense fallback={props.trigger}>
      <MuteMenuImpl {...props} />
    </Suspense>
  );
}
