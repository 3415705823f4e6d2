import { instanceScore } from '../../../shared/quality-score';
import type { Priority } from '../../../shared/schemas/checks';
import {
  TIMEFRAME_DAYS,
  type DashboardMetrics,
  type DatasetHealth,
  type QuickWin,
  type Timeframe,
  type TrendPoint,
} from '../../../shared/schemas/dashboard';
import { gradeOf } from '../../../shared/quality-score';
import { NotFound } from '../errors';
import type { DatasetRef } from '../issues/issue-store';
import type { DatasetRecord } from '../tenancy/records';
import { addDays, emptyDay, type DailyActivity } from './daily-activity';
import {
  datasetFigures,
  daysBefore,
  explainScore,
  isoDay,
  medianTimeToResolve,
  sumTrends,
  toLearnedWin,
  toQuickWin,
  trendOf,
  trendPoints,
  weekly,
  type DatasetFigures,
} from './figures';
import { formatGaps } from './format-gaps';
import { learnedMappings, MAX_FIXES_READ } from './learned-fixes';
import type { DashboardStore, FormatInputs, InstanceRef, ScoringChecks } from './ports';
import { statusTotals } from '../issues/counters';

// The dashboard's use cases (spec 2 §7.3, issue 12). For all datasets of the instance at once they
// read the counters, the checks and, for trends, the daily records of the timeframe (at most 90
// small items per dataset): the cost depends on the number of datasets, not of issues. Every read a
// call needs starts as soon as the dataset list is there, side by side.

const refOf = (instance: InstanceRef, datasetId: string): DatasetRef => ({ ...instance, datasetId });
const idsOf = (datasets: readonly DatasetRecord[]) => datasets.map((d) => d.id);

const NO_CHECKS: ScoringChecks = { count: 0, checks: [] };

/** Counters and checks of these datasets, read side by side. */
async function figuresOfAll(store: DashboardStore, instance: InstanceRef, datasets: readonly DatasetRecord[]): Promise<DatasetFigures[]> {
  const [cells, scoring] = await Promise.all([
    store.readCounters(instance, idsOf(datasets)),
    datasets.length > 0 ? store.getScoringChecks(instance, idsOf(datasets)) : Promise.resolve(new Map<string, ScoringChecks>()),
  ]);
  return datasets.map((d) => datasetFigures(d, cells.get(d.id) ?? [], scoring.get(d.id) ?? NO_CHECKS));
}

async function allFigures(store: DashboardStore, instance: InstanceRef): Promise<DatasetFigures[]> {
  return figuresOfAll(store, instance, await store.listDatasets(instance));
}

function sumDays(days: readonly DailyActivity[]): DailyActivity {
  const total = new Map<string, DailyActivity>();
  addDays(total, days.map((d) => ({ ...d, date: 'all' })));
  return total.get('all') ?? emptyDay('all');
}

export async function dashboardMetrics(store: DashboardStore, instance: InstanceRef, q: { timeframe: Timeframe; includeTrends: boolean }, today: Date): Promise<DashboardMetrics> {
  const datasets = await store.listDatasets(instance);
  const days = TIMEFRAME_DAYS[q.timeframe];
  const from = daysBefore(today, days - 1);
  const to = isoDay(today);
  const [figures, daily, suggestions] = await Promise.all([
    figuresOfAll(store, instance, datasets),
    store.readDaily(instance, idsOf(datasets), from, to),
    store.countSuggestions(instance, idsOf(datasets)),
  ]);
  // The same daily records give the timeframe's activity and its trend points.
  const daysOf = (id: string) => daily.get(id) ?? [];
  const trends = !q.includeTrends ? [] : figures.length > 0 ? sumTrends(figures.map((f) => trendPoints(daysOf(f.dataset.id), f.counts.open, from, to))) : trendPoints([], 0, from, to);
  const activity = sumDays([...daily.values()].flat());
  return {
    totalRecords: figures.reduce((n, f) => n + f.dataset.totalRecords, 0),
    issuesFound: figures.reduce((n, f) => n + f.counts.open, 0),
    issuesResolved: activity.resolved,
    qualityScore: instanceScore(figures.map((f) => ({ score: f.score, records: f.dataset.totalRecords }))),
    aiSuggestionsAvailable: [...suggestions.values()].reduce((a, b) => a + b, 0),
    criticalIssues: figures.reduce((n, f) => n + f.criticalIssues, 0),
    datasetsMonitored: figures.length,
    trendsData: trends,
  };
}

