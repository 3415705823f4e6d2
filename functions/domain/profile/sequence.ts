import { dateInLayout, splitTime, writeDate, type CalendarDate, type DateLayout } from './dates';
import type { BoundaryColumn, CodeForm, ColumnProfile, Moves, RowBoundaries, RowCycle, RowRuns, RowSequence } from './profile';
import { decimalsOf, fold, isMissing, parseNumberLike } from './values';

// What a column's values do in file order. Columns that step through their rows: a year per row
// of a country's series, a month per row of a price series, a day per row of a weather log; most
// pairs of neighbouring values differ by the same step, and a value that failed between two
// neighbours one step either side of it is the value between them. Columns whose rows come grouped
// by them: a row between two neighbours that hold the same value mostly holds it too.

/** Neighbouring pairs a column needs for its step to count. */
const MIN_PAIRS = 20;
/** Share of neighbouring pairs that must differ by the column's most common step. */
const MIN_STEP_SHARE = 0.5;

const DAY_MS = 86_400_000;

/**
 * A date without a time of day, as a calendar date: read in the column's layout, or in the one
 * layout it reads in (a column two systems wrote holds both "2031-03-04" and "03/04/2031"; read in
 * one layout alone, the other's rows fall out of the series, or a date that reads both ways is
 * read the wrong way round unchecked).
 */
function calendarDateOf(raw: string, layout: DateLayout): CalendarDate | undefined {
  return splitTime(raw).time === '' ? dateInLayout(raw, layout) : undefined;
}

/** A date column's day number (days since 1970-01-01). */
function dayNumber(raw: string, layout: DateLayout): number | undefined {
  const date = calendarDateOf(raw, layout);
  return date ? Date.UTC(date.year, date.month - 1, date.day) / DAY_MS : undefined;
}

/** A date column's month number (months since year 0) and day of the month. */
function monthOf(raw: string, layout: DateLayout): { month: number; day: number } | undefined {
  const date = calendarDateOf(raw, layout);
  return date ? { month: date.year * 12 + date.month - 1, day: date.day } : undefined;
}

/** How a date column's values read as calendar months, with their day of the month. */
export function monthReader(col: ColumnProfile): ((raw: string) => { month: number; day: number } | undefined) | undefined {
  if (!isDateColumn(col) || !col.dateLayout) return undefined;
  const layout = col.dateLayout;
  return (raw) => monthOf(raw, layout);
}

/** Month number `month` on day `day`, written as the column writes dates (none where that month is too short). */
export function writeMonth(col: ColumnProfile, month: number, day: number): string | undefined {
  if (!col.dateLayout) return undefined;
  const date = { year: Math.floor(month / 12), month: (month % 12) + 1, day };
  const check = new Date(Date.UTC(date.year, date.month - 1, day));
  if (check.getUTCMonth() !== date.month - 1) return undefined;
  return writeDate(date, col.dateLayout, col.dateStyle);
}

function calendarDate(day: number): CalendarDate {
  const d = new Date(day * DAY_MS);
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() };
}

const isDateColumn = (col: ColumnProfile) => col.dateLayout !== undefined && col.type === 'date';

/** A column of numbers: at least four in five of its filled cells hold one. */
export const isNumberColumn = (col: ColumnProfile) => col.numeric !== undefined && col.numeric.count >= col.filled * 0.8;

/** A code: a head of letters and marks, then a number ("CUST-01550", "INV 0042"). */
const CODE = /^(\D+)(\d+)$/;
/** The shape (shapeOf) of such a code: no digit before the number. */
const CODE_SHAPE = /^[^d]+d+$/;
/** Share of a column's values that must be codes of one head and digit count for their numbers to be read. */
const CODE_SHARE = 0.8;

/**
 * How a column's values read as positions on a line: plain numbers, dates as day numbers, or the
 * numbers of codes of the column's one form (`code`: the head and digit count most of its values
 * share; a code of another form does not read).
 */
