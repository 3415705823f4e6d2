import { exactDecimals, holdsWithin, MIN_INFORMATIVE, numericColumns, plain, saysEnough, written, type Numbers } from './arithmetic';
import { isCategory, median, sampleRows, type RelationColumn } from './numeric-relations';
import type { GroupRatio } from './profile';

// A number that is another column's number over a total of its group: a job's share of its year's
// workers is its count over that year's total; an amount in pounds is an amount in another money
// over that money's rate. Within each group the two numbers keep one ratio, the group's divisor,
// and it says exactly what a failed cell of either column was. Kept where the divisors give the
// number back, to its written decimals, in most rows, and differ between groups (one divisor for
// all rows is a unit, not a group's total).

// Rows and numeric columns are read as for the identities (arithmetic.ts), with a higher bar: the
// divisors give the number back in MIN_HOLDS of the rows with both numbers and a known group, and
// in MIN_INFORMATIVE rows with neither number 0, a number that says enough, and a value its group
// has not shown yet.

/**
 * Share of the rows with both numbers and a known group in which the divisors must give the number
 * back: a table with one cell in twenty wrong has one of three cells wrong in about one row in
 * seven, and those rows break it.
 */
const MIN_HOLDS = 0.75;

/** A group's divisor is the median of at least this many of its rows' ratios. */
const MIN_GROUP = 3;
/** Groups kept per relation (the most populated). */
const MAX_GROUPS = 40;

const medianOf = (xs: number[]) => median(xs.sort((a, b) => a - b));

/** A divisor within a billionth of a whole number is that number: a total counted in units. */
const tidy = (d: number) => (Math.abs(d - Math.round(d)) <= 1e-9 * Math.abs(d) && Math.round(d) !== 0 ? Math.round(d) : d);

/** Significant digits of a number as written (its digits without leading zeros). */
const digitsOf = (x: number, decimals: number) => (x === 0 ? 0 : Math.max(0, Math.floor(Math.log10(Math.abs(x))) + 1 + decimals));

interface Measured {
  relation: GroupRatio;
  /** Mean significant digits of the result where it holds: the finer of two readings is the computed one. */
  digits: number;
}

interface Grouping {
  name: string;
  /** Per sampled row, its group (undefined where the value is not one of the column's frequent values). */
  by: ReadonlyArray<string | undefined>;
  /** The sampled rows of the most frequent value. */
  largest: readonly number[];
}

/** Whether the ratios of the two numbers mostly agree within one group (within a thousandth). */
function agreesWithin(x: Numbers, y: Numbers, rows: readonly number[]): boolean {
  const qs: number[] = [];
  for (const i of rows) {
    const a = x.xs[i]!;
    const b = y.xs[i]!;
    if (a !== 0 && b !== 0 && !Number.isNaN(a) && !Number.isNaN(b)) qs.push(b / a);
  }
  if (qs.length < MIN_GROUP) return false;
  const m = medianOf(qs);
  return qs.filter((q) => Math.abs(q - m) <= 1e-3 * Math.abs(m)).length >= 0.6 * qs.length;
}

function measure(x: Numbers, y: Numbers, grouping: Grouping): Measured | undefined {
  // The largest group first: where its ratios do not mostly agree, no group's will.
  if (!agreesWithin(x, y, grouping.largest)) return undefined;
  const { by, name } = grouping;
  const ratios = new Map<string, number[]>();
  for (let i = 0; i < x.xs.length; i++) {
    const a = x.xs[i]!;
    const b = y.xs[i]!;
    const g = by[i];
    if (g === undefined || !(a !== 0 && b !== 0) || Number.isNaN(a) || Number.isNaN(b)) continue;
    const list = ratios.get(g);
    if (list) list.push(b / a);
    else ratios.set(g, [b / a]);
  }
  const groups = [...ratios].filter(([, qs]) => qs.length >= MIN_GROUP).sort((p, q) => q[1].length - p[1].length || (p[0] < q[0] ? -1 : 1)).slice(0, MAX_GROUPS);
  if (groups.length < 2) return undefined;
  const divisors = new Map(groups.map(([g, qs]) => [g, tidy(medianOf(qs))]));
  if (new Set(divisors.values()).size < 2) return undefined;
  let rows = 0;
  let held = 0;
  let informative = 0;
  let digits = 0;
  let counted = 0;
  // The number must vary within groups: where both numbers are one value per group (a state's
  // code and its total), any ratio of them is "constant" and says nothing a dependency does not.
  const seen = new Map<string, Set<number>>();
  for (let i = 0; i < x.xs.length; i++) {
    const a = x.xs[i]!;
    const b = y.xs[i]!;
    const g = by[i];
    const d = g === undefined ? undefined : divisors.get(g);
    if (d === undefined || Number.isNaN(a) || Number.isNaN(b)) continue;
    rows++;
    if (!holdsWithin(a, x.decimals[i]!, b / d)) continue;
    held++;
    if (b === 0 || !saysEnough(a, x.decimals[i]!)) continue;
    digits += digitsOf(a, x.decimals[i]!);
    counted++;
    const values = seen.get(g!) ?? new Set<number>();
    if (values.size > 0 && !values.has(a)) informative++;
    values.add(a);
    seen.set(g!, values);
  }
  if (rows === 0 || held < MIN_HOLDS * rows || informative < MIN_INFORMATIVE) return undefined;
  return { relation: { column: x.name, of: y.name, by: name, divisors: [...divisors], holds: Math.round((held / rows) * 1000) / 1000, rows }, digits: digits / Math.max(1, counted) };
}

