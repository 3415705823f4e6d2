import { useEffect, useState } from 'react';
import { toast } from 'sonner';
import { CHECK_TYPES, DATE_FORMATS, PRIORITIES, SEVERITIES, VALUE_FORMATS, type CheckType } from '../../../../../shared/schemas/checks';
import { Button } from '../../../components/ui/button';
import { inputClasses } from '../../../components/ui/field';
import { ApiError } from '../../../lib/api-client';
import { useCurrentUser } from '../../../lib/session';
import { cn } from '../../../utils/cn';
import { useDatasetConfig, usePreviewChecks, useSaveDatasetConfig } from '../api/dataset-config';
import { DIMENSIONS, fromCheck, newDraft, PARAMS, toConfig, type CheckDraft } from './check-draft';

// The check editor (issue 4 §7): add, edit and remove checks; Preview counts the rows each check
// would fail on the current data before anything is saved. Selects carry aria-label: wrapped in
// their label, their name would otherwise include every option's text.

const selectClasses = cn(inputClasses, 'pr-8');

function problemsOf(error: unknown): string[] {
  if (error instanceof ApiError && Array.isArray(error.details)) {
    return (error.details as Array<{ field?: string; message?: string }>).map((d) => `${d.field ?? ''} ${d.message ?? ''}`.trim());
  }
  return error instanceof Error ? [error.message] : ['Something went wrong'];
}

