import { BellOff, CircleCheck, CircleDot, Clock } from 'lucide-react';
import type { DisplayStatus } from '../../../../../shared/constants';
import type { IssueRow } from '../../../../../shared/schemas/issues';
import { Badge, type BadgeTone } from '../../../components/ui/badge';
import { formatMoment, formatShortMoment } from '../utils/format-value';

const LOOKS: Record<DisplayStatus, { label: string; tone: BadgeTone; icon: typeof CircleDot }> = {
  open: { label: 'Open', tone: 'danger', icon: CircleDot },
  resolved: { label: 'Resolved', tone: 'success', icon: CircleCheck },
  muted: { label: 'Muted', tone: 'neutral', icon: BellOff },
  expired: { label: 'Expired', tone: 'caution', icon: Clock },
};

/** What the line under the badge says (short, and in full as its title): until when a mute lasts, when it ran out or was resolved. */
function statusDetail(row: IssueRow): { text: string; full: string } | null {
  const at = (prefix: string, iso: string) => ({ text: `${prefix}${formatShortMoment(iso)}`, full: `${prefix}${formatMoment(iso)}` });
  switch (row.display_status) {
    case 'muted':
      return row.mute_until ? at('until ', row.mute_until) : { text: 'Indefinitely', full: 'Muted indefinitely' };
    case 'expired':
      return row.mute_until ? at('since ', row.mute_until) : null;
    case 'resolved':
      return row.resolved_at ? at('', row.resolved_at) : null;
    default:
      return null;
  }
}

export function IssueStatusBadge({ row }: { row: IssueRow }) {
  const look = LOOKS[row.display_status];
  const Icon = look.icon;
  const detail = statusDetail(row);
  return (
    <div className="flex min-w-0 flex-col items-start gap-1">
      <Badge tone={look.tone} data-status={row.display_status}>
        <Icon className="size-3.5" aria-hidden />
        {look.label}
      </Badge>
      {detail ? (
        <span className="max-w-full truncate text-xs text-muted-foreground" title={detail.full}>
          {detail.text}
        </span>
      ) : null}
    </div>
  );
}
