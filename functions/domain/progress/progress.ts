import { STREAK_WINDOW_DAYS, type Progress, type ProgressQuery, type ProgressResponse } from '../../../shared/schemas/progress';
import { TIMEFRAME_DAYS } from '../../../shared/schemas/dashboard';
import type { InstanceRef } from '../dashboard/ports';
import type { DatasetRef } from '../issues/issue-store';
import type { DatasetRecord } from '../tenancy/records';
import { TEAM_MEMBER, type MemberDay } from './member-activity';

// GET /api/users/me/progress (issue 13 item 5): from the member records written with each issue
// change (member-activity.ts) — one range query per dataset of the instance, never a list of
// issues or their history.

export interface ProgressStore {
  listDatasets(instance: InstanceRef): Promise<DatasetRecord[]>;
  /** One member's (or TEAM_MEMBER's) daily records of a dataset, dates inclusive. */
  readMemberDays(ref: DatasetRef, email: string, from: string, to: string): Promise<MemberDay[]>;
}

const DAY_MS = 86_400_000;
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** The dates from `days - 1` days before `today` to today, oldest first. */
export function datesUpTo(today: string, days: number): string[] {
  const end = Date.parse(`${today}T00:00:00.000Z`);
  return Array.from({ length: days }, (_, i) => isoDay(end - (days - 1 - i) * DAY_MS));
}

/** Consecutive days with a resolution ending today, or yesterday when today has none yet (pure). */
export function streakOf(resolvedByDate: ReadonlyMap<string, number>, today: string, window = STREAK_WINDOW_DAYS): number {
  const dates = datesUpTo(today, window).reverse();
  let i = (resolvedByDate.get(dates[0]!) ?? 0) > 0 ? 0 : 1;
  let streak = 0;
  for (; i < dates.length && (resolvedByDate.get(dates[i]!) ?? 0) > 0; i++) streak++;
  return streak;
}

const sum = (days: readonly MemberDay[], field: 'resolved' | 'aiFixed' | 'muted' | 'unmuted') => days.reduce((n, d) => n + d[field], 0);

export async function myProgress(store: ProgressStore, instance: InstanceRef, email: string, query: ProgressQuery, now: Date = new Date()): Promise<ProgressResponse> {
  const today = isoDay(now.getTime());
  const window = datesUpTo(today, TIMEFRAME_DAYS[query.timeframe]);
  const from = window[0]!;
  const streakFrom = datesUpTo(today, Math.max(STREAK_WINDOW_DAYS, window.length))[0]!;
  const datasets = await store.listDatasets(instance);
  const perDataset = await Promise.all(
    datasets.map(async (dataset) => {
      const ref = { ...instance, datasetId: dataset.id };
      const [mine, team] = await Promise.all([store.readMemberDays(ref, email, streakFrom, today), store.readMemberDays(ref, TEAM_MEMBER, from, today)]);
      return { dataset, mine, team };
    }),
  );
  const inWindow = (d: MemberDay) => d.date >= from && d.date <= today;
  const mine = perDataset.flatMap((p) => p.mine.filter(inWindow));
  const team = perDataset.flatMap((p) => p.team.filter(inWindow));
  const resolvedByDate = new Map<string, number>();
  for (const d of perDataset.flatMap((p) => p.mine)) resolvedByDate.set(d.date, (resolvedByDate.get(d.date) ?? 0) + d.resolved);

  const resolved = sum(mine, 'resolved');
  const teamResolved = sum(team, 'resolved');
  const data: Progress = {
    resolved,
    ai_fixed: sum(mine, 'aiFixed'),
    muted: sum(mine, 'muted'),
    unmuted: sum(mine, 'unmuted'),
    team_resolved: teamResolved,
    // The team's records count this member too; a reset dataset's records go with it for everyone.
    share: teamResolved === 0 ? null : Math.min(1, Math.round((resolved / teamResolved) * 1000) / 1000),
    streak_days: streakOf(resolvedByDate, today),
    from,
    to: today,
  };
  if (query.include_details) {
    data.daily = window.map((date) => {
      const mineThatDay = mine.filter((d) => d.date === date);
      return {
        date,
        resolved: sum(mineThatDay, 'resolved'),
        ai_fixed: sum(mineThatDay, 'aiFixed'),
        muted: sum(mineThatDay, 'muted'),
        team_resolved: sum(
          team.filter((d) => d.date === date),
          'resolved',
        ),
      };
    });
    data.datasets = perDataset
      .map(({ dataset, mine: days }) => {
        const kept = days.filter(inWindow);
        return { dataset_id: dataset.id, name: dataset.name, resolved: sum(kept, 'resolved'), ai_fixed: sum(kept, 'aiFixed'), muted: sum(kept, 'muted') };
      })
      .filter((d) => d.resolved + d.muted > 0)
      .sort((a, b) => b.resolved - a.resolved || a.name.localeCompare(b.name));
  }
  return { success: true, timeframe: query.timeframe, data };
}
