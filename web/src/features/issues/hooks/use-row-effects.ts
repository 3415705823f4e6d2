import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { TIMINGS } from '../../../../../shared/constants';
import type { IssueRow } from '../../../../../shared/schemas/issues';

// What the table shows around a change (spec 1 §4, §9): the changed row highlighted for 3 s (1 s
// after a bulk action, 0.5 s when a failed bulk action reverts); a row that left the active status
// tab fades out and is removed 500 ms later. While rows fade, the list on screen is held still so
// a refetch (which no longer has them) can't pull them away mid-fade.
//
// Overrides and removals are guarded by the row version, so fresh server data always wins.

export type Highlight = 'changed' | 'bulk' | 'reverted';

interface EffectsState {
  scope: string;
  /** Rows as changed here, shown until the server's copy has the same or a newer version. */
  overrides: ReadonlyMap<string, IssueRow>;
  highlights: ReadonlyMap<string, { kind: Highlight; token: number }>;
  fading: ReadonlySet<string>;
  /** Removed rows, by the version they reached: copies up to that version stay hidden. */
  removed: ReadonlyMap<string, number>;
  /** The rows on screen when the first fade began; null when nothing fades. */
  frozen: readonly IssueRow[] | null;
}

const empty = (scope: string): EffectsState => ({
  scope,
  overrides: new Map(),
  highlights: new Map(),
  fading: new Set(),
  removed: new Map(),
  frozen: null,
});

const HIGHLIGHT_MS: Record<Highlight, number> = {
  changed: TIMINGS.highlightMs,
  bulk: TIMINGS.bulkHighlightMs,
  reverted: TIMINGS.revertMs,
};

export interface RowEffects {
  /** The rows to show: the server's (or the held list while rows fade), with local changes applied. */
  rows: IssueRow[];
  highlightOf: (issueId: string) => Highlight | undefined;
  isFading: (issueId: string) => boolean;
  /** Shows changed rows at once and highlights them. */
  show: (rows: readonly IssueRow[], kind: 'changed' | 'bulk') => void;
  /** Puts rows back as the server has them, with the short revert highlight. */
  revert: (issueIds: readonly string[]) => void;
  /** Fades rows out and removes them after the fade; `onScreen` is what the table showed before the change. */
  leave: (rows: readonly IssueRow[], onScreen: readonly IssueRow[]) => void;
}

/**
 * Row effects for one view of the list; `scope` names the view (dataset, filters, page) and a new
 * scope starts clean.
 */
export function useRowEffects(serverRows: readonly IssueRow[], scope: string): RowEffects {
  const [stored, setState] = useState<EffectsState>(() => empty(scope));
  if (stored.scope !== scope) setState(empty(scope));
  const state = stored.scope === scope ? stored : empty(scope);

  const tokens = useRef(0);
  const timers = useRef(new Set<ReturnType<typeof setTimeout>>());
  useEffect(() => {
    const pending = timers.current;
    return () => pending.forEach(clearTimeout);
  }, []);
  const later = useCallback((ms: number, run: () => void) => {
    const timer = setTimeout(() => {
      timers.current.delete(timer);
      run();
    }, ms);
    timers.current.add(timer);
  }, []);

  const highlight = useCallback(
    (ids: readonly string[], kind: Highlight) => {
      const token = ++tokens.current;
      setState((s) => {
        const highlights = new Map(s.highlights);
        for (const id of ids) highlights.set(id, { kind, token });
        return { ...s, highlights };
      });
      later(HIGHLIGHT_MS[kind], () =>
        setState((s) => {
          const highlights = new Map(s.highlights);
          for (const id of ids) if (highlights.get(id)?.token === token) highlights.delete(id);
          return { ...s, highlights };
        }),
      );
    },
    [later],
  );

  const show = useCallback(
    (rows: readonly IssueRow[], kind: 'changed' | 'bulk') => {
      setState((s) => {
        const overrides = new Map(s.overrides);
        for (const row of rows) overrides.set(row.issue_id, row);
        return { ...s, overrides };
      });
      highlight(
        rows.map((r) => r.issue_id),
        kind,
      );
    },
    [highlight],
  );

  const revert = useCallback(
    (ids: readonly string[]) => {
      if (ids.length === 0) return;
      setState((s) => {
        const overrides = new Map(s.overrides);
        for (const id of ids) overrides.delete(id);
        return { ...s, overrides };
      });
      highlight(ids, 'reverted');
    },
    [highlight],
  );

  const leave = useCallback(
    (rows: readonly IssueRow[], onScreen: readonly IssueRow[]) => {
      if (rows.length === 0) return;
      const ids = rows.map((r) => r.issue_id);
      setState((s) => {
        const fading = new Set(s.fading);
        for (const id of ids) fading.add(id);
        return { ...s, fading, frozen: s.frozen ?? onScreen };
      });
      later(TIMINGS.fadeMs, () =>
        setState((s) => {
          const fading = new Set(s.fading);
          const removed = new Map(s.removed);
          for (const row of rows) {
            fading.delete(row.issue_id);
            removed.set(row.issue_id, row.version);
          }
          return { ...s, fading, removed, frozen: fading.size === 0 ? null : s.frozen };
        }),
      );
    },
    [later],
  );

  const rows = useMemo(() => {
    const base = state.frozen ?? serverRows;
    return base
      .filter((row) => {
        const removedAt = state.removed.get(row.issue_id);
        // The server may still list it for a moment (its index catches up); only a newer change brings it back.
        return removedAt === undefined || row.version > removedAt;
      })
      .map((row) => {
        const local = state.overrides.get(row.issue_id);
        return local && local.version > row.version ? local : row;
      });
  }, [serverRows, state.frozen, state.removed, state.overrides]);

  const { highlights, fading } = state;
  return useMemo(
    () => ({
      rows,
      highlightOf: (id: string) => highlights.get(id)?.kind,
      isFading: (id: string) => fading.has(id),
      show,
      revert,
      leave,
    }),
    [rows, highlights, fading, show, revert, leave],
  );
}
