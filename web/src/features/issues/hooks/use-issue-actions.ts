import { useCallback, useRef, useState } from 'react';
import { toast } from '../../../lib/toast';
import { DEFAULT_MUTE_DURATION, type IssueStatus, type MuteDuration } from '../../../../../shared/constants';
import type { BulkResolveRequest, IssueRow, Resolution } from '../../../../../shared/schemas/issues';
import type { BulkProgressData } from '../../../../../shared/realtime';
import { useRealtimeEvent } from '../../../lib/realtime';
import { useBulkResolve } from '../api/bulk-resolve';
import { useResolveIssue } from '../api/resolve-issue';
import { shortIssueId } from '../utils/format-value';
import {
  BULK_SUCCESS_FALSE,
  MUTE_FAILED,
  RESOLVE_FAILED,
  SAVE_FAILED,
  SELECT_AT_LEAST_ONE,
  UNMUTE_FAILED,
  bulkCompletedMessage,
  bulkFailedMessage,
  isStaleWrite,
  type BulkAction,
} from '../utils/messages';
import { MUTE_DURATION_LABELS } from '../utils/mute-labels';
import { optimisticRow } from '../utils/optimistic-row';
import type { RowEffects } from './use-row-effects';

// The row and bulk actions of the Issues screen with their feedback (spec 1 §4, §8): single
// writes carry the row's version and show the server's message on 409; bulk writes change the
// rows at once and revert them if the call fails.

interface IssueActionsOptions {
  instanceId: string;
  datasetId: string;
  /** The active status tab: a row that leaves it fades out. */
  status: IssueStatus;
  effects: RowEffects;
  /** The rows on screen right now (read when an action starts). */
  rowsOnScreen: () => readonly IssueRow[];
  clearSelection: () => void;
  /** Says what happened to screen-reader users (a polite live region). */
  announce: (message: string) => void;
}

const BULK_RESOLUTIONS: Record<BulkAction, (duration: MuteDuration) => BulkResolveRequest['resolution']> = {
  mute: (muteDuration) => ({ method: 'manual_mute', muteDuration }),
  unmute: () => ({ method: 'manual_unmute' }),
  resolve: () => ({ method: 'manual_fix' }),
};

const BULK_DONE: Record<BulkAction, string> = { mute: 'muted', unmute: 'unmuted', resolve: 'resolved' };

/** How far the running bulk action is, from its `bulk-progress` events (real-time, issue 13). */
export interface BulkActionProgress {
  processed: number;
  total: number;
}

