import { ISSUE_TYPES, type IssueType } from '../../../shared/constants';
import { DEFAULT_PRIORITY, gradeOf, priorityByType, qualityScore, quickWinEstimate, weightedOpen } from '../../../shared/quality-score';
import type { Priority } from '../../../shared/schemas/checks';
import type { QuickWin, ScoreExplanation, TrendPoint } from '../../../shared/schemas/dashboard';
import type { LearnedMapping } from './learned-fixes';
import { statusTotals, type CounterCell } from '../issues/counters';
import type { IssueRecord } from '../issues/issue-record';
import type { DatasetRecord } from '../tenancy/records';
import { addDays, emptyDay, TIME_TO_RESOLVE_BOUNDS_HOURS, type DailyActivity } from './daily-activity';
import type { ScoringChecks } from './ports';
import { effortOf, quickWinRank } from './quick-win';

// The dashboard's figures, computed from a dataset's counters, daily records and checks (pure).

const DAY_MS = 86_400_000;
export const isoDay = (d: Date) => d.toISOString().slice(0, 10);
export const daysBefore = (today: Date, n: number) => isoDay(new Date(today.getTime() - n * DAY_MS));

/** Every date (YYYY-MM-DD) from `from` to `to`, inclusive, oldest first. */
export function datesFrom(from: string, to: string): string[] {
  const dates: string[] = [];
  for (let t = Date.parse(`${from}T00:00:00Z`); t <= Date.parse(`${to}T00:00:00Z`); t += DAY_MS) dates.push(isoDay(new Date(t)));
  return dates;
}

export function openByType(cells: readonly CounterCell[]): Record<IssueType, number> {
  const out = Object.fromEntries(ISSUE_TYPES.map((t) => [t, 0])) as Record<IssueType, number>;
  for (const c of cells) if (c.status === 'open') out[c.issueType] += c.count;
  return out;
}

export interface DatasetFigures {
  dataset: DatasetRecord;
  counts: { open: number; resolved: number; muted: number };
  openByType: Record<IssueType, number>;
  priorities: Record<IssueType, Priority>;
  checks: number;
  checkedValues: number;
  weightedOpen: number;
  score: number;
  criticalIssues: number;
}

export function datasetFigures(dataset: DatasetRecord, cells: readonly CounterCell[], scoring: ScoringChecks): DatasetFigures {
  const byType = openByType(cells);
  const priorityOf = priorityByType(scoring.checks);
  const priorities = Object.fromEntries(ISSUE_TYPES.map((t) => [t, priorityOf(t)])) as Record<IssueType, Priority>;
  const checkedValues = Math.max(0, dataset.totalRecords) * Math.max(1, scoring.count);
  const weighted = weightedOpen({ openByType: byType, priorityOf });
  return {
    dataset,
    counts: statusTotals(cells),
    openByType: byType,
    priorities,
    checks: scoring.count,
    checkedValues,
    weightedOpen: weighted,
    score: qualityScore({ checkedValues, openByType: byType, priorityOf }),
    criticalIssues: ISSUE_TYPES.filter((t) => priorities[t] === 'critical').reduce((n, t) => n + byType[t], 0),
  };
}

export const SCORE_FORMULA =
  'score = round(100 × max(0, 1 − weightedOpen / checkedValues)); checkedValues = records × checks; weightedOpen = open rows weighted by priority (critical 4, high 2, medium 1, low 0.5)';

export function explainScore(f: DatasetFigures): ScoreExplanation {
  return {
    datasetId: f.dataset.id,
    name: f.dataset.name,
    qualityScore: f.score,
    grade: gradeOf(f.score),
    checkedValues: f.checkedValues,
    totalRecords: f.dataset.totalRecords,
    checks: f.checks,
    weightedOpen: f.weightedOpen,
    openByType: f.openByType,
    priorities: f.priorities,
    formula: SCORE_FORMULA,
  };
}

/**
 * Per-day points from `from` to `to`: activity of each day, and the open count at each day's end
 * (today's open count minus the net open changes of the days after).
 */
export function trendPoints(days: readonly DailyActivity[], openNow: number, from: string, to: string): TrendPoint[] {
  const byDate = new Map<string, DailyActivity>();
  addDays(byDate, days);
  const points: TrendPoint[] = [];
  let open = openNow;
  for (const date of datesFrom(from, to).reverse()) {
    const day = byDate.get(date) ?? emptyDay(date);
    points.push({ date, open: Math.max(0, open), resolved: day.resolved, opened: day.opened, muted: day.muted, unmuted: day.unmuted, aiAccepted: day.aiAccepted });
    open -= day.openDelta;
  }
  return points.reverse();
}

/** Trend points of several datasets added date by date. */
export function sumTrends(series: ReadonlyArray<readonly TrendPoint[]>): TrendPoint[] {
  const out = new Map<string, TrendPoint>();
  for (const points of series) {
    for (const p of points) {
      const cur = out.get(p.date) ?? { date: p.date, open: 0, resolved: 0, opened: 0, muted: 0, unmuted: 0, aiAccepted: 0 };
      out.set(p.date, {
        date: p.date,
        open: cur.open + p.open,
        resolved: cur.resolved + p.resolved,
        opened: cur.opened + p.opened,
        muted: cur.muted + p.muted,
        unmuted: cur.unmuted + p.unmuted,
        aiAccepted: cur.aiAccepted + p.aiAccepted,
      });
    }
  }
  return [...out.values()].sort((a, b) => a.date.localeCompare(b.date));
}