/** Per numeric column, at most one: the other number and the group whose divisors give it back best. */
export function discoverGroupRatios(columns: readonly RelationColumn[], rowCount: number): GroupRatio[] {
  const rows = sampleRows(rowCount);
  const numeric = numericColumns(columns, rows);
  const categories: Grouping[] = columns
    .filter((c) => isCategory(c.profile))
    .map((c) => {
      const known = new Set(c.profile.values.map(([v]) => v));
      const top = c.profile.values[0]![0];
      const by = rows.map((r) => {
        const v = c.valueAt(r);
        return v !== undefined && known.has(v) ? v : undefined;
      });
      return { name: c.profile.name, by, largest: by.flatMap((v, i) => (v === top ? [i] : [])) };
    });
  const found: Measured[] = [];
  for (const x of numeric) {
    let best: Measured | undefined;
    for (const y of numeric) {
      if (y === x) continue;
      for (const g of categories) {
        if (g.name === x.name || g.name === y.name) continue;
        const m = measure(x, y, g);
        if (m && (!best || m.relation.holds > best.relation.holds || (m.relation.holds === best.relation.holds && m.relation.divisors.length < best.relation.divisors.length))) best = m;
      }
    }
    if (best) found.push(best);
  }
  // A share and its count found both ways are one relation, and under rounding only one way is
  // exact: the finer number is the one computed (a share to its last digit from a count over a
  // whole total; crowns to the cent from a whole price at a rate), and a coarse one read back from
  // it would take any nearby value (a count "given back" from any share). Kept the finer way.
  return found
    .filter((m) => {
      const mirror = found.find((o) => o.relation.column === m.relation.of && o.relation.of === m.relation.column && o.relation.by === m.relation.by);
      return !mirror || m.digits > mirror.digits || (m.digits === mirror.digits && found.indexOf(m) < found.indexOf(mirror));
    })
    .map((m) => m.relation);
}

/** A number written with all its digits in plain notation, or undefined where that takes an exponent. */
function allDigits(x: number): string | undefined {
  const text = String(x);
  return /e/i.test(text) ? undefined : text;
}

/**
 * The number `column` must hold for the row to keep its group's ratio: written with `decimals`
 * decimals (the column's usual number of them) or, without one, with all its digits (the share)
 * or the fewest decimals that give the other number back (the count); undefined where the row
 * lacks the other number or its group, or several numbers would do.
 */
export function solveGroupRatio(relation: GroupRatio, divisors: ReadonlyMap<string, number>, column: string, row: Readonly<Record<string, string | null | undefined>>, decimals: number | undefined): { value: string; divisor: number; known: string } | undefined {
  const group = row[relation.by];
  const divisor = group == null ? undefined : divisors.get(group);
  if (divisor === undefined) return undefined;
  if (column === relation.column) {
    const known = row[relation.of]?.trim() ?? '';
    const y = plain(known);
    if (!y) return undefined;
    const v = y.x / divisor;
    const value = decimals !== undefined ? written(v, decimals) : allDigits(v);
    return value === undefined ? undefined : { value, divisor, known };
  }
  if (column !== relation.of) return undefined;
  const known = row[relation.column]?.trim() ?? '';
  const x = plain(known);
  if (!x) return undefined;
  const v = x.x * divisor;
  const gives = (text: string) => holdsWithin(x.x, x.decimals, Number(text) / divisor);
  for (let d = decimals ?? 0; d <= (decimals ?? exactDecimals(v) ?? 10); d++) {
    const value = written(v, d);
    if (!gives(value)) continue;
    // One number only: the next either side at the same decimals must not give it back too.
    if (gives(written(v - 10 ** -d, d)) || gives(written(v + 10 ** -d, d))) return undefined;
    return { value, divisor, known };
  }
  return undefined;
}