export function positionReader(col: ColumnProfile, code: CodeForm | undefined = col.sequence?.code): ((raw: string) => number | undefined) | undefined {
  if (isDateColumn(col) && col.dateLayout) {
    const layout = col.dateLayout;
    return (raw) => dayNumber(raw, layout);
  }
  if (isNumberColumn(col)) {
    return (raw) => {
      const n = parseNumberLike(raw);
      // A number written with digit grouping ("1,995") is the same position: a second system's way.
      return n && (n.form === 'plain' || n.form === 'grouped') && Number.isFinite(n.value) ? n.value : undefined;
    };
  }
  if (code) {
    return (raw) => {
      const m = CODE.exec(raw.trim());
      return m && m[1] === code.head && m[2]!.length === code.width ? Number(m[2]) : undefined;
    };
  }
  return undefined;
}

/**
 * A position written back as the column writes its values: a date in its layout and style, a code
 * in its form, a number with as many decimals as `like` (a neighbouring value) or the step shows.
 */
export function writePosition(col: ColumnProfile, position: number, like: string, step: number): string {
  if (isDateColumn(col) && col.dateLayout) return writeDate(calendarDate(position), col.dateLayout, col.dateStyle);
  // Only a text column's sequence carries a code form (codeFormOf).
  const code = col.sequence?.code;
  if (code) return code.head + String(position).padStart(code.width, '0');
  return position.toFixed(Math.min(12, Math.max(decimalsOf(like.trim()), decimalsOf(String(step)))));
}

/** The head and digit count most of a text column's values share, where most are such codes. */
function codeFormOf(col: ColumnProfile, rows: number, valueAt: (row: number) => string | undefined): CodeForm | undefined {
  if (isDateColumn(col) || isNumberColumn(col)) return undefined;
  // Only where the column's usual shape is one of a code (letters and marks, then digits).
  const [shape, count] = col.shapes[0] ?? [];
  if (shape === undefined || count === undefined || !CODE_SHAPE.test(shape) || count < CODE_SHARE * col.filled) return undefined;
  const forms = new Map<string, { form: CodeForm; n: number }>();
  let filled = 0;
  for (let r = 0; r < rows; r++) {
    const raw = valueAt(r);
    if (raw === undefined || isMissing(raw)) continue;
    filled++;
    const m = CODE.exec(raw.trim());
    if (!m) continue;
    const key = `${m[2]!.length}:${m[1]}`;
    const seen = forms.get(key) ?? { form: { head: m[1]!, width: m[2]!.length }, n: 0 };
    seen.n++;
    forms.set(key, seen);
  }
  let best: { form: CodeForm; n: number } | undefined;
  for (const f of forms.values()) if (!best || f.n > best.n) best = f;
  return best && best.n >= CODE_SHARE * filled ? best.form : undefined;
}

const round = (x: number) => Math.round(x * 1e6) / 1e6;

/**
 * The steps between neighbouring rows whose values both read, counted by size, and how many such
 * pairs there are; `step` may decline a pair (undefined) that still counts as one.
 */
function neighbourSteps<T>(rows: number, valueAt: (row: number) => string | undefined, read: (raw: string) => T | undefined, step: (previous: T, here: T) => number | undefined): { steps: Map<number, number>; pairs: number } {
  const steps = new Map<number, number>();
  let pairs = 0;
  let previous: T | undefined;
  for (let r = 0; r < rows; r++) {
    const raw = valueAt(r);
    const here = raw === undefined ? undefined : read(raw);
    if (here !== undefined && previous !== undefined) {
      const size = step(previous, here);
      if (size !== undefined) steps.set(size, (steps.get(size) ?? 0) + 1);
      pairs++;
    }
    previous = here;
  }
  return { steps, pairs };
}

/**
 * The column's most common step between neighbouring rows, when most neighbouring pairs take it. A
 * date column's step is also counted in calendar months, over neighbouring dates on the same day of
 * the month (a monthly series steps 28 to 31 days, so no step in days is usual); the more usual
 * reading is kept.
 */
export function rowSequence(col: ColumnProfile, rows: number, valueAt: (row: number) => string | undefined): RowSequence | undefined {
  const code = codeFormOf(col, rows, valueAt);
  const read = positionReader(col, code);
  if (!read) return undefined;
  const { steps, pairs } = neighbourSteps(rows, valueAt, read, (a, b) => round(b - a));
  if (pairs < MIN_PAIRS) return undefined;
  const days = commonStep(steps, pairs);
  if (code) return days && { ...days, code };
  const readMonth = monthReader(col);
  const months = readMonth ? commonStep(neighbourSteps(rows, valueAt, readMonth, (a, b) => (a.day === b.day ? b.month - a.month : undefined)).steps, pairs) : undefined;
  if (months && (!days || months.share > days.share)) return { ...months, unit: 'month' };
  return days;
}

