import { useEffect, useRef, useState, type ReactNode } from 'react';
import { toast } from 'sonner';
import { CHECK_TYPES, checksConfigSchema, DATE_FORMATS, PRIORITIES, SEVERITIES, VALUE_FORMATS, type CheckType } from '../../../../../shared/schemas/checks';
import { Button } from '../../../components/ui/button';
import { inputClasses } from '../../../components/ui/field';
import { ApiError } from '../../../lib/api-client';
import { useCurrentUser } from '../../../lib/session';
import { cn } from '../../../utils/cn';
import { useDatasetConfig, usePreviewChecks, useSaveDatasetConfig } from '../api/dataset-config';
import { DIMENSIONS, fromCheck, newDraft, PARAMS, toConfig, type CheckDraft } from './check-draft';
import { editorProblems, problemId, type EditorProblems, type Problem } from './check-problems';

// The check editor (issue 4 §7): add, edit and remove checks; Preview counts the rows each check
// would fail on the current data before anything is saved. Selects carry aria-label: wrapped in
// their label, their name would otherwise include every option's text.

const selectClasses = cn(inputClasses, 'pr-8');

function problemsOf(error: unknown): Problem[] {
  if (error instanceof ApiError && Array.isArray(error.details)) return error.details as Problem[];
  return [{ message: error instanceof Error ? error.message : 'Something went wrong' }];
}

/** A labelled control with its problem, if any, below it (outside the label: not part of the name). */
function Field({ label, problem, id, children }: { label: string; problem?: string; id: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-1">
      <label className="flex flex-col gap-1 text-xs font-medium">
        {label}
        {children}
      </label>
      {problem ? (
        <p id={id} className="text-xs text-danger">
          {problem}
        </p>
      ) : null}
    </div>
  );
}

