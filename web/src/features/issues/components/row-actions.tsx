import { Bell, BellOff, CircleCheck, History, Link2, Pencil } from 'lucide-react';
import type { IssueRow } from '../../../../../shared/schemas/issues';
import { ActionButton } from './action-button';
import { useIssueTable } from './issue-table-context';
import { MuteMenu } from './lazy-panels';

/**
 * Actions of one row (spec 1 §2): open rows edit, resolve and mute; muted rows edit, resolve and
 * unmute (and re-mute once expired); resolved rows take no action. History is open to every row.
 */
export function RowActions({ row }: { row: IssueRow }) {
  const { startEdit, resolve, mute, unmute, openHistory, openRelated, muteMenuFor, setMuteMenuFor, pending, editingId } = useIssueTable();
  const busy = pending.has(row.issue_id);
  const actionable = row.status !== 'resolved';
  const canMute = row.status === 'open' || row.display_status === 'expired';
  return (
    <div className="flex items-center justify-end gap-1">
      {actionable ? (
        <>
          <ActionButton label="Edit value" shortcut="e" icon={Pencil} disabled={busy || editingId === row.issue_id} onClick={() => startEdit(row)} />
          <ActionButton label="Resolve" shortcut="r" icon={CircleCheck} disabled={busy} onClick={() => resolve(row)} className="hover:text-success" />
          {canMute ? (
            <MuteMenu
              open={muteMenuFor === row.issue_id}
              onOpenChange={(open) => setMuteMenuFor(open ? row.issue_id : null)}
              onMute={(duration) => mute(row, duration)}
              trigger={<ActionButton label="Mute" shortcut="m" icon={BellOff} disabled={busy} />}
            />
          ) : null}
          {row.status === 'muted' ? (
            <ActionButton label="Unmute" shortcut="u" icon={Bell} disabled={busy} onClick={() => unmute(row)} />
          ) : null}
        </>
      ) : null}
      {openRelated ? <ActionButton label="Related issues" icon={Link2} onClick={() => openRelated(row)} /> : null}
      <ActionButton label="History" shortcut="h" icon={History} onClick={() => openHistory(row)} />
    </div>
  );
}