function newOperationId(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return `op-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
}

export function useIssueActions({ instanceId, datasetId, status, effects, rowsOnScreen, clearSelection, announce }: IssueActionsOptions) {
  const resolveIssue = useResolveIssue(instanceId, datasetId);
  const bulkResolve = useBulkResolve(instanceId, datasetId);
  const [pending, setPending] = useState<ReadonlySet<string>>(new Set());
  const inFlight = useRef(new Set<string>());
  const [bulkProgress, setBulkProgress] = useState<BulkActionProgress | null>(null);
  const operation = useRef<string | null>(null);

  // The server reports a bulk action's progress as it goes; only this tab's own action is shown.
  useRealtimeEvent<BulkProgressData>('bulk-progress', (data) => {
    if (data.operationId !== operation.current || data.datasetId !== datasetId) return;
    setBulkProgress(data.done ? null : { processed: data.processed, total: data.total });
  });

  const track = useCallback((ids: readonly string[], busy: boolean) => {
    for (const id of ids) {
      if (busy) inFlight.current.add(id);
      else inFlight.current.delete(id);
    }
    setPending(new Set(inFlight.current));
  }, []);

  const single = useCallback(
    async (row: IssueRow, resolution: Resolution, failure: string, done: string): Promise<boolean> => {
      if (inFlight.current.has(row.issue_id)) return false;
      const onScreen = rowsOnScreen();
      track([row.issue_id], true);
      try {
        const { data } = await resolveIssue.mutateAsync({ issueId: row.issue_id, resolution, version: row.version });
        effects.show([data], 'changed');
        if (data.status !== status) effects.leave([data], onScreen);
        announce(`Issue ${shortIssueId(row.issue_id)} ${done}.`);
        return true;
      } catch (error) {
        // Someone else changed the row: say so in the server's words; the list is refetched.
        toast.error(isStaleWrite(error) ? (error.serverError ?? error.message) : failure);
        return false;
      } finally {
        track([row.issue_id], false);
      }
    },
    [resolveIssue, effects, status, rowsOnScreen, track, announce],
  );

  const saveEdit = useCallback(
    (row: IssueRow, value: string) => single(row, { [row.issue_column]: value }, SAVE_FAILED, 'saved and resolved'),
    [single],
  );
  const resolve = useCallback((row: IssueRow) => single(row, { method: 'manual_fix' }, RESOLVE_FAILED, 'resolved'), [single]);
  /** Resolves the row with its AI suggestion (spec 1 §2 AI suggestion cell: Accept). */
  const acceptSuggestion = useCallback(
    (row: IssueRow, s: { suggestedValue: string; confidence: number; reasoning: string }) =>
      single(row, { method: 'accept_suggestion', suggestion: s.suggestedValue, confidence: s.confidence, reasoning: s.reasoning }, RESOLVE_FAILED, 'resolved with the AI suggestion'),
    [single],
  );
  const unmute = useCallback((row: IssueRow) => single(row, { method: 'manual_unmute' }, UNMUTE_FAILED, 'unmuted'), [single]);
  const mute = useCallback(
    (row: IssueRow, muteDuration: MuteDuration = DEFAULT_MUTE_DURATION) =>
      single(
        row,
        { method: 'manual_mute', muteDuration },
        MUTE_FAILED,
        muteDuration === 'indefinite' ? 'muted indefinitely' : `muted for ${MUTE_DURATION_LABELS[muteDuration]}`,
      ),
    [single],
  );

  const bulk = useCallback(
    async (action: BulkAction, rows: readonly IssueRow[], duration: MuteDuration = DEFAULT_MUTE_DURATION): Promise<void> => {
      if (rows.length === 0) {
        toast.error(SELECT_AT_LEAST_ONE);
        return;
      }
      const onScreen = rowsOnScreen();
      const ids = rows.map((r) => r.issue_id);
      const changed = rows.map((r) => optimisticRow(r, action, duration));
      effects.show(changed, 'bulk');
      track(ids, true);
      const operationId = newOperationId();
      operation.current = operationId;
      setBulkProgress({ processed: 0, total: ids.length });
      try {
        const result = await bulkResolve.mutateAsync({ recordIds: ids, resolution: BULK_RESOLUTIONS[action](duration), operationId });
        if (!result.success) {
          effects.revert(ids);
          toast.error(BULK_SUCCESS_FALSE);
          return;
        }
        const failedIds = new Set(result.errors.map((e) => e.id));
        effects.revert(ids.filter((id) => failedIds.has(id)));
        effects.leave(
          changed.filter((r) => !failedIds.has(r.issue_id) && r.status !== status),
          onScreen,
        );
        clearSelection();
        const message = bulkCompletedMessage(action, result);
        if (result.failed > 0) toast.warning(message);
        else toast.success(message);
        announce(`${result.resolved} issues ${BULK_DONE[action]}.`);
      } catch (error) {
        effects.revert(ids);
        toast.error(bulkFailedMessage(action, error));
      } finally {
        track(ids, false);
        if (operation.current === operationId) {
          operation.current = null;
          setBulkProgress(null);
        }
      }
    },
    [bulkResolve, effects, status, rowsOnScreen, track, clearSelection, announce],
  );

  return { saveEdit, resolve, acceptSuggestion, mute, unmute, bulk, pending, bulkProgress };
}