/** The most common non-zero step and its share of the pairs, when it is usual. */
function commonStep(steps: ReadonlyMap<number, number>, pairs: number): RowSequence | undefined {
  let best: [number, number] | undefined;
  for (const entry of steps) if (!best || entry[1] > best[1] || (entry[1] === best[1] && entry[0] < best[0])) best = entry;
  if (!best || best[0] === 0) return undefined;
  const share = best[1] / pairs;
  return share >= MIN_STEP_SHARE ? { step: best[0], share: round(share) } : undefined;
}

/** Rows between two equal neighbours a column needs for its runs to count. */
const MIN_BRIDGED = 20;
/**
 * Largest share of a column's filled cells that may hold values seen once for such a value to
 * read as a slip: where values recur, one seen once is most likely misspelt; where many are seen
 * once (amounts, names), it is a value like any other.
 */
const SLIPS_SINGLE_SHARE = 0.1;

/** Whether a value seen once in this column reads as a slip: its values recur. */
export function singlesAreSlips(col: Pick<ColumnProfile, 'filled' | 'singletons'>): boolean {
  return col.singletons <= SLIPS_SINGLE_SHARE * col.filled;
}

/** A column's value in a row, none for a value seen once where the column's values recur (a slip). */
function withoutSlips(col: Pick<ColumnProfile, 'filled' | 'singletons'>, valueAt: (row: number) => string | undefined, countAt: (row: number) => number): (row: number) => string | undefined {
  return singlesAreSlips(col) ? (row) => (countAt(row) === 1 ? undefined : valueAt(row)) : valueAt;
}

/**
 * How often a row between two neighbours that hold the same value holds it too: a table grouped or
 * sorted by a column (a country's rows together, a species' rows together) keeps its value across
 * a row; elsewhere equal neighbours say little about the row between them. Counted over rows that
 * hold a value, and in a column whose values recur over rows whose value is seen more than once: a
 * blank or a misspelt value between the neighbours is an error of its own, not a break in the run
 * (counted, the run would look looser the dirtier the table; at 30 % errors the share fell well
 * under how often the rule is right). With it, how often a row holds the value of the row before
 * it, counted over the same rows (for a row with only one side to go by).
 */
export function rowRuns(
  col: Pick<ColumnProfile, 'filled' | 'singletons'>,
  rows: number,
  valueAt: (row: number) => string | undefined,
  /** How many rows of the column hold the value of this row. */
  countAt: (row: number) => number,
): RowRuns | undefined {
  const groupAt = withoutSlips(col, valueAt, countAt);
  let bridged = 0;
  let same = 0;
  let stepped = 0;
  let kept = 0;
  for (let r = 1; r < rows; r++) {
    const value = groupAt(r);
    if (value === undefined) continue;
    const before = valueAt(r - 1);
    if (groupAt(r - 1) !== undefined) {
      stepped++;
      if (value === before) kept++;
    }
    if (r + 1 >= rows || before === undefined || before !== valueAt(r + 1)) continue;
    bridged++;
    if (value === before) same++;
  }
  return bridged < MIN_BRIDGED ? undefined : { bridged, share: round((same + 0.5) / (bridged + 1)), stepShare: round((kept + 0.5) / (stepped + 1)) };
}

/** Runs at least this tight before the rows between two groups are read. */
const MIN_BOUNDARY_RUNS = 0.5;
/** Total variation between a column's moves within and across groups for it to tell them apart. */
const MIN_TELLING = 0.5;
/** The most telling columns kept. */
const MAX_BOUNDARY_COLUMNS = 3;

/** -1, 0 or 1: whether `b` is below, equal to or above `a` (as numbers where both are, as texts otherwise). */
export function moveOf(a: string, b: string): -1 | 0 | 1 {
  const x = Number(a);
  const y = Number(b);
  if (a.trim() !== '' && b.trim() !== '' && Number.isFinite(x) && Number.isFinite(y)) return x < y ? 1 : x > y ? -1 : 0;
  return a < b ? 1 : a > b ? -1 : 0;
}

