import { dayOf } from '../dashboard/daily-activity';
import type { IssueRecord } from '../issues/issue-record';

// What one member did per UTC day in one dataset (issue 13 item 5, "My progress"): rows resolved,
// of them fixed by accepting an AI suggestion, muted and unmuted. Written beside the dataset's
// daily record in the transaction of every issue change (ADD, no read), so a member's progress over
// 90 days reads a few small items per dataset and never a list of issues or their history.
// Resolutions by a scan (the row no longer fails) are nobody's work and are not counted.

export interface MemberDay {
  email: string;
  /** YYYY-MM-DD (UTC). */
  date: string;
  resolved: number;
  aiFixed: number;
  muted: number;
  unmuted: number;
}

/**
 * The pseudo-member whose records hold the whole team's work per dataset and day (the sum over
 * members), so a member's share reads one record per day, not every member's. Not an e-mail
 * address (no local part), so no member can have it.
 */
export const TEAM_MEMBER = '@team';

export const emptyMemberDay = (email: string, date: string): MemberDay => ({ email, date, resolved: 0, aiFixed: 0, muted: 0, unmuted: 0 });

const isZero = (d: MemberDay) => d.resolved === 0 && d.aiFixed === 0 && d.muted === 0 && d.unmuted === 0;

type Change = { before: Pick<IssueRecord, 'status'>; after: Pick<IssueRecord, 'status' | 'resolution_method'>; event: { at: string; by: string } };

/** What a set of issue changes adds to their authors' daily records, one entry per member and day, then the team's per day. */
export function memberActivityOfChanges(changes: readonly Change[]): MemberDay[] {
  const days = new Map<string, MemberDay>();
  for (const { before, after, event } of changes) {
    if (before.status === after.status || !event.by) continue;
    if (after.status === 'resolved' && after.resolution_method === 'resolved_by_scan') continue;
    const date = dayOf(event.at);
    const id = `${event.by}\n${date}`;
    const day = days.get(id) ?? emptyMemberDay(event.by, date);
    days.set(id, day);
    if (after.status === 'resolved') {
      day.resolved++;
      if (after.resolution_method === 'accept_suggestion') day.aiFixed++;
    } else if (after.status === 'muted' && before.status === 'open') day.muted++;
    else if (after.status === 'open' && before.status === 'muted') day.unmuted++;
  }
  return withTeamTotals([...days.values()].filter((d) => !isZero(d)));
}

/** The members' days followed by the team's (TEAM_MEMBER) total per day. */
function withTeamTotals(days: readonly MemberDay[]): MemberDay[] {
  const team = new Map<string, MemberDay>();
  for (const d of days) {
    const t = team.get(d.date) ?? emptyMemberDay(TEAM_MEMBER, d.date);
    team.set(d.date, t);
    t.resolved += d.resolved;
    t.aiFixed += d.aiFixed;
    t.muted += d.muted;
    t.unmuted += d.unmuted;
  }
  return [...days, ...team.values()];
}

/**
 * The member records that loaded rows imply when no API wrote them (demo seed, fixtures): the
 * resolved rows by resolved_by on the day of resolved_at, the muted ones by muted_by on the day of
 * muted_at.
 */
export function memberActivityOfRows(rows: readonly IssueRecord[]): MemberDay[] {
  const changes: Change[] = [];
  for (const r of rows) {
    if (r.status === 'resolved' && r.resolved_by && r.resolved_at) changes.push({ before: { status: 'open' }, after: r, event: { at: r.resolved_at, by: r.resolved_by } });
    if (r.status === 'muted' && r.muted_by && r.muted_at) changes.push({ before: { status: 'open' }, after: r, event: { at: r.muted_at, by: r.muted_by } });
  }
  return memberActivityOfChanges(changes);
}
