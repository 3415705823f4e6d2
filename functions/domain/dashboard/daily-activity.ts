import type { IssueHistoryEvent } from '../issues/issue-history';
import type { IssueRecord } from '../issues/issue-record';

// The daily activity of a dataset (issue 12 §2, ARCHITECTURE §6): per UTC day, how many rows were
// opened, resolved, muted, unmuted and resolved by accepting an AI suggestion, the net change of
// the open count, and how long the resolved rows had been open. Written in the transaction of
// every issue change and of every scan's inserts, so the dashboard's trends over 90 days read at
// most 90 small items per dataset and never a list of issues.

/** Upper bounds (hours) of the time-to-resolve buckets; the last bucket is open-ended. */
export const TIME_TO_RESOLVE_BOUNDS_HOURS = [1, 4, 24, 72, 168, 720] as const;
export const TIME_TO_RESOLVE_BUCKETS = TIME_TO_RESOLVE_BOUNDS_HOURS.length + 1;

export interface DailyActivity {
  /** YYYY-MM-DD (UTC). */
  date: string;
  opened: number;
  resolved: number;
  muted: number;
  unmuted: number;
  aiAccepted: number;
  /** Net change of the open count that day: opened − (open → resolved or muted) + (muted → open). */
  openDelta: number;
  /** Resolutions per time-to-resolve bucket (time from the scan that last found the row open). */
  timeToResolve: number[];
  /** Resolutions per UTC hour of the day (0–23): the real-time "resolutions in the last hour". */
  resolvedByHour: number[];
}

export const emptyDay = (date: string): DailyActivity => ({
  date,
  opened: 0,
  resolved: 0,
  muted: 0,
  unmuted: 0,
  aiAccepted: 0,
  openDelta: 0,
  timeToResolve: Array.from({ length: TIME_TO_RESOLVE_BUCKETS }, () => 0),
  resolvedByHour: Array.from({ length: 24 }, () => 0),
});

export const dayOf = (iso: string) => iso.slice(0, 10);

export function timeToResolveBucket(hours: number): number {
  const i = TIME_TO_RESOLVE_BOUNDS_HOURS.findIndex((bound) => hours <= bound);
  return i === -1 ? TIME_TO_RESOLVE_BOUNDS_HOURS.length : i;
}

function isZero(day: DailyActivity): boolean {
  return day.opened === 0 && day.resolved === 0 && day.muted === 0 && day.unmuted === 0 && day.aiAccepted === 0 && day.openDelta === 0;
}

/** What a set of issue changes adds to the daily records, one entry per touched day. */
export function activityOfChanges(changes: ReadonlyArray<{ before: IssueRecord; after: IssueRecord; event: { at: string } }>): DailyActivity[] {
  const days = new Map<string, DailyActivity>();
  for (const { before, after, event } of changes) {
    if (before.status === after.status && after.status !== 'muted') continue;
    const date = dayOf(event.at);
    const day = days.get(date) ?? emptyDay(date);
    days.set(date, day);
    if (after.status === 'resolved' && before.status !== 'resolved') {
      day.resolved++;
      if (after.resolution_method === 'accept_suggestion') day.aiAccepted++;
      if (before.status === 'open') day.openDelta--;
      const hours = (Date.parse(event.at) - Date.parse(before.scan_time)) / 3_600_000;
      day.timeToResolve[timeToResolveBucket(Math.max(0, hours))]!++;
      day.resolvedByHour[new Date(event.at).getUTCHours()]!++;
    } else if (after.status === 'muted' && before.status === 'open') {
      day.muted++;
      day.openDelta--;
    } else if (after.status === 'open' && before.status === 'muted') {
      day.unmuted++;
      day.openDelta++;
    }
  }
  return [...days.values()].filter((d) => !isZero(d));
}

/** What a scan's new open rows add to the daily record of the scan's day. */
export function activityOfInserts(scanTime: string, inserted: number): DailyActivity[] {
  if (inserted === 0) return [];
  return [{ ...emptyDay(dayOf(scanTime)), opened: inserted, openDelta: inserted }];
}

/** Days added cell by cell (the recount of tests, and the in-memory store). */
export function addDays(into: Map<string, DailyActivity>, days: readonly DailyActivity[]): void {
  for (const day of days) {
    const current = into.get(day.date) ?? emptyDay(day.date);
    into.set(day.date, {
      date: day.date,
      opened: current.opened + day.opened,
      resolved: current.resolved + day.resolved,
      muted: current.muted + day.muted,
      unmuted: current.unmuted + day.unmuted,
      aiAccepted: current.aiAccepted + day.aiAccepted,
      openDelta: current.openDelta + day.openDelta,
      timeToResolve: current.timeToResolve.map((n, i) => n + (day.timeToResolve[i] ?? 0)),
      resolvedByHour: current.resolvedByHour.map((n, i) => n + (day.resolvedByHour[i] ?? 0)),
    });
  }
}

/**
 * The daily records a dataset's history implies: each row opened on the day of the scan that
 * found it, and each history event as the change it records. The recount the property test
 * compares the written records with, and how the seed writes the demo data's records.
 */
export function activityOfHistory(
  opened: ReadonlyArray<{ scan_time: string }>,
  events: ReadonlyArray<Pick<IssueHistoryEvent, 'at' | 'old_status' | 'new_status' | 'details'>>,
  scanTimeBefore: (event: number) => string,
): DailyActivity[] {
  const days = new Map<string, DailyActivity>();
  const byDay = new Map<string, number>();
  for (const row of opened) byDay.set(dayOf(row.scan_time), (byDay.get(dayOf(row.scan_time)) ?? 0) + 1);
  for (const [date, n] of byDay) addDays(days, activityOfInserts(`${date}T00:00:00.000Z`, n));
  const changes = events.map((e, i) => ({
    before: { status: e.old_status, scan_time: scanTimeBefore(i) } as IssueRecord,
    after: { status: e.new_status, resolution_method: e.details?.method } as IssueRecord,
    event: { at: e.at },
  }));
  addDays(days, activityOfChanges(changes));
  return [...days.values()].sort((a, b) => a.date.localeCompare(b.date));
}

/**
 * The daily records that loaded rows imply when no API wrote them (seed, fixtures, benchmarks):
 * each row opened on its scan's day, then moved to its present status when it says it was
 * (resolved_at, muted_at; its scan's time when it does not say).
 */
export function activityOfRows(rows: readonly IssueRecord[]): DailyActivity[] {
  const events = rows
    .filter((r) => r.status !== 'open')
    .map((r) => ({
      at: (r.status === 'resolved' ? r.resolved_at : r.muted_at) ?? r.scan_time,
      old_status: 'open' as const,
      new_status: r.status,
      details: { method: r.resolution_method ?? 'manual_fix', column: r.issue_column },
      scan_time: r.scan_time,
    }));
  return activityOfHistory(rows, events as never, (i) => events[i]!.scan_time);
}