export async function datasetHealth(store: DashboardStore, instance: InstanceRef, q: { includeDetails: boolean }, today: Date): Promise<DatasetHealth[]> {
  const datasets = await store.listDatasets(instance);
  const from = daysBefore(today, 6);
  const ids = datasets.map((d) => d.id);
  const [all, weeks, suggestionCounts, formats] = await Promise.all([
    figuresOfAll(store, instance, datasets),
    store.readDaily(instance, ids, from, isoDay(today)),
    q.includeDetails ? store.countSuggestions(instance, ids) : Promise.resolve(new Map<string, number>()),
    q.includeDetails && ids.length > 0 ? store.getFormatInputs(instance, ids) : Promise.resolve(new Map<string, FormatInputs>()),
  ]);
  return all
    .map((f) => ({ f, week: weeks.get(f.dataset.id) ?? [], suggestions: suggestionCounts.get(f.dataset.id) ?? 0, format: formats.get(f.dataset.id) }))
    .sort((a, b) => a.f.dataset.name.localeCompare(b.f.dataset.name))
    .map(({ f, week, suggestions, format }) => {
      const openBefore = f.counts.open - week.reduce((n, d) => n + d.openDelta, 0);
      const health: DatasetHealth = {
        id: f.dataset.id,
        name: f.dataset.name,
        qualityScore: f.score,
        issuesCount: f.counts.open,
        lastScan: f.dataset.lastScanTime,
        trend: trendOf(f.counts.open, openBefore),
        criticalIssues: f.criticalIssues,
      };
      if (q.includeDetails) {
        health.details = {
          grade: gradeOf(f.score),
          onboardingStatus: f.dataset.onboardingStatus,
          totalRecords: f.dataset.totalRecords,
          checks: f.checks,
          counts: f.counts,
          openByType: f.openByType,
          openSevenDaysAgo: Math.max(0, openBefore),
          suggestionsAvailable: suggestions,
          formatGaps: format ? formatGaps(format.columns, new Set(format.guarded)) : [],
        };
      }
      return health;
    });
}

export async function dashboardTrends(
  store: DashboardStore,
  instance: InstanceRef,
  q: { timeframe: Timeframe; interval: 'day' | 'week'; datasetId?: string },
  today: Date,
): Promise<TrendPoint[]> {
  let datasets = await store.listDatasets(instance);
  if (q.datasetId) {
    datasets = datasets.filter((d) => d.id === q.datasetId);
    if (datasets.length === 0) throw new NotFound('Dataset not found');
  }
  const from = daysBefore(today, TIMEFRAME_DAYS[q.timeframe] - 1);
  const to = isoDay(today);
  const [cells, daily] = await Promise.all([store.readCounters(instance, idsOf(datasets)), store.readDaily(instance, idsOf(datasets), from, to)]);
  const series = datasets.map((d) => trendPoints(daily.get(d.id) ?? [], statusTotals(cells.get(d.id) ?? []).open, from, to));
  const points = series.length > 0 ? sumTrends(series) : trendPoints([], 0, from, to);
  return q.interval === 'week' ? weekly(points) : points;
}

const IMPACT_ORDER: Record<Priority, number> = { critical: 0, high: 1, medium: 2, low: 3 };

/**
 * Quick wins (issue 12 §3): open rows with a high-confidence stored AI suggestion first, then —
 * when those leave room — open rows whose fix learned fixes imply (learned-fixes.ts); within each
 * group by impact (critical first), then effort.
 */
export async function quickWins(store: DashboardStore, instance: InstanceRef, q: { limit: number; datasetId?: string; priority?: Priority }): Promise<QuickWin[]> {
  const datasets = await store.listDatasets(instance);
  const chosen = q.datasetId ? datasets.filter((d) => d.id === q.datasetId) : datasets;
  if (q.datasetId && chosen.length === 0) throw new NotFound('Dataset not found');
  const lists = await Promise.all(chosen.map((d) => store.listQuickWins(refOf(instance, d.id), q.limit, q.priority)));
  const ai = lists
    .flat()
    .map(toQuickWin)
    .filter((w): w is QuickWin => w !== undefined)
    .sort((a, b) => IMPACT_ORDER[a.impact] - IMPACT_ORDER[b.impact] || (b.confidence ?? 0) - (a.confidence ?? 0) || a.id.localeCompare(b.id))
    .slice(0, q.limit);
  const room = q.limit - ai.length;
  if (room <= 0) return ai;
  const learned = await learnedWins(store, instance, chosen, room, q.priority);
  const seen = new Set(ai.map((w) => `${w.datasetId}/${w.id}`));
  return [...ai, ...learned.filter((w) => !seen.has(`${w.datasetId}/${w.id}`)).slice(0, room)];
}

