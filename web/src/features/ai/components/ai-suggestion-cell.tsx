import { Check, Pencil, Sparkles, ThumbsDown, ThumbsUp, X } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import type { FeedbackKind, SuggestionView } from '../../../../../shared/schemas/ai';
import type { IssueRow } from '../../../../../shared/schemas/issues';
import { Button } from '../../../components/ui/button';
import { inputClasses } from '../../../components/ui/field';
import { Spinner } from '../../../components/ui/spinner';
import { useInstances } from '../../../lib/instances';
import { cn } from '../../../utils/cn';
import { postFeedback } from '../api/suggestions';
import { useAiSuggestion } from '../hooks/use-ai-suggestion';

// The AI suggestion under a row's current value (spec 1 §2): "AI analyzing…" while queued; then
// the suggested value, its confidence and reasoning, with Accept (resolves the row with
// accept_suggestion), Edit (a manual edit prefilled with the suggestion: the AI flag is gone)
// and Dismiss; thumbs up or down with an optional comment teach the provider.

export interface AiSuggestionCellProps {
  row: IssueRow;
  /** Resolves the row with the suggestion (the issues screen's accept, with its highlight rules). */
  onAccept: (suggestion: { suggestedValue: string; confidence: number; reasoning: string }) => void | Promise<unknown>;
  /** Saves a manual edit (the issues screen's save): resolves to whether it was saved. */
  onSaveEdit: (value: string) => Promise<boolean>;
  /** A write of the row is in flight. */
  busy?: boolean;
}

const EMPTY_VALUE = 'Value cannot be empty';

function EditSuggestion({ initial, onSave, onCancel }: { initial: string; onSave: (value: string) => Promise<boolean>; onCancel: () => void }) {
  const [value, setValue] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const errorId = useId();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const trimmed = value.trim();
    if (!trimmed) return setError(EMPTY_VALUE);
    setSaving(true);
    if (!(await onSave(trimmed))) setSaving(false);
  };
  return (
    <form onSubmit={submit} className="flex flex-col gap-1">
      <div className="flex items-center gap-1">
        <input
          autoFocus
          value={value}
          disabled={saving}
          onChange={(e) => {
            setValue(e.target.value);
            setError(null);
          }}
          onKeyDown={(e) => {
            if (e.key === 'Escape') {
              e.preventDefault();
              e.stopPropagation();
              onCancel();
            }
          }}
          aria-label="Edit the suggested value"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          className={cn(inputClasses, 'h-8 min-w-0 flex-1 px-2')}
        />
        <Button type="submit" size="sm" variant="outline" disabled={saving} aria-label="Save edit">
          <Check className="size-4" aria-hidden />
        </Button>
      </div>
      {error ? (
        <p id={errorId} role="alert" className="text-xs font-medium text-danger">
          {error}
        </p>
      ) : null}
    </form>
  );
}

function Feedback({ onVote }: { onVote: (kind: FeedbackKind, comments?: string) => Promise<void> }) {
  const [vote, setVote] = useState<'up' | 'down' | null>(null);
  const [comment, setComment] = useState('');
  const [sent, setSent] = useState(false);
  if (sent) return <span className="text-xs text-muted-foreground">Thanks for the feedback</span>;
  return (
    <span className="flex items-center gap-1">
      <Button size="icon" variant="ghost" className="size-7" aria-label="Good suggestion" aria-pressed={vote === 'up'} onClick={() => setVote('up')}>
        <ThumbsUp className="size-3.5" aria-hidden />
      </Button>
      <Button size="icon" variant="ghost" className="size-7" aria-label="Bad suggestion" aria-pressed={vote === 'down'} onClick={() => setVote('down')}>
        <ThumbsDown className="size-3.5" aria-hidden />
      </Button>
      {vote ? (
        <form
          className="flex items-center gap-1"
          onSubmit={async (e) => {
            e.preventDefault();
            await onVote(vote, comment.trim() || undefined);
            setSent(true);
          }}
        >
          <input value={comment} onChange={(e) => setComment(e.target.value)} placeholder="Comment (optional)" aria-label="Feedback comment" className={cn(inputClasses, 'h-7 w-40 px-2 text-xs')} />
          <Button type="submit" size="sm" variant="outline" className="h-7">
            Send
          </Button>
        </form>
      ) : null}
    </span>
  );
}

