import { Keyboard, X } from 'lucide-react';
import { Dialog } from 'radix-ui';
import { TRIAGE_SHORTCUTS } from '../hooks/use-triage-shortcuts';

/** The keys of keyboard triage, opened with ? (issue 3 §3). */
export function ShortcutsDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/40" />
        <Dialog.Content className="fixed top-1/2 left-1/2 z-50 w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-xl border bg-card p-6 text-card-foreground shadow-2xl outline-none">
          <div className="mb-4 flex items-start justify-between gap-4">
            <div>
              <Dialog.Title className="flex items-center gap-2 text-lg font-semibold">
                <Keyboard className="size-5" aria-hidden />
                Keyboard shortcuts
              </Dialog.Title>
              <Dialog.Description className="text-sm text-muted-foreground">
                They act on the focused row; they pause while you type.
              </Dialog.Description>
            </div>
            <Dialog.Close className="inline-flex size-8 items-center justify-center rounded-md text-muted-foreground hover:bg-muted hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring">
              <X className="size-4" aria-hidden />
              <span className="sr-only">Close</span>
            </Dialog.Close>
          </div>
          <table className="w-full text-sm">
            <caption className="sr-only">Keyboard shortcuts</caption>
            <thead className="sr-only">
              <tr>
                <th scope="col">Key</th>
                <th scope="col">Action</th>
              </tr>
            </thead>
            <tbody>
              {TRIAGE_SHORTCUTS.map((shortcut) => (
                <tr key={shortcut.key} className="border-b last:border-b-0">
                  <td className="w-14 py-2">
                    <kbd className="inline-flex min-w-7 justify-center rounded-md border bg-muted px-2 py-0.5 font-mono text-xs font-semibold shadow-xs">
                      {shortcut.key}
                    </kbd>
                  </td>
                  <td className="py-2">{shortcut.label}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
