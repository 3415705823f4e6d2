import type { ColumnProfile, NumericRelation } from './profile';
import { numberInUnit } from './unit-form';
import { PLAIN_NUMBER } from './values';

// What a numeric column's value usually is given another column of the same row: per value of a
// category (body mass per species) or per tenth of another number's range (weight per band of
// engine size), the median and spread of the number. A number can sit well inside its column's
// range and still be far from what its row says (a tenfold slip in a column spanning several
// orders of magnitude); the row's group tells. One relation per numeric column: the other column
// whose groups narrow its spread most, kept only when they narrow it clearly.

/** Rows read per column pair (a stride sample past this): medians of 40 groups need no more. */
const SAMPLE_ROWS = 5_000;
/** Column pairs × rows read, at most: a wide table is examined for its first determinants only. */
const MAX_WORK = 3_000_000;
/** A group needs this many numbers for its median and spread to mean anything. */
const MIN_GROUP = 5;
/** Groups kept per relation (the most populated), and bands of a numeric determinant. */
const MAX_GROUPS = 40;
const BANDS = 10;
/** A relation is kept when its groups' spread is at most this share of the column's own. */
const MAX_SPREAD_RATIO = 0.6;
/** Share of rows the groups must cover. */
const MIN_COVERAGE = 0.5;

export interface RelationColumn {
  profile: ColumnProfile;
  /** Per row: the value as written, undefined when missing. */
  valueAt: (row: number) => string | undefined;
}

/**
 * Log scale for numbers that are mostly positive and whose positive middle 90 % spans more than a
 * decade (money, counts: zeros aside), where values and slips are factors; read from quantiles,
 * so the slips themselves do not decide. On a log scale only positive numbers are modelled.
 */
export function usesLogScale(sorted: readonly number[]): boolean {
  const positive = sorted.filter((x) => x > 0);
  if (positive.length === 0 || positive.length < sorted.length / 2) return false;
  const low = positive[Math.floor(positive.length * 0.05)]!;
  const high = positive[Math.floor(positive.length * 0.95)]!;
  return high / low > 10;
}

export const toScale = (x: number, log: boolean) => (log ? Math.log10(x) : x);

/** The median of numbers sorted ascending. */
export function median(sorted: readonly number[]): number {
  const n = sorted.length;
  return n % 2 === 1 ? sorted[(n - 1) / 2]! : (sorted[n / 2 - 1]! + sorted[n / 2]!) / 2;
}

function medianAndSpread(values: number[]): [number, number] {
  values.sort((a, b) => a - b);
  const m = median(values);
  const deviations = values.map((v) => Math.abs(v - m)).sort((a, b) => a - b);
  return [m, median(deviations)];
}

const round = (x: number) => Number(x.toPrecision(6));

interface Candidate {
  relation: NumericRelation;
  ratio: number;
}

function numbersOf(target: RelationColumn, rows: readonly number[], log: boolean): Float64Array {
  const out = new Float64Array(rows.length).fill(Number.NaN);
  const unit = target.profile.unit;
  rows.forEach((r, i) => {
    const raw = target.valueAt(r)?.trim();
    if (raw === undefined) return;
    // Plain numbers, or in a column that writes a unit with its numbers, numbers written its way.
    const x = unit ? numberInUnit(unit, raw)?.value : PLAIN_NUMBER.test(raw) ? Number(raw) : undefined;
    if (x === undefined) return;
    if (!log || x > 0) out[i] = toScale(x, log);
  });
  return out;
}

function groupBy(target: Float64Array, keyOf: (i: number) => string | undefined): Map<string, number[]> {
  const groups = new Map<string, number[]>();
  target.forEach((x, i) => {
    if (Number.isNaN(x)) return;
    const key = keyOf(i);
    if (key === undefined) return;
    const list = groups.get(key);
    if (list) list.push(x);
    else groups.set(key, [x]);
  });
  return groups;
}

function relationFrom(name: string, by: string, log: boolean, groups: Map<string, number[]>, filled: number, overall: [number, number], edges?: number[]): Candidate | undefined {
  const overallSpread = overall[1];
  const kept = [...groups].filter(([, xs]) => xs.length >= MIN_GROUP).sort((a, b) => b[1].length - a[1].length || (a[0] < b[0] ? -1 : 1)).slice(0, MAX_GROUPS);
  const covered = kept.reduce((s, [, xs]) => s + xs.length, 0);
  if (kept.length < 2 || covered < MIN_COVERAGE * filled) return undefined;
  let weighted = 0;
  const out: NumericRelation['groups'] = [];
  for (const [key, xs] of kept) {
    const n = xs.length;
    const [m, spread] = medianAndSpread(xs);
    weighted += spread * n;
    out.push([key, round(m), round(spread), n]);
  }
  const ratio = weighted / covered / overallSpread;
  if (!(ratio <= MAX_SPREAD_RATIO)) return undefined;
  return { ratio, relation: { column: name, by, log, overall: [round(overall[0]), round(overall[1])], ...(edges ? { edges: edges.map(round) } : {}), groups: out } };
}