/** Weekly points: activity summed over each 7-day block ending on the last day; open as at the block's end. */
export function weekly(points: readonly TrendPoint[]): TrendPoint[] {
  const out: TrendPoint[] = [];
  for (let end = points.length; end > 0; end -= 7) {
    const block = points.slice(Math.max(0, end - 7), end);
    const last = block[block.length - 1]!;
    out.unshift({
      date: last.date,
      open: last.open,
      resolved: block.reduce((n, p) => n + p.resolved, 0),
      opened: block.reduce((n, p) => n + p.opened, 0),
      muted: block.reduce((n, p) => n + p.muted, 0),
      unmuted: block.reduce((n, p) => n + p.unmuted, 0),
      aiAccepted: block.reduce((n, p) => n + p.aiAccepted, 0),
    });
  }
  return out;
}

/** Quality trend of a dataset: open rows fewer than 7 days ago is up, more is down. */
export function trendOf(openNow: number, openBefore: number): 'up' | 'down' | 'flat' {
  if (openNow < openBefore) return 'up';
  if (openNow > openBefore) return 'down';
  return 'flat';
}

/** Median time to resolve from the buckets: the upper bound of the bucket holding the middle resolution. */
export function medianTimeToResolve(buckets: readonly number[]): { hours: number | null; label: string } {
  const total = buckets.reduce((a, b) => a + b, 0);
  if (total === 0) return { hours: null, label: 'No resolutions' };
  let seen = 0;
  for (let i = 0; i < buckets.length; i++) {
    seen += buckets[i]!;
    if (seen * 2 >= total) {
      const bound = TIME_TO_RESOLVE_BOUNDS_HOURS[i];
      if (bound === undefined) return { hours: null, label: `More than ${TIME_TO_RESOLVE_BOUNDS_HOURS[TIME_TO_RESOLVE_BOUNDS_HOURS.length - 1]! / 24} days` };
      return { hours: bound, label: bound < 24 ? `Within ${bound} h` : `Within ${bound / 24} d` };
    }
  }
  return { hours: null, label: 'No resolutions' };
}

const AMOUNT_COLUMN = /amount|revenue|value|price|total/i;

/** A quick win as the dashboard lists it (issue 12 §3; estimates from shared/quality-score.ts). */
/** A row whose fix learned fixes imply (learned-fixes.ts): the value people chose each time. */
export function toLearnedWin(issue: IssueRecord, mapping: LearnedMapping): QuickWin {
  const priority = issue.taxonomy?.subcategory.priority ?? DEFAULT_PRIORITY;
  const amount = AMOUNT_COLUMN.test(issue.issue_column) ? Number(mapping.to.replace(/[^0-9.-]/g, '')) : undefined;
  return {
    id: issue.issue_id,
    title: `Fix ${issue.issue_column} of ${issue.name || issue.record_id}`,
    description: `${mapping.from} → ${mapping.to} (fixed this way ${mapping.fixes} times before): ${issue.check_name}`,
    impact: priority,
    // A known change that people made several times needs little checking.
    effort: mapping.fixes >= 5 ? 'low' : 'medium',
    suggestedAction: 'Apply Learned Fix',
    recordId: issue.record_id,
    datasetId: issue.dataset_id,
    ...quickWinEstimate({ priority, amount }),
    suggestedValue: mapping.to,
    confidence: null,
    learnedFrom: mapping.fixes,
    version: issue.version,
    issue: { issue_column: issue.issue_column, current_value: issue.current_value, name: issue.name },
  };
}

export function toQuickWin(issue: IssueRecord): QuickWin | undefined {
  const rank = quickWinRank(issue);
  const suggestion = issue.ai_suggestion;
  if (!rank || !suggestion) return undefined;
  const suggestedNumber = AMOUNT_COLUMN.test(issue.issue_column) ? Number(suggestion.suggestedValue.replace(/[^0-9.-]/g, '')) : undefined;
  const estimate = quickWinEstimate({ priority: rank.priority, amount: suggestedNumber });
  const shown = (v: string | null) => (v === null || v === '' ? '(empty)' : v);
  return {
    id: issue.issue_id,
    title: `Fix ${issue.issue_column} of ${issue.name || issue.record_id}`,
    description: `${shown(issue.current_value)} → ${suggestion.suggestedValue} (${Math.round(suggestion.confidence)}% confidence): ${issue.check_name}`,
    impact: rank.priority,
    effort: effortOf(rank.confidence),
    suggestedAction: 'Accept AI Suggestion',
    recordId: issue.record_id,
    datasetId: issue.dataset_id,
    ...estimate,
    suggestedValue: suggestion.suggestedValue,
    confidence: suggestion.confidence,
    version: issue.version,
    issue: { issue_column: issue.issue_column, current_value: issue.current_value, name: issue.name },
  };
}