function Ready({ view, props, onFeedback }: { view: SuggestionView; props: AiSuggestionCellProps; onFeedback: (kind: FeedbackKind, comments?: string) => Promise<void> }) {
  const [editing, setEditing] = useState(false);
  const suggested = view.suggestedValue ?? '';
  if (editing) return <EditSuggestion initial={suggested} onSave={props.onSaveEdit} onCancel={() => setEditing(false)} />;
  const disabled = props.busy || props.row.status !== 'open';
  return (
    <div className="flex flex-col gap-1 rounded-md border border-primary/30 bg-primary/5 p-1.5" data-testid="ai-suggestion">
      <div className="flex flex-wrap items-center gap-1.5">
        <Sparkles className="size-3.5 shrink-0 text-primary" aria-label="AI suggestion" role="img" />
        <span className="font-medium break-all" data-testid="ai-suggested-value">
          {suggested === '' ? <em>(empty)</em> : suggested}
        </span>
        <span className="rounded bg-muted px-1 text-xs tabular-nums" aria-label={`Confidence ${view.confidence ?? 0} percent`}>
          {view.confidence ?? 0}%
        </span>
      </div>
      {view.reasoning ? (
        <p className="line-clamp-2 text-xs text-muted-foreground" title={view.reasoning}>
          {view.reasoning}
        </p>
      ) : null}
      <div className="flex flex-wrap items-center gap-0.5">
        <Button size="sm" className="h-7 px-2" disabled={disabled} onClick={() => props.onAccept({ suggestedValue: suggested, confidence: view.confidence ?? 0, reasoning: view.reasoning ?? '' })}>
          <Check className="size-3.5" aria-hidden /> Accept
        </Button>
        <Button size="icon" variant="ghost" className="size-7" aria-label="Edit the suggestion" title="Edit" disabled={disabled} onClick={() => setEditing(true)}>
          <Pencil className="size-3.5" aria-hidden />
        </Button>
        <Button size="icon" variant="ghost" className="size-7" aria-label="Dismiss the suggestion" title="Dismiss" disabled={props.busy} onClick={() => void onFeedback('dismissed')}>
          <X className="size-3.5" aria-hidden />
        </Button>
        <Feedback onVote={onFeedback} />
      </div>
    </div>
  );
}

export function AiSuggestionCell(props: AiSuggestionCellProps) {
  const { currentInstanceId } = useInstances();
  if (!currentInstanceId || props.row.status === 'resolved') return null;
  return <AiSuggestionState instanceId={currentInstanceId} {...props} />;
}

function AiSuggestionState(props: AiSuggestionCellProps & { instanceId: string }) {
  const { instanceId, row } = props;
  const { view, store } = useAiSuggestion(instanceId, row.dataset_id, row);
  const onFeedback = async (kind: FeedbackKind, comments?: string) => {
    try {
      const next = await postFeedback(instanceId, { datasetId: row.dataset_id, issueId: row.issue_id, feedback: kind, ...(view?.recommendationId ? { recommendationId: view.recommendationId } : {}), ...(comments ? { comments } : {}) });
      if (kind === 'dismissed') store.set(next);
    } catch (error) {
      console.warn('AI feedback failed', error);
    }
  };
  if (!view || view.state === 'none' || view.state === 'dismissed') return null;
  if (view.state === 'queued') {
    return (
      <span className="flex items-center gap-1.5 text-xs text-muted-foreground" role="status" data-testid="ai-analyzing">
        <Spinner className="size-3.5" /> AI analyzing…
      </span>
    );
  }
  if (view.state === 'abstained' || view.state === 'failed') {
    return (
      <span className="text-xs text-muted-foreground" title={view.reasoning ?? undefined}>
        {view.state === 'abstained' ? 'No confident AI suggestion' : 'AI suggestion unavailable'}
      </span>
    );
  }
  return <Ready view={view} props={props} onFeedback={onFeedback} />;
}
