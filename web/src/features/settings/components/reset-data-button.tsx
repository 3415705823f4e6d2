import { AlertDialog } from 'radix-ui';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button, buttonClasses } from '../../../components/ui/button';
import { useResetDataset } from '../api/scan';

// Reset Data (spec 2 §4, §8): a confirmation first, then "Resetting...", then the page reloads.

export const RESET_FAILED = 'Failed to reset data. Please try again.';
export const RESET_DONE = 'Data reset successfully! The page will reload to reflect changes.';
const RELOAD_DELAY_MS = 1500;

export function ResetDataButton({ instanceId, datasetId, onReset = () => window.location.reload() }: { instanceId: string; datasetId: string; onReset?: () => void }) {
  const reset = useResetDataset(instanceId, datasetId);
  const [open, setOpen] = useState(false);

  const confirm = async () => {
    try {
      await reset.mutateAsync();
      setOpen(false);
      toast.success(RESET_DONE);
      setTimeout(onReset, RELOAD_DELAY_MS);
    } catch {
      setOpen(false);
      toast.error(RESET_FAILED);
    }
  };

  return (
    <AlertDialog.Root open={open} onOpenChange={setOpen}>
      <AlertDialog.Trigger asChild>
        <Button variant="danger" disabled={reset.isPending}>
          {reset.isPending ? 'Resetting...' : 'Reset Data'}
        </Button>
      </AlertDialog.Trigger>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-50 bg-black/40" />
        <AlertDialog.Content className="fixed top-1/2 left-1/2 z-50 w-[min(28rem,90vw)] -translate-x-1/2 -translate-y-1/2 rounded-xl bg-card p-6 shadow-lg">
          <AlertDialog.Title className="text-lg font-semibold">Reset Data?</AlertDialog.Title>
          <AlertDialog.Description className="mt-2 text-sm text-muted-foreground">
            This clears resolved failed rows, resets the dataset to its initial state and clears AI processing history. This action cannot be undone.
          </AlertDialog.Description>
          <div className="mt-6 flex justify-end gap-2">
            <AlertDialog.Cancel className={buttonClasses('outline')}>Cancel</AlertDialog.Cancel>
            <Button variant="danger" onClick={() => void confirm()} disabled={reset.isPending}>
              {reset.isPending ? 'Resetting...' : 'Reset Data'}
            </Button>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
