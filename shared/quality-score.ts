import type { IssueType } from './constants';
import type { Priority } from './schemas/checks';

// The one definition of the quality score, its grades and its colours (issue 12 §1, spec 2 §9).
//
// In one sentence, as users read it: "The quality score is the share of the values the latest
// scan checked that pass, where an open failed row counts by its priority (critical 4, high 2,
// medium 1, low ½) and resolved or muted rows no longer count."
//
//   checkedValues = records of the latest scan × checks configured (at least 1 check)
//   weightedOpen  = Σ over open rows of PRIORITY_WEIGHTS[priority of the row's issue type]
//   score         = round(100 × max(0, 1 − weightedOpen / checkedValues))
//
// A dataset with no open failed row scores 100; every opened row lowers the score and every
// resolved or muted row raises it. A dataset nothing has been checked in yet (0 values) scores
// 100 with no open rows and 0 with some. The instance score weighs each dataset's score by its
// records (a dataset of 1,000,000 rows counts 1,000× one of 1,000 rows).

export const PRIORITY_WEIGHTS: Record<Priority, number> = { critical: 4, high: 2, medium: 1, low: 0.5 };

/** Priority of a row whose issue type no configured check yields (imported rows, deleted checks). */
export const DEFAULT_PRIORITY: Priority = 'medium';

export interface ScoreInput {
  /** Values the latest scan checked: records × checks. */
  checkedValues: number;
  /** Open rows per issue type. */
  openByType: Partial<Record<IssueType, number>>;
  /** Priority of each issue type (the most severe check of the dataset that yields it). */
  priorityOf: (type: IssueType) => Priority;
}

/** Open rows weighted by their priority. */
export function weightedOpen(input: Pick<ScoreInput, 'openByType' | 'priorityOf'>): number {
  let total = 0;
  for (const [type, count] of Object.entries(input.openByType) as Array<[IssueType, number]>) {
    total += PRIORITY_WEIGHTS[input.priorityOf(type)] * count;
  }
  return total;
}

/** A dataset's quality score, 0–100 (whole number). */
export function qualityScore(input: ScoreInput): number {
  const weighted = weightedOpen(input);
  if (weighted <= 0) return 100;
  if (input.checkedValues <= 0) return 0;
  return Math.round(100 * Math.max(0, 1 - weighted / input.checkedValues));
}

/** The instance's score: the datasets' scores weighted by their records (100 with no records). */
export function instanceScore(datasets: ReadonlyArray<{ score: number; records: number }>): number {
  const records = datasets.reduce((n, d) => n + Math.max(0, d.records), 0);
  if (records === 0) {
    // Nothing checked yet: the plain mean, so an instance of fresh datasets is not hidden at 100.
    return datasets.length === 0 ? 100 : Math.round(datasets.reduce((n, d) => n + d.score, 0) / datasets.length);
  }
  return Math.round(datasets.reduce((n, d) => n + d.score * Math.max(0, d.records), 0) / records);
}

/** The priority of each issue type: the most severe of the dataset's checks that yield it. */
export function priorityByType(checks: ReadonlyArray<{ issueType: IssueType; priority: Priority | undefined }>): (type: IssueType) => Priority {
  const rank = (p: Priority) => PRIORITY_WEIGHTS[p];
  const found = new Map<IssueType, Priority>();
  for (const check of checks) {
    const p = check.priority ?? DEFAULT_PRIORITY;
    const current = found.get(check.issueType);
    if (!current || rank(p) > rank(current)) found.set(check.issueType, p);
  }
  return (type) => found.get(type) ?? DEFAULT_PRIORITY;
}

// ---- grades and colours (spec 2 §9) -------------------------------------------------------

export const GRADES = ['A+', 'A', 'B', 'C', 'D', 'F'] as const;
export type Grade = (typeof GRADES)[number];
const GRADE_FLOORS: ReadonlyArray<[number, Grade]> = [
  [90, 'A+'],
  [80, 'A'],
  [70, 'B'],
  [60, 'C'],
  [50, 'D'],
];

/** A+ at 90, A at 80, B at 70, C at 60, D at 50, else F. */
export function gradeOf(score: number): Grade {
  for (const [floor, grade] of GRADE_FLOORS) if (score >= floor) return grade;
  return 'F';
}

export type DashboardTone = 'good' | 'warning' | 'bad';
/** The dashboard's score colours: 90 and above good, 70 to 89 warning, below 70 bad. */
export function dashboardToneOf(score: number): DashboardTone {
  if (score >= 90) return 'good';
  if (score >= 70) return 'warning';
  return 'bad';
}

export type HubTone = 'green' | 'yellow' | 'red';
/** The hub's colours: 80 and above green, 60 to 79 yellow, else red. */
export function hubToneOf(score: number): HubTone {
  if (score >= 80) return 'green';
  if (score >= 60) return 'yellow';
  return 'red';
}

/** Hub onboarding progress (spec 2 §4): onboarded 100, needs_finalization 75, other 20. */
export const ONBOARDING_PROGRESS = { onboarded: 100, needs_finalization: 75, other: 20 } as const;

// ---- quick-win estimates (issue 12 §3) ------------------------------------------------------

/** An open row whose stored AI suggestion has at least this confidence (percent) is a quick win. */
export const QUICK_WIN_MIN_CONFIDENCE = 85;

/** Minutes a person spends finding and fixing one failed row by hand, by the check's priority. */
export const MANUAL_FIX_MINUTES: Record<Priority, number> = { critical: 15, high: 10, medium: 5, low: 3 };
/** Value of fixing one row when the dataset has no amount column: a person's time at this hourly rate. */
export const HOURLY_RATE_DOLLARS = 60;

/**
 * estimatedTimeSaved (minutes) = MANUAL_FIX_MINUTES[priority] per row.
 * businessValue (dollars) = the record's amount when the dataset has an amount column (a row
 * whose error blocks its amount puts that amount at stake), otherwise the time saved at
 * HOURLY_RATE_DOLLARS an hour.
 */
export function quickWinEstimate(input: { priority: Priority; amount?: number | null }): { estimatedTimeSaved: number; businessValue: number } {
  const minutes = MANUAL_FIX_MINUTES[input.priority];
  const amount = input.amount;
  const businessValue = amount !== undefined && amount !== null && Number.isFinite(amount) && amount > 0 ? Math.round(amount) : Math.round((minutes / 60) * HOURLY_RATE_DOLLARS);
  return { estimatedTimeSaved: minutes, businessValue };
}