async function learnedWins(store: DashboardStore, instance: InstanceRef, datasets: readonly DatasetRecord[], limit: number, priority?: Priority): Promise<QuickWin[]> {
  const perDataset = await Promise.all(
    datasets.map(async (d) => {
      const ref = refOf(instance, d.id);
      const mappings = learnedMappings(await store.recentFixes(ref, MAX_FIXES_READ));
      const rows = await Promise.all(mappings.map(async (m) => (await store.listOpenWithValue(ref, m.column, m.from, limit, priority)).map((issue) => toLearnedWin(issue, m))));
      return rows.flat();
    }),
  );
  return perDataset
    .flat()
    .sort((a, b) => IMPACT_ORDER[a.impact] - IMPACT_ORDER[b.impact] || (b.learnedFrom ?? 0) - (a.learnedFrom ?? 0) || a.id.localeCompare(b.id))
    .slice(0, limit);
}

export async function realTimeStats(store: DashboardStore, instance: InstanceRef, now: Date) {
  const datasets = await store.listDatasets(instance);
  const today = isoDay(now);
  const hour = now.getUTCHours();
  const [queued, scans, days, cells] = await Promise.all([
    store.rowsQueuedForAi(instance),
    Promise.all(datasets.map((d) => store.latestScan(refOf(instance, d.id)))),
    store.readDaily(instance, idsOf(datasets), daysBefore(now, 1), today),
    store.readCounters(instance, idsOf(datasets)),
  ]);
  const perDataset = datasets.map((d, i) => ({
    id: d.id,
    scan: scans[i],
    days: days.get(d.id) ?? [],
    open: statusTotals(cells.get(d.id) ?? []).open,
  }));
  const running = perDataset
    .filter((d) => d.scan && (d.scan.status === 'queued' || d.scan.status === 'running'))
    .map((d) => ({ datasetId: d.id, status: d.scan!.status as 'queued' | 'running', rowsRead: d.scan!.rowsRead, totalRows: d.scan!.totalRows }));
  // The last hour by clock hours: this hour and the one before (yesterday's last hour just after midnight).
  const yesterday = daysBefore(now, 1);
  let lastHour = 0;
  let todayTotal = 0;
  for (const d of perDataset) {
    for (const day of d.days) {
      if (day.date === today) {
        lastHour += day.resolvedByHour[hour]! + (hour > 0 ? day.resolvedByHour[hour - 1]! : 0);
        todayTotal += day.resolved;
      } else if (day.date === yesterday && hour === 0) lastHour += day.resolvedByHour[23]!;
    }
  }
  return {
    rowsQueuedForAi: queued,
    scansRunning: running.length,
    scans: running,
    resolutionsLastHour: lastHour,
    resolutionsToday: todayTotal,
    openIssues: perDataset.reduce((n, d) => n + d.open, 0),
    asOf: now.toISOString(),
  };
}

export async function performanceSummary(store: DashboardStore, instance: InstanceRef, timeframe: Timeframe, today: Date) {
  const datasets = await store.listDatasets(instance);
  const days = TIMEFRAME_DAYS[timeframe];
  const from = daysBefore(today, days - 1);
  const since = timeframe === '24h' ? new Date(today.getTime() - 86_400_000) : new Date(`${from}T00:00:00.000Z`);
  const [daily, credits] = await Promise.all([store.readDaily(instance, idsOf(datasets), from, isoDay(today)), store.creditsSince(instance, since)]);
  const total = sumDays([...daily.values()].flat());
  const median = medianTimeToResolve(total.timeToResolve);
  return {
    resolved: total.resolved,
    resolvedPerDay: Math.round((total.resolved / days) * 10) / 10,
    opened: total.opened,
    medianTimeToResolveHours: median.hours,
    medianTimeToResolveLabel: median.label,
    aiAccepted: total.aiAccepted,
    aiAcceptanceRate: total.resolved === 0 ? 0 : Math.round((total.aiAccepted / total.resolved) * 1000) / 10,
    creditsUsed: credits,
  };
}

export async function scoreExplanations(store: DashboardStore, instance: InstanceRef) {
  return (await allFigures(store, instance)).sort((a, b) => a.dataset.name.localeCompare(b.dataset.name)).map(explainScore);
}

export async function datasetScore(store: DashboardStore, instance: InstanceRef, datasetId: string) {
  const dataset = (await store.listDatasets(instance)).find((d) => d.id === datasetId);
  if (!dataset) throw new NotFound('Dataset not found');
  return explainScore((await figuresOfAll(store, instance, [dataset]))[0]!);
}
