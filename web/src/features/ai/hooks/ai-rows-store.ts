import type { SuggestionView } from '../../../../../shared/schemas/ai';
import type { IssueRow } from '../../../../../shared/schemas/issues';
import { ApiError } from '../../../lib/api-client';
import { getSuggestionViews, postSuggestionBatch } from '../api/suggestions';

// The AI state of the rows a screen shows, for one dataset. Cells register their rows; the store
// asks for suggestions for the open rows that have none and are not loading, in one batch after a
// short pause (spec 1 §4: requests are staggered; here the server's queue does the pacing), then
// polls the cheap state endpoint while any of its rows is queued. Every tab and user sees the
// server's state, so a row is never asked for twice.

const BATCH_DELAY_MS = 50;
const POLL_MS = 1_500;
const MAX_BATCH = 200;

export interface AiRowsEvents {
  /** Rows were queued or finished: the processing indicator should look again. */
  onActivity?: () => void;
  /** The plan refuses AI suggestions (402): the server's message, once. */
  onRefused?: (message: string) => void;
}

function viewFromRow(row: IssueRow): SuggestionView | undefined {
  const s = row.ai_suggestion;
  if (!s) return undefined;
  return {
    issueId: row.issue_id,
    state: 'ready',
    field: row.issue_column,
    currentValue: row.current_value,
    suggestedValue: s.suggestedValue,
    confidence: s.confidence,
    reasoning: s.reasoning,
    recommendationId: null,
    provider: null,
  };
}

export class AiRowsStore {
  private readonly rows = new Map<string, { row: IssueRow; refs: number }>();
  private readonly views = new Map<string, SuggestionView>();
  private readonly asked = new Set<string>();
  private readonly listeners = new Set<() => void>();
  private flushTimer: ReturnType<typeof setTimeout> | undefined;
  private pollTimer: ReturnType<typeof setTimeout> | undefined;
  private refused = false;

  constructor(
    readonly instanceId: string,
    readonly datasetId: string,
    private readonly events: AiRowsEvents = {},
  ) {}

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  get = (issueId: string): SuggestionView | undefined => this.views.get(issueId);

  private emit(): void {
    for (const listener of this.listeners) listener();
  }

  /** A cell shows the row; the returned function says it no longer does. */
  register(row: IssueRow): () => void {
    const entry = this.rows.get(row.issue_id);
    if (entry) {
      entry.refs++;
      entry.row = row;
    } else this.rows.set(row.issue_id, { row, refs: 1 });
    this.update(row);
    this.scheduleFlush();
    return () => {
      const current = this.rows.get(row.issue_id);
      if (current && --current.refs <= 0) this.rows.delete(row.issue_id);
    };
  }

  /** The row as the list shows it now (a suggestion may have come with the list). */
  update(row: IssueRow): void {
    const entry = this.rows.get(row.issue_id);
    if (entry) entry.row = row;
    const fromRow = viewFromRow(row);
    const known = this.views.get(row.issue_id);
    if (fromRow && known?.state !== 'ready' && known?.state !== 'dismissed') {
      this.views.set(row.issue_id, fromRow);
      this.emit();
    }
  }

  /** A view the server answered (e.g. after feedback). */
  set(view: SuggestionView): void {
    this.views.set(view.issueId, view);
    this.emit();
  }

  private scheduleFlush(): void {
    if (this.flushTimer || this.refused) return;
    this.flushTimer = setTimeout(() => {
      this.flushTimer = undefined;
      void this.flush();
    }, BATCH_DELAY_MS);
  }

  private needsAsking(row: IssueRow): boolean {
    if (row.status !== 'open' || row.ai_suggestion || this.asked.has(row.issue_id)) return false;
    const state = this.views.get(row.issue_id)?.state;
    return state === undefined || state === 'none';
  }

  private async flush(): Promise<void> {
    const ids = [...this.rows.values()].filter(({ row }) => this.needsAsking(row)).map(({ row }) => row.issue_id).slice(0, MAX_BATCH);
    if (ids.length === 0) return;
    for (const id of ids) this.asked.add(id);
    try {
      const answer = await postSuggestionBatch(this.instanceId, this.datasetId, ids);
      if (answer.queued > 0) this.events.onActivity?.();
      await this.poll(ids);
    } catch (error) {
      if (error instanceof ApiError && error.status === 402) {
        this.refused = true;
        this.events.onRefused?.(error.serverError ?? error.message);
        return;
      }
      // Logged only (spec 1 §8: AI suggestion failure); the rows may be asked again later.
      for (const id of ids) this.asked.delete(id);
      console.warn('AI suggestion request failed', error);
    }
  }

  private async poll(ids?: readonly string[]): Promise<void> {
    clearTimeout(this.pollTimer);
    this.pollTimer = undefined;
    // Only rows still on screen: a batch's answer may come after its rows left the page.
    const watched = (ids ?? [...this.rows.keys()].filter((id) => this.views.get(id)?.state === 'queued')).filter((id) => this.rows.has(id));
    if (watched.length === 0) return;
    let finished = false;
    try {
      for (let i = 0; i < watched.length; i += 100) {
        for (const view of await getSuggestionViews(this.instanceId, this.datasetId, watched.slice(i, i + 100))) {
          const before = this.views.get(view.issueId)?.state;
          if (before === 'queued' && view.state !== 'queued') finished = true;
          this.views.set(view.issueId, view);
        }
      }
      this.emit();
    } catch (error) {
      console.warn('AI suggestion poll failed', error);
    }
    if (finished) this.events.onActivity?.();
    if ([...this.rows.keys()].some((id) => this.views.get(id)?.state === 'queued')) {
      this.pollTimer = setTimeout(() => void this.poll(), POLL_MS);
    }
  }

  dispose(): void {
    clearTimeout(this.flushTimer);
    clearTimeout(this.pollTimer);
    this.listeners.clear();
  }
}

const stores = new Map<string, AiRowsStore>();

/** One store per instance and dataset for the page's lifetime. */
export function aiRowsStore(instanceId: string, datasetId: string, events: AiRowsEvents): AiRowsStore {
  const key = `${instanceId}\u0000${datasetId}`;
  let store = stores.get(key);
  if (!store) {
    store = new AiRowsStore(instanceId, datasetId, events);
    stores.set(key, store);
  }
  return store;
}

/** Tests start from a clean slate. */
export function resetAiRowsStores(): void {
  for (const store of stores.values()) store.dispose();
  stores.clear();
}
