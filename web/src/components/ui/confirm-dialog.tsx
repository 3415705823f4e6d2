import { AlertDialog } from 'radix-ui';
import { useCallback, useRef, useState, type ReactNode } from 'react';
import { Button } from './button';

// An accessible confirmation (spec 2 §5 "confirmation before destruction"), in place of
// window.confirm: a Radix alert dialog — focus moves into it and stays there, Escape or Cancel
// answers no, the confirm button names the action, and focus returns to what opened it.

export interface ConfirmOptions {
  title: string;
  description: ReactNode;
  /** The action, e.g. "Reset data" (never a bare "OK"). */
  confirmLabel: string;
  cancelLabel?: string;
  /** Destructive actions show the danger button. */
  tone?: 'danger' | 'primary';
}

/** `const [confirm, dialog] = useConfirm()`: render `dialog`; `await confirm({...})` answers true or false. */
export function useConfirm(): [(options: ConfirmOptions) => Promise<boolean>, ReactNode] {
  const [options, setOptions] = useState<ConfirmOptions | null>(null);
  const resolver = useRef<((answer: boolean) => void) | null>(null);

  const confirm = useCallback((next: ConfirmOptions) => {
    resolver.current?.(false);
    setOptions(next);
    return new Promise<boolean>((resolve) => {
      resolver.current = resolve;
    });
  }, []);

  const answer = (value: boolean) => {
    resolver.current?.(value);
    resolver.current = null;
    setOptions(null);
  };

  const dialog = <ConfirmDialog options={options} onAnswer={answer} />;
  return [confirm, dialog];
}

export function ConfirmDialog({ options, onAnswer }: { options: ConfirmOptions | null; onAnswer: (confirmed: boolean) => void }) {
  return (
    <AlertDialog.Root open={options !== null} onOpenChange={(open) => (!open ? onAnswer(false) : undefined)}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-50 bg-black/40" />
        <AlertDialog.Content className="fixed top-1/2 left-1/2 z-50 max-h-[90dvh] w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-xl border bg-card p-6 text-card-foreground shadow-2xl outline-none">
          <AlertDialog.Title className="text-lg font-semibold">{options?.title}</AlertDialog.Title>
          <AlertDialog.Description className="mt-2 text-sm whitespace-pre-line text-muted-foreground">{options?.description}</AlertDialog.Description>
          <div className="mt-6 flex justify-end gap-2">
            <AlertDialog.Cancel asChild>
              <Button variant="outline">{options?.cancelLabel ?? 'Cancel'}</Button>
            </AlertDialog.Cancel>
            <AlertDialog.Action asChild>
              <Button variant={options?.tone === 'primary' ? 'primary' : 'danger'} onClick={() => onAnswer(true)}>
                {options?.confirmLabel}
              </Button>
            </AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