/**
 * A table sorted by several columns (a port's rows, within it each ferry's rows, within those the
 * years): at the row between two groups of one column, the other columns say which group it
 * belongs to. Counted over neighbouring rows: how each other column moves between two rows of the
 * same group and between rows of different groups (the years go up within a group and start again
 * at the next). Kept where the column's rows come grouped, the rows between two groups mostly hold
 * one of them, and some column moves differently across groups than within them. In a column whose
 * values recur, a value seen once in a neighbour is a slip, not a group: counted, each misspelt row
 * would add two boundaries at which the other columns move as within a group.
 */
export function rowBoundaries(
  col: Pick<ColumnProfile, 'filled' | 'singletons'>,
  runs: RowRuns | undefined,
  rows: number,
  valueAt: (row: number) => string | undefined,
  /** How many rows of the column hold the value of this row. */
  countAt: (row: number) => number,
  others: ReadonlyArray<{ name: string; valueAt: (row: number) => string | undefined }>,
): RowBoundaries | undefined {
  if (!runs || runs.share < MIN_BOUNDARY_RUNS) return undefined;
  // As for runs: a neighbour's value seen once is a slip where the column's values recur.
  const groupAt = withoutSlips(col, valueAt, countAt);
  let boundaryRows = 0;
  let held = 0;
  for (let r = 1; r + 1 < rows; r++) {
    const before = groupAt(r - 1);
    const after = groupAt(r + 1);
    // The row itself is read as written: a value seen once between two groups may be a group of
    // its own, and counting it as not held keeps the share on the safe side.
    const value = valueAt(r);
    if (before === undefined || after === undefined || value === undefined || before === after) continue;
    boundaryRows++;
    if (value === before || value === after) held++;
  }
  const share = (held + 0.5) / (boundaryRows + 1);
  // Too few rows between groups to read, or rows between groups that seldom hold either.
  if (boundaryRows < MIN_BRIDGED || share < MIN_BOUNDARY_RUNS) return undefined;
  const telling: Array<BoundaryColumn & { tv: number }> = [];
  for (const other of others) {
    const within = [0, 0, 0];
    const across = [0, 0, 0];
    for (let r = 0; r + 1 < rows; r++) {
      const a = groupAt(r);
      const b = groupAt(r + 1);
      const x = other.valueAt(r);
      const y = other.valueAt(r + 1);
      if (a === undefined || b === undefined || x === undefined || y === undefined) continue;
      const counts = a === b ? within : across;
      counts[moveOf(x, y) + 1]! += 1;
    }
    const nw = within[0]! + within[1]! + within[2]!;
    const na = across[0]! + across[1]! + across[2]!;
    if (nw < MIN_BRIDGED || na < MIN_BRIDGED) continue;
    const shares = (counts: number[], n: number) => counts.map((k) => round((k + 0.5) / (n + 1.5))) as Moves;
    const inGroup = shares(within, nw);
    const betweenGroups = shares(across, na);
    const tv = inGroup.reduce((sum, share, i) => sum + Math.abs(share - betweenGroups[i]!), 0) / 2;
    if (tv >= MIN_TELLING) telling.push({ column: other.name, within: inGroup, across: betweenGroups, tv });
  }
  if (telling.length === 0) return undefined;
  telling.sort((a, b) => b.tv - a.tv || (a.column < b.column ? -1 : 1));
  return {
    rows: boundaryRows,
    share: round(share),
    columns: telling.slice(0, MAX_BOUNDARY_COLUMNS).map(({ column, within, across }) => ({ column, within, across })),
  };
}

/** The longest order of values a column may repeat (months of a year, brackets of a table, and less). */
const MAX_CYCLE = 24;
/** Share of the column's filled cells the values of the order must hold (the rest: slips and strays). */
const MIN_CYCLE_COVER = 0.75;
/** Most of the column's filled cells that may hold values outside the order that recur. */
const MAX_CYCLE_OUTSIDE = 0.1;
/** An order is of labels (a sex, a bracket, a month), not of texts: it keeps the profile small. */
const MAX_CYCLE_VALUE_LENGTH = 100;

/**
 * A column whose values repeat in a fixed order from row to row (two sexes taking turns, the
 * income brackets listed again for each region, month names through each year): each value is
 * mostly followed by the same other value; following those steps from the commonest value comes
 * back to it through most of the values the column holds, and few of the others recur. Kept with
 * how often a row whose neighbours are two steps apart in the order holds the value between them,
 * over the rows that hold one of the order's values (a blank or a misspelt value is an error of its
 * own, not a break in the order: counted, it would make the order look looser the dirtier the
 * table); none where a value mostly follows itself (that is a run) or too few rows are bridged.
 */
