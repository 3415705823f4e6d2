import { Plus, Trash2 } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import {
  DEFAULT_USE_CASE_PRIORITY,
  NO_ACTIVE_USE_CASES,
  USE_CASE_DESCRIPTION_MAX,
  USE_CASE_NAME_MAX,
  USE_CASE_PRIORITIES,
  type UseCase,
  type UseCasePriority,
} from '../../../../../shared/use-cases';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Field, inputClasses } from '../../../components/ui/field';
import { Spinner } from '../../../components/ui/spinner';
import { ApiError } from '../../../lib/api-client';
import { cn } from '../../../utils/cn';
import { ConfirmDialog, selectClasses, type ConfirmRequest } from '../../team/components/modal';
import { useCreateUseCase, useDeleteUseCase, useUpdateUseCase, useUseCases } from '../api/use-cases';
import { PRIORITY_LABEL, PriorityBadge } from './priority-badge';

// Settings → Tagging (Business Impact & Use Cases; spec 2 §2.3, §4, §5): the organization's use
// cases with their priority, an enabled switch, delete with confirmation, and the form to add one
// (name and description required, priority medium by default; new ones start enabled).

const errorText = (error: unknown, fallback: string) => (error instanceof ApiError ? error.serverError ?? error.message : fallback);

function UseCaseRow({ useCase, onDelete }: { useCase: UseCase; onDelete: (u: UseCase) => void }) {
  const update = useUpdateUseCase();
  const toggle = () =>
    update.mutate(
      { id: useCase.id, enabled: !useCase.enabled },
      {
        onSuccess: ({ data }) => toast.success(`${data.name} ${data.enabled ? 'enabled' : 'disabled'}`),
        onError: (error) => toast.error(errorText(error, 'Failed to update the use case. Please try again.')),
      },
    );
  return (
    <li className="flex flex-wrap items-start gap-3 border-b py-3 last:border-b-0" data-testid="use-case" data-id={useCase.id}>
      <button
        type="button"
        role="switch"
        aria-checked={useCase.enabled}
        aria-label={`${useCase.name} enabled`}
        disabled={update.isPending}
        onClick={toggle}
        className={cn(
          'relative mt-0.5 inline-flex h-6 w-11 shrink-0 items-center rounded-full transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring disabled:opacity-60',
          useCase.enabled ? 'bg-primary' : 'bg-muted-foreground/40',
        )}
      >
        <span className={cn('inline-block size-5 rounded-full bg-white shadow transition-transform', useCase.enabled ? 'translate-x-5' : 'translate-x-0.5')} />
      </button>
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-center gap-2 text-sm font-medium">
          {useCase.name}
          <PriorityBadge priority={useCase.priority} />
          {useCase.custom ? <span className="text-xs font-normal text-muted-foreground">Custom</span> : null}
        </p>
        <p className="mt-0.5 text-sm text-muted-foreground">{useCase.description}</p>
      </div>
      <Button variant="ghost" size="sm" aria-label={`Delete ${useCase.name}`} onClick={() => onDelete(useCase)}>
        <Trash2 className="size-4" aria-hidden />
      </Button>
    </li>
  );
}

function AddUseCaseForm() {
  const create = useCreateUseCase();
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [priority, setPriority] = useState<UseCasePriority>(DEFAULT_USE_CASE_PRIORITY);
  const ready = name.trim() !== '' && description.trim() !== '';
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!ready) return;
    create.mutate(
      { name, description, priority },
      {
        onSuccess: ({ data }) => {
          toast.success(`Use case ${data.name} added`);
          setName('');
          setDescription('');
          setPriority(DEFAULT_USE_CASE_PRIORITY);
        },
        onError: (error) => toast.error(errorText(error, 'Failed to add the use case. Please try again.')),
      },
    );
  };
  return (
    <form onSubmit={submit} className="grid gap-3 md:grid-cols-[1fr_2fr_10rem_auto] md:items-end" aria-label="Add use case">
      <Field label="Name" value={name} maxLength={USE_CASE_NAME_MAX} onChange={(e) => setName(e.target.value)} placeholder="e.g. Churn model" />
      <Field label="Description" value={description} maxLength={USE_CASE_DESCRIPTION_MAX} onChange={(e) => setDescription(e.target.value)} placeholder="What the data is used for" />
      <label className="flex flex-col gap-1.5 text-sm font-medium">
        Priority
        <select className={selectClasses} value={priority} onChange={(e) => setPriority(e.target.value as UseCasePriority)}>
          {USE_CASE_PRIORITIES.map((p) => (
            <option key={p} value={p}>
              {PRIORITY_LABEL[p]}
            </option>
          ))}
        </select>
      </label>
      <Button type="submit" disabled={!ready || create.isPending}>
        {create.isPending ? <Spinner /> : <Plus className="size-4" aria-hidden />}
        Add use case
      </Button>
    </form>
  );
}

export function TaggingTab() {
  const query = useUseCases();
  const remove = useDeleteUseCase();
  const [confirm, setConfirm] = useState<ConfirmRequest | null>(null);
  const useCases = query.data?.data ?? [];
  const active = useCases.filter((u) => u.enabled);
  const askDelete = (useCase: UseCase) =>
    setConfirm({
      title: `Delete ${useCase.name}?`,
      description: 'Failed rows will no longer be tagged with this use case. This cannot be undone.',
      confirmLabel: 'Delete',
      onConfirm: () =>
        remove.mutateAsync(useCase.id).then(
          () => toast.success(`${useCase.name} deleted`),
          (error: unknown) => toast.error(errorText(error, 'Failed to delete the use case. Please try again.')),
        ),
    });

  return (
    <div className="flex flex-col gap-6">
      <Card>
        <CardHeader>
          <CardTitle>Business Impact & Use Cases</CardTitle>
          <CardDescription>
            What your organization uses its data for. Failed rows are tagged with the enabled use cases they affect, by their column, dataset and check — see the Impact column of the Issues screen.
          </CardDescription>
        </CardHeader>
        <CardContent>
          {query.isPending ? (
            <p className="flex items-center gap-2 text-sm text-muted-foreground">
              <Spinner /> Loading use cases…
            </p>
          ) : query.isError ? (
            <p className="text-sm text-danger" role="alert">
              Failed to load use cases.{' '}
              <Button variant="link" size="sm" onClick={() => void query.refetch()}>
                Retry
              </Button>
            </p>
          ) : (
            <>
              <p className="mb-2 text-sm" data-testid="active-use-cases">
                {active.length === 0 ? <span className="text-muted-foreground">{NO_ACTIVE_USE_CASES}</span> : `${active.length} of ${useCases.length} use cases active`}
              </p>
              <ul aria-label="Use cases">
                {useCases.map((u) => (
                  <UseCaseRow key={u.id} useCase={u} onDelete={askDelete} />
                ))}
              </ul>
            </>
          )}
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>Add a use case</CardTitle>
          <CardDescription>Name and description are required; the words of both are matched against column and dataset names. New use cases start enabled.</CardDescription>
        </CardHeader>
        <CardContent>
          <AddUseCaseForm />
        </CardContent>
      </Card>
      <ConfirmDialog request={confirm} onClose={() => setConfirm(null)} pending={remove.isPending} />
    </div>
  );
}
