import { UserPlus, X } from 'lucide-react';
import { Dialog } from 'radix-ui';
import { useId, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { inputClasses } from '../../../components/ui/field';
import { Spinner } from '../../../components/ui/spinner';
import { formatCount } from '../../../utils/format';
import { useAssignees, useBulkAssign } from '../api/assign';
import { errorText } from '../utils/messages';

// Assign the selected rows to a colleague (issue 13 §4): who works on them; the owner stays.

export function AssignDialog({
  instanceId,
  datasetId,
  issueIds,
  open,
  onOpenChange,
  onDone,
}: {
  instanceId: string;
  datasetId: string;
  issueIds: string[];
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onDone: (message: string) => void;
}) {
  const assignees = useAssignees(instanceId, datasetId, open);
  const assign = useBulkAssign(instanceId, datasetId);
  const [who, setWho] = useState('');
  const [reason, setReason] = useState('');
  const [error, setError] = useState('');
  const whoId = useId();
  const reasonId = useId();
  const submit = async () => {
    setError('');
    try {
      const r = await assign.mutateAsync({ issue_ids: issueIds, assigned_to: who, ...(reason.trim() ? { assignment_reason: reason.trim() } : {}) });
      onDone(`Assigned ${formatCount(r.assigned)} of ${formatCount(r.total)} rows to ${r.assigned_to}${r.failed ? `, ${formatCount(r.failed)} failed: ${[...new Set(r.errors.map((e) => e.error))].join(' ')}` : ''}`);
      onOpenChange(false);
    } catch (e) {
      setError(`Failed to assign. ${errorText(e)}`);
    }
  };
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/40" />
        <Dialog.Content className="fixed top-1/2 left-1/2 z-50 flex w-[min(28rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 flex-col gap-4 rounded-xl border bg-card p-6 text-card-foreground shadow-2xl outline-none">
          <div className="flex items-start justify-between gap-4">
            <div>
              <Dialog.Title className="text-lg font-semibold">Assign {formatCount(issueIds.length)} rows</Dialog.Title>
              <Dialog.Description className="text-sm text-muted-foreground">The assignee works on them and is notified. The owner stays what the check says.</Dialog.Description>
            </div>
            <Dialog.Close className="inline-flex size-8 items-center justify-center rounded-md text-muted-foreground hover:bg-muted hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring">
              <X className="size-4" aria-hidden />
              <span className="sr-only">Close</span>
            </Dialog.Close>
          </div>
          <div className="flex flex-col gap-1.5">
            <label htmlFor={whoId} className="text-sm font-medium">
              Assignee
            </label>
            <select id={whoId} className={inputClasses} value={who} onChange={(e) => setWho(e.target.value)} disabled={assignees.isPending}>
              <option value="">{assignees.isPending ? 'Loading...' : 'Choose a colleague'}</option>
              {(assignees.data?.assignees ?? []).map((a) => (
                <option key={a.email} value={a.email}>
                  {a.name} ({a.email})
                </option>
              ))}
            </select>
          </div>
          <div className="flex flex-col gap-1.5">
            <label htmlFor={reasonId} className="text-sm font-medium">
              Reason (optional)
            </label>
            <input id={reasonId} className={inputClasses} value={reason} maxLength={500} onChange={(e) => setReason(e.target.value)} />
          </div>
          {error ? (
            <p role="alert" className="text-sm text-danger">
              {error}
            </p>
          ) : null}
          <div className="flex justify-end gap-2">
            <Button variant="ghost" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button disabled={!who || assign.isPending} onClick={() => void submit()}>
              {assign.isPending ? <Spinner /> : <UserPlus className="size-4" aria-hidden />}
              Assign
            </Button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
