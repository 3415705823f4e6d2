import type { IssueStore, DatasetRef } from '../issues/issue-store';
import type { PlannedChange } from '../issues/transitions';
import type { Clock } from '../issues/resolve-issue';
import type { IndexedIssue } from './reconcile';

// A row that failed before and passes now was fixed at the source: the scan closes its open issue
// as resolved, through the issues' own commit (history event and counters in the same
// transaction), keeping the value it failed on as the original value.

/** Who a scan acts as in history and resolved_by. */
export const SCAN_ACTOR = 'scan';
const CHUNK = 500;

export async function resolveByScan(
  store: IssueStore,
  ref: DatasetRef,
  stale: readonly IndexedIssue[],
  clock: Clock,
): Promise<number> {
  let resolved = 0;
  for (let i = 0; i < stale.length; i += CHUNK) {
    const ids = stale.slice(i, i + CHUNK).map((s) => s.issue_id);
    const current = await store.getIssues(ref, ids);
    const changes: PlannedChange[] = [];
    for (const id of ids) {
      const before = current.get(id);
      // Changed by someone since the scan read it (muted, resolved): theirs wins.
      if (!before || before.status !== 'open') continue;
      const now = clock.now();
      const at = now.toISOString();
      const after = {
        ...before,
        status: 'resolved' as const,
        resolved_at: at,
        resolved_by: SCAN_ACTOR,
        resolution_method: 'resolved_by_scan' as const,
        original_value: before.current_value,
        version: before.version + 1,
        updated_at: at,
      };
      changes.push({
        before,
        after,
        event: {
          event_id: clock.newId(),
          issue_id: id,
          dataset_id: ref.datasetId,
          action: 'resolved',
          at,
          by: SCAN_ACTOR,
          old_value: before.current_value,
          new_value: before.current_value,
          old_status: 'open',
          new_status: 'resolved',
          version: after.version,
          details: { method: 'resolved_by_scan', column: before.issue_column },
        },
      });
    }
    if (changes.length === 0) continue;
    const outcome = await store.commit(ref, changes);
    resolved += outcome.committed.length;
  }
  return resolved;
}