export function CheckEditor({ instanceId, datasetId }: { instanceId: string; datasetId: string }) {
  const user = useCurrentUser();
  const configQuery = useDatasetConfig(instanceId, datasetId);
  const save = useSaveDatasetConfig(instanceId, datasetId);
  const preview = usePreviewChecks(instanceId, datasetId);
  const [drafts, setDrafts] = useState<CheckDraft[]>([]);
  const [owner, setOwner] = useState(user.email);
  const [problems, setProblems] = useState<EditorProblems | null>(null);
  const sectionRef = useRef<HTMLElement>(null);

  // After a failed preview or save, the first field with a problem takes the focus.
  useEffect(() => {
    if (problems) sectionRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [problems]);

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

  const problemOf = (index: number, field: string) => problems?.checks.get(index)?.get(field);
  /** aria-invalid, aria-describedby and the highlight for a control whose field has a problem. */
  const invalid = (index: number, field: string, base: string) =>
    problemOf(index, field) ? { 'aria-invalid': true as const, 'aria-describedby': problemId(index, field), className: cn(base, 'border-danger ring-1 ring-danger') } : { className: base };
  const show = (found: Problem[]) => setProblems(editorProblems(found, drafts.map((d) => d.type)));

  const run = async (action: 'preview' | 'save') => {
    setProblems(null);
    // The shared schema is the server's: what it refuses here needs no round trip.
    const local = checksConfigSchema.safeParse(config());
    if (!local.success) {
      show(local.error.issues.map((issue) => ({ field: issue.path.join('.'), message: issue.message })));
      return;
    }
    try {
      if (action === 'preview') await preview.mutateAsync(config());
      else {
        await save.mutateAsync(config());
        toast.success('Checks saved');
      }
    } catch (error) {
      show(problemsOf(error));
    }
  };

  return (
    <section ref={sectionRef} aria-labelledby="checks-heading" className="flex flex-col gap-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h3 id="checks-heading" className="text-base font-semibold">
            Checks
          </h3>
          <p className="text-sm text-muted-foreground">Each failing cell becomes a failed row on the Issues screen.</p>
        </div>
        <div className="flex flex-col gap-1">
          <label className="flex flex-col gap-1 text-sm font-medium">
            Owner of failed rows
            <input
              className={cn(inputClasses, 'min-w-72', problems?.owner && 'border-danger ring-1 ring-danger')}
              type="email"
              value={owner}
              onChange={(e) => setOwner(e.target.value)}
              aria-invalid={problems?.owner ? true : undefined}
              aria-describedby={problems?.owner ? 'check-owner-problem' : undefined}
            />
          </label>
          {problems?.owner ? (
            <p id="check-owner-problem" className="text-xs text-danger">
              {problems.owner}
            </p>
          ) : null}
        </div>
      </div>

      {drafts.length === 0 ? <p className="text-sm text-muted-foreground">No checks yet. This dataset needs finalization: add at least one check and run a scan.</p> : null}
      <ol className="flex flex-col gap-3">
        {drafts.map((draft, index) => (
          <li key={index} className="rounded-lg border border-border p-3">
            <fieldset className="grid gap-3 sm:grid-cols-3 lg:grid-cols-4">
              <legend className="sr-only">Check {index + 1}</legend>
              <Field label="Name" id={problemId(index, 'name')} problem={problemOf(index, 'name')}>
                <input {...invalid(index, 'name', inputClasses)} value={draft.name} onChange={(e) => update(index, { name: e.target.value })} />
              </Field>
              <Field label="Type" id={problemId(index, 'type')} problem={problemOf(index, 'type')}>
                <select {...invalid(index, 'type', selectClasses)} aria-label="Type" value={draft.type} onChange={(e) => update(index, { ...newDraft(e.target.value as CheckType, draft.column, index), name: draft.name })}>
                  {CHECK_TYPES.map((t) => (
                    <option key={t} value={t}>
                      {t.replace('_', ' ')}
                    </option>
                  ))}
                </select>
              </Field>
              <Field label="Column" id={problemId(index, 'column')} problem={problemOf(index, 'column')}>
                <select {...invalid(index, 'column', selectClasses)} aria-label="Column" value={draft.column} onChange={(e) => update(index, { column: e.target.value })}>
                  {columns.map((c) => (
                    <option key={c} value={c}>
                      {c}
                    </option>
                  ))}
                </select>
              </Field>
              <Field label="Dimension" id={problemId(index, 'dimension')} problem={problemOf(index, 'dimension')}>
                <select {...invalid(index, 'dimension', selectClasses)} aria-label="Dimension" value={draft.dimension} onChange={(e) => update(index, { dimension: e.target.value as CheckDraft['dimension'] })}>
                  <option value="">from check name</option>
                  {DIMENSIONS.map((d) => (
                    <option key={d} value={d}>
                      {d.replace('_', ' ')}
                    </option>
                  ))}
                </select>
              </Field>
              <Field label="Subcategory" id={problemId(index, 'subcategory')} problem={problemOf(index, 'subcategory')}>
                <input {...invalid(index, 'subcategory', inputClasses)} value={draft.subcategory} onChange={(e) => update(index, { subcategory: e.target.value })} />
              </Field>
              <Field label="Priority" id={problemId(index, 'priority')} problem={problemOf(index, 'priority')}>
                <select {...invalid(index, 'priority', selectClasses)} aria-label="Priority" value={draft.priority} onChange={(e) => update(index, { priority: e.target.value as CheckDraft['priority'] })}>
                  {PRIORITIES.map((p) => (
                    <option key={p}>{p}</option>
                  ))}
                </select>
              </Field>
              <Field label="Severity" id={problemId(index, 'severity')} problem={problemOf(index, 'severity')}>
                <select {...invalid(index, 'severity', selectClasses)} aria-label="Severity" value={draft.severity} onChange={(e) => update(index, { severity: e.target.value as CheckDraft['severity'] })}>
                  {SEVERITIES.map((s) => (
                    <option key={s}>{s}</option>
                  ))}
                </select>
              </Field>
              {PARAMS[draft.type].map((param) =>
                param.key === 'format' ? (
                  <Field key={param.key} label={param.label} id={problemId(index, param.key)} problem={problemOf(index, param.key)}>
                    <select {...invalid(index, param.key, selectClasses)} aria-label={param.label} value={draft.params.format ?? 'email'} onChange={(e) => updateParam(index, 'format', e.target.value)}>
                      {VALUE_FORMATS.map((f) => (
                        <option key={f}>{f}</option>
                      ))}
                    </select>
                  </Field>
                ) : param.key === 'dateFormats' && draft.params.format !== 'date' ? null : (
                  <Field key={param.key} label={param.label} id={problemId(index, param.key)} problem={problemOf(index, param.key)}>
                    <input
                      {...invalid(index, param.key, inputClasses)}
                      value={draft.params[param.key] ?? ''}
                      placeholder={param.key === 'dateFormats' ? DATE_FORMATS.join(', ') : param.placeholder}
                      onChange={(e) => updateParam(index, param.key, e.target.value)}
                    />
                  </Field>
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
      {problems && problems.count > 0 ? (
        <div role="alert" className="rounded-lg bg-danger-soft p-3 text-sm text-danger">
          <p>{problems.count === 1 ? '1 problem to fix' : `${problems.count} problems to fix`}{problems.count > problems.general.length ? ': see the highlighted fields.' : '.'}</p>
          {problems.general.length > 0 ? (
            <ul className="mt-1 list-disc pl-5">
              {problems.general.map((p) => (
                <li key={p}>{p}</li>
              ))}
            </ul>
          ) : null}
        </div>
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