/** Band edges (inner quantiles) of a numeric determinant, or undefined when it has too few numbers. */
function bandEdges(xs: Float64Array): number[] | undefined {
  const sorted = [...xs].filter((x) => !Number.isNaN(x)).sort((a, b) => a - b);
  if (sorted.length < BANDS * MIN_GROUP) return undefined;
  const edges: number[] = [];
  for (let k = 1; k < BANDS; k++) {
    const e = sorted[Math.floor((k * sorted.length) / BANDS)]!;
    if (edges.length === 0 || e > edges[edges.length - 1]!) edges.push(e);
  }
  return edges.length >= 1 ? edges : undefined;
}

/** The band of a number given inner edges: 0 below the first edge … edges.length at or above the last. */
export function bandOf(x: number, edges: readonly number[]): number {
  let lo = 0;
  let hi = edges.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (x >= edges[mid]!) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The rows read of a table of `rowCount` rows: all of them up to SAMPLE_ROWS, an even stride past that. */
export function sampleRows(rowCount: number): number[] {
  const step = Math.max(1, Math.ceil(rowCount / SAMPLE_ROWS));
  const rows: number[] = [];
  for (let r = 0; r < rowCount; r += step) rows.push(r);
  return rows;
}

/** Enough numbers for groups of them to be compared (dates aside). */
const enoughNumbers = (p: ColumnProfile) => !!p.numeric && p.numeric.count >= 4 * MIN_GROUP && p.type !== 'date';
export const isNumeric = (p: ColumnProfile) => enoughNumbers(p) && p.numeric!.plainShare >= 0.8;
/** A column of numbers written with a unit (its profile keeps the unit's form). */
export const isMeasured = (p: ColumnProfile) => enoughNumbers(p) && !!p.unit;
/** A category: its frequent values cover most rows, and there are few of them. */
export const isCategory = (p: ColumnProfile) => p.values.length >= 2 && p.distinct <= 4 * MAX_GROUPS && p.valuesCoverage >= MIN_COVERAGE;

export function discoverNumericRelations(columns: readonly RelationColumn[], rowCount: number): NumericRelation[] {
  const rows = sampleRows(rowCount);
  const relations: NumericRelation[] = [];
  // Targets may write a unit with their numbers ("$27.40", "14.5 °C"); determinants are plain.
  const targets = columns.filter((c) => isNumeric(c.profile) || isMeasured(c.profile));
  const determinants = columns.filter((c) => isNumeric(c.profile) || isCategory(c.profile));
  const perTarget = Math.floor(MAX_WORK / Math.max(1, rows.length) / Math.max(1, targets.length));
  // A numeric determinant's numbers and bands, read once for all the targets it is tried for.
  const bands = new Map<RelationColumn, { ys: Float64Array; edges: number[] | undefined }>();
  const bandsOf = (c: RelationColumn) => {
    let b = bands.get(c);
    if (!b) {
      const ys = numbersOf(c, rows, false);
      b = { ys, edges: bandEdges(ys) };
      bands.set(c, b);
    }
    return b;
  };
  for (const target of targets) {
    const raw = [...numbersOf(target, rows, false)].filter((x) => !Number.isNaN(x)).sort((a, b) => a - b);
    const log = usesLogScale(raw);
    const xs = numbersOf(target, rows, log);
    const present = [...xs].filter((x) => !Number.isNaN(x));
    if (present.length < 4 * MIN_GROUP) continue;
    const overall = medianAndSpread(present);
    if (!(overall[1] > 0)) continue;
    let best: Candidate | undefined;
    for (const other of determinants.filter((c) => c !== target).slice(0, perTarget)) {
      let found: Candidate | undefined;
      if (isNumeric(other.profile)) {
        const { ys, edges } = bandsOf(other);
        if (!edges) continue;
        found = relationFrom(target.profile.name, other.profile.name, log, groupBy(xs, (i) => (Number.isNaN(ys[i]!) ? undefined : String(bandOf(ys[i]!, edges)))), present.length, overall, edges);
      } else if (isCategory(other.profile)) {
        const known = new Set(other.profile.values.map(([v]) => v));
        found = relationFrom(target.profile.name, other.profile.name, log, groupBy(xs, (i) => {
          const v = other.valueAt(rows[i]!);
          return v !== undefined && known.has(v) ? v : undefined;
        }), present.length, overall);
      }
      if (found && (!best || found.ratio < best.ratio)) best = found;
    }
    if (best) relations.push(best.relation);
  }
  return relations;
}
