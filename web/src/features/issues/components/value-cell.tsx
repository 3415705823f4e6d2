import { Check, X } from 'lucide-react';
import { useId, useState, type FormEvent, type KeyboardEvent } from 'react';
import type { IssueRow } from '../../../../../shared/schemas/issues';
import { inputClasses } from '../../../components/ui/field';
import { Spinner } from '../../../components/ui/spinner';
import { cn } from '../../../utils/cn';
import { AiSuggestionCell } from '../../ai/components/ai-suggestion-cell';
import { formatCellValue } from '../utils/format-value';
import { EMPTY_VALUE } from '../utils/messages';
import { ActionButton } from './action-button';
import { useIssueTable } from './issue-table-context';

/** Inline edit (spec 1 §2, §5): prefilled; Enter saves the trimmed value, Escape cancels, empty is refused. */
function ValueEditor({ row }: { row: IssueRow }) {
  const { saveEdit, cancelEdit } = useIssueTable();
  const [value, setValue] = useState(row.current_value ?? '');
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const errorId = useId();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (saving) return;
    const trimmed = value.trim();
    if (!trimmed) {
      setError(EMPTY_VALUE);
      return;
    }
    setError(null);
    setSaving(true);
    const saved = await saveEdit(row, trimmed);
    if (!saved) setSaving(false);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      cancelEdit(row);
    }
  };

  return (
    <form onSubmit={submit} className="flex flex-col gap-1">
      <div className="flex items-center gap-1">
        <input
          autoFocus
          value={value}
          onChange={(event) => {
            setValue(event.target.value);
            if (error) setError(null);
          }}
          onKeyDown={onKeyDown}
          disabled={saving}
          aria-label={`New value for ${row.issue_column}`}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          className={cn(inputClasses, 'h-8 min-w-0 flex-1 px-2', error ? 'border-danger' : undefined)}
        />
        {saving ? (
          <Spinner className="mx-2" label="Saving" />
        ) : (
          <>
            <ActionButton type="submit" label="Save" icon={Check} className="text-success" />
            <ActionButton label="Cancel" icon={X} onClick={() => cancelEdit(row)} />
          </>
        )}
      </div>
      {error ? (
        <p id={errorId} role="alert" className="text-xs font-medium text-danger">
          {error}
        </p>
      ) : null}
    </form>
  );
}

/**
 * The Current Value column: the value (amounts as USD), or its inline editor, and below it the
 * row's AI suggestion (features/ai).
 */
export function ValueCell({ row }: { row: IssueRow }) {
  const { editingId, saveEdit, acceptSuggestion, pending } = useIssueTable();
  if (editingId === row.issue_id) return <ValueEditor row={row} />;
  const shown = formatCellValue(row.issue_column, row.current_value);
  return (
    <div className="flex min-w-0 flex-col gap-1">
      {shown === null || shown === '' ? (
        <span className="text-sm italic text-muted-foreground">(empty)</span>
      ) : (
        <span className="truncate tabular-nums" title={shown}>
          {shown}
        </span>
      )}
      {acceptSuggestion ? (
        <AiSuggestionCell row={row} onAccept={(s) => acceptSuggestion(row, s)} onSaveEdit={(value) => saveEdit(row, value)} busy={pending.has(row.issue_id)} />
      ) : null}
    </div>
  );
}