export function CheckEditor({ instanceId, datasetId }: { instanceId: string; datasetId: string }) {
  const user = useCurrentUser();
  const configQuery = useDatasetConfig(instanceId, datasetId);
  const save = useSaveDatasetConfig(instanceId, datasetId);
  const preview = usePreviewChecks(instanceId, datasetId);
  const [drafts, setDrafts] = useState<CheckDraft[]>([]);
  const [owner, setOwner] = useState(user.email);
  const [problems, setProblems] = useState<string[]>([]);

  useEffect(() => {
    const config = configQuery.data?.config;
    setDrafts(config ? config.checks.map(fromCheck) : []);
    if (config?.ownerRule.kind === 'fixed') setOwner(config.ownerRule.owner);
    preview.reset();
    // Reload the drafts only when another dataset's config arrives.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [configQuery.data]);

  if (configQuery.isPending) return <p className="text-sm text-muted-foreground">Loading checks…</p>;
  if (configQuery.isError) return <p role="alert" className="text-sm text-danger">Failed to load the checks of this dataset.</p>;
  const columns = configQuery.data.columns;
  const counts = new Map(preview.data?.checks.map((c) => [c.name, c.failed]) ?? []);

  const update = (index: number, patch: Partial<CheckDraft>) => setDrafts((all) => all.map((d, i) => (i === index ? { ...d, ...patch } : d)));
  const updateParam = (index: number, key: string, value: string) => setDrafts((all) => all.map((d, i) => (i === index ? { ...d, params: { ...d.params, [key]: value } } : d)));
  const config = () => toConfig(owner, drafts);

  const run = async (action: 'preview' | 'save') => {
    setProblems([]);
    try {
      if (action === 'preview') await preview.mutateAsync(config());
      else {
        await save.mutateAsync(config());
        toast.success('Checks saved');
      }
    } catch (error) {
      setProblems(problemsOf(error));
    }
  };

  return (
    <section aria-labelledby="checks-heading" className="flex flex-col gap-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h3 id="checks-heading" className="text-base font-semibold">
            Checks
          </h3>
          <p className="text-sm text-muted-foreground">Each failing cell becomes a failed row on the Issues screen.</p>
        </div>
        <label className="flex flex-col gap-1 text-sm font-medium">
          Owner of failed rows
          <input className={cn(inputClasses, 'min-w-72')} type="email" value={owner} onChange={(e) => setOwner(e.target.value)} />
        </label>
      </div>

      {drafts.length === 0 ? <p className="text-sm text-muted-foreground">No checks yet. This dataset needs finalization: add at least one check and run a scan.</p> : null}
      <ol className="flex flex-col gap-3">
        {drafts.map((draft, index) => (
          <li key={index} className="rounded-lg border border-border p-3">
            <fieldset className="grid gap-3 sm:grid-cols-3 lg:grid-cols-4">
              <legend className="sr-only">Check {index + 1}</legend>
              <label className="flex flex-col gap-1 text-xs font-medium">
                Name
                <input className={inputClasses} value={draft.name} onChange={(e) => update(index, { name: e.target.value })} />
              </label>
              <label className="flex flex-col gap-1 text-xs font-medium">
                Type
                <select className={selectClasses} aria-label="Type" value={draft.type} onChange={(e) => update(index, { ...newDraft(e.target.value as CheckType, draft.column, index), name: draft.name })}>
                  {CHECK_TYPES.map((t) => (
                    <option key={t} value={t}>
                      {t.replace('_', ' ')}
                    </option>
                  ))}
                </select>
              </label>
              <label className="flex flex-col gap-1 text-xs font-medium">
                Column
                <select className={selectClasses} aria-label="Column" value={draft.column} onChange={(e) => update(index, { column: e.target.value })}>
                  {columns.map((c) => (
                    <option key={c} value={c}>
                      {c}
                    </option>
                  ))}
                </select>
              </label>
              <label className="flex flex-col gap-1 text-xs font-medium">
                Dimension
                <select className={selectClasses} aria-label="Dimension" value={draft.dimension} onChange={(e) => update(index, { dimension: e.target.value as CheckDraft['dimension'] })}>
                  <option value="">from check name</option>
                  {DIMENSIONS.map((d) => (
                    <option key={d} value={d}>
                      {d.replace('_', ' ')}
                    </option>
                  ))}
                </select>
              </label>
              <label className="flex flex-col gap-1 text-xs font-medium">
                Subcategory
                <input className={inputClasses} value={draft.subcategory} onChange={(e) => update(index, { subcategory: e.target.value })} />
              </label>
              <label className="flex flex-col gap-1 text-xs font-medium">
                Priority
                <select className={selectClasses} aria-label="Priority" value={draft.priority} onChange={(e) => update(index, { priority: e.target.value as CheckDraft['priority'] })}>
                  {PRIORITIES.map((p) => (
                    <option key={p}>{p}</option>
                  ))}
                </select>
              </label>
              <label className="flex flex-col gap-1 text-xs font-medium">
                Severity
                <select className={selectClasses} aria-label="Severity" value={draft.severity} onChange={(e) => update(index, { severity: e.target.value as CheckDraft['severity'] })}>
                  {SEVERITIES.map((s) => (
                    <option key={s}>{s}</option>
                  ))}
                </select>
              </label>
              {PARAMS[draft.type].map((param) =>
                param.key === 'format' ? (
                  <label key={param.key} className="flex flex-col gap-1 text-xs font-medium">
                    {param.label}
                    <select className={selectClasses} aria-label={param.label} value={draft.params.format ?? 'email'} onChange={(e) => updateParam(index, 'format', e.target.value)}>
                      {VALUE_FORMATS.map((f) => (
                        <option key={f}>{f}</option>
                      ))}
                    </select>
                  </label>
                ) : param.key === 'dateFormats' && draft.params.format !== 'date' ? null : (
                  <label key={param.key} className="flex flex-col gap-1 text-xs font-medium">
                    {param.label}
                    <input
                      className={inputClasses}
                      value={draft.params[param.key] ?? ''}
                      placeholder={param.key === 'dateFormats' ? DATE_FORMATS.join(', ') : param.placeholder}
                      onChange={(e) => updateParam(index, param.key, e.target.value)}
                    />
                  </label>
                ),
              )}
            </fieldset>
            <div className="mt-2 flex items-center justify-between text-sm">
              <span aria-live="polite" className="text-muted-foreground">
                {counts.has(draft.name) ? `Would fail ${counts.get(draft.name)!.toLocaleString('en-US')} of ${preview.data!.rows.toLocaleString('en-US')} rows` : ''}
              </span>
              <Button variant="ghost" size="sm" onClick={() => setDrafts((all) => all.filter((_, i) => i !== index))} aria-label={`Remove check ${draft.name}`}>
                Remove
              </Button>
            </div>
          </li>
        ))}
      </ol>
      {problems.length > 0 ? (
        <ul role="alert" className="list-disc rounded-lg bg-danger-soft p-3 pl-7 text-sm text-danger">
          {problems.map((p) => (
            <li key={p}>{p}</li>
          ))}
        </ul>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <Button variant="outline" onClick={() => setDrafts((all) => [...all, newDraft('missing', columns[0] ?? '', all.length)])}>
          Add check
        </Button>
        <Button variant="outline" onClick={() => void run('preview')} disabled={preview.isPending || drafts.length === 0}>
          {preview.isPending ? 'Previewing…' : 'Preview'}
        </Button>
        <Button onClick={() => void run('save')} disabled={save.isPending}>
          {save.isPending ? 'Saving…' : 'Save checks'}
        </Button>
      </div>
    </section>
  );
}
