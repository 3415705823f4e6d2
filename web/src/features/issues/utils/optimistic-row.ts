import { muteUntil } from '../../../../../shared/mute';
import type { MuteDuration } from '../../../../../shared/constants';
import type { IssueRow } from '../../../../../shared/schemas/issues';
import type { BulkAction } from './messages';

/**
 * How a row looks right after a bulk action, before the server answers: the next version with
 * the new status (spec 1 §4: bulk rows highlight at once, and revert if the call fails).
 */
export function optimisticRow(row: IssueRow, action: BulkAction, duration: MuteDuration, now: Date = new Date()): IssueRow {
  const at = now.toISOString();
  const next = { ...row, version: row.version + 1, is_expired: false };
  switch (action) {
    case 'mute':
      return { ...next, status: 'muted', display_status: 'muted', muted_at: at, mute_until: muteUntil(duration, now) };
    case 'unmute':
      return { ...next, status: 'open', display_status: 'open', muted_at: null, mute_until: null, muted_by: null };
    case 'resolve':
      return {
        ...next,
        status: 'resolved',
        display_status: 'resolved',
        resolved_at: at,
        resolution_method: 'manual_fix',
        muted_at: null,
        mute_until: null,
        muted_by: null,
      };
  }
}