export function rowCycle(col: Pick<ColumnProfile, 'distinct' | 'filled'>, rows: number, valueAt: (row: number) => string | undefined): RowCycle | undefined {
  // Too many values for an order of at most MAX_CYCLE to hold enough of the cells (a key, a measure).
  const tooMany = (distinct: number, filled: number) => distinct > MAX_CYCLE + filled * (1 - MIN_CYCLE_COVER);
  if (tooMany(col.distinct, col.filled)) return undefined;
  // Each row's value once (`valueAt` gives none for blanks and missing-value markers), and the counts.
  const values: Array<string | undefined> = new Array(rows);
  const counts = new Map<string, number>();
  let filled = 0;
  for (let r = 0; r < rows; r++) {
    const value = valueAt(r);
    if (value === undefined) continue;
    values[r] = value;
    filled++;
    counts.set(value, (counts.get(value) ?? 0) + 1);
    if (tooMany(counts.size, rows)) return undefined;
  }
  const read = (row: number) => values[row];
  // Only the commonest values can make the order; where they hold too little, there is none.
  const common = [...counts].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).slice(0, MAX_CYCLE);
  if (common.length < 2 || common.reduce((sum, [, n]) => sum + n, 0) < filled * MIN_CYCLE_COVER) return undefined;
  const next = new Map<string, Map<string, number>>(common.map(([v]) => [v, new Map<string, number>()]));
  for (let r = 0; r + 1 < rows; r++) {
    const followers = next.get(read(r) ?? '');
    const after = read(r + 1);
    if (!followers || after === undefined) continue;
    followers.set(after, (followers.get(after) ?? 0) + 1);
  }
  const successor = (value: string): string | undefined => {
    let best: [string, number] | undefined;
    let tied = false;
    for (const entry of next.get(value) ?? []) {
      if (!best || entry[1] > best[1]) {
        best = entry;
        tied = false;
      } else if (entry[1] === best[1]) tied = true;
    }
    return best && !tied ? best[0] : undefined;
  };
  const order: string[] = [common[0]![0]];
  for (;;) {
    const step = successor(order[order.length - 1]!);
    if (step === undefined || step === order[order.length - 1]) return undefined;
    if (step === order[0]) break;
    if (order.includes(step) || order.length >= MAX_CYCLE) return undefined;
    order.push(step);
  }
  if (order.reduce((sum, v) => sum + counts.get(v)!, 0) < filled * MIN_CYCLE_COVER || order.some((v) => v.length > MAX_CYCLE_VALUE_LENGTH)) return undefined;
  // Values the column holds again and again that the order leaves out (not a slip of one of its
  // values, written once) mean the order is not the column's: a series that skips some years.
  const inOrder = new Set(order.map(fold));
  let outside = 0;
  for (const [value, n] of counts) if (n > 1 && !inOrder.has(fold(value))) outside += n;
  if (outside > filled * MAX_CYCLE_OUTSIDE) return undefined;
  const position = new Map(order.map((v, i) => [v, i]));
  let bridged = 0;
  let same = 0;
  for (let r = 1; r + 1 < rows; r++) {
    const i = position.get(read(r - 1) ?? '');
    // A row whose own value is not in the order (a blank, a slip) says nothing of the order.
    if (i === undefined || read(r + 1) !== order[(i + 2) % order.length] || !position.has(read(r) ?? '')) continue;
    bridged++;
    if (read(r) === order[(i + 1) % order.length]) same++;
  }
  if (bridged < MIN_BRIDGED) return undefined;
  const share = round((same + 0.5) / (bridged + 1));
  if (share < MIN_STEP_SHARE) return undefined;
  // One step: how often a row that holds one of the order's values, after a row that does, holds
  // the value that follows (for a row with only one usable neighbour).
  let stepped = 0;
  let followed = 0;
  for (let r = 1; r < rows; r++) {
    const i = position.get(read(r - 1) ?? '');
    if (i === undefined || !position.has(read(r) ?? '')) continue;
    stepped++;
    if (read(r) === order[(i + 1) % order.length]) followed++;
  }
  return { order, bridged, share, stepShare: round((followed + 0.5) / (stepped + 1)) };
}
