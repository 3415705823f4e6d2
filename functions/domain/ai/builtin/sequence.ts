import { evenSplit } from '../../profile/date-order';
import { dateInLayout, readDate, sameDate, writeDate } from '../../profile/dates';
import { inUsualRange, type ColumnProfile } from '../../profile/profile';
import { isNumberColumn, monthReader, moveOf, positionReader, singlesAreSlips, writeMonth, writePosition } from '../../profile/sequence';
import { fold, isMissing, parseNumberLike } from '../../profile/values';
import type { SourceRecord } from '../provider';
import type { Candidate } from './candidates';
import type { ColumnIndex } from './profile-index';
import { quote, type RuleInput } from './rule-input';

// Rules that read the rows either side of the failed one in file order. A column that steps
// through its rows (a year, a month or a day per row): where the rows just before and after are two
// steps apart, the value between them is the one one step on from the row before, written as the
// column writes its values. A column whose rows come grouped by it: where the rows either side
// hold the same value, the row between them likely holds it too. A neighbour that says nothing (a
// blank, a slip) is passed over for the row beyond it, and where one side says nothing within two
// rows, the other side is read alone.

const RELIABILITY = 0.97;

/** The failed column's values in the rows just before and after the failed one, each where it is there. */
function sidesOf(input: RuleInput): { before?: string; after?: string } {
  const before = input.neighbours?.previous?.[input.column];
  const after = input.neighbours?.next?.[input.column];
  return { ...(before == null ? {} : { before }), ...(after == null ? {} : { after }) };
}

/** The failed column's values in the rows just before and after the failed one, where both are there. */
function either(input: RuleInput): { before: string; after: string } | undefined {
  const { before, after } = sidesOf(input);
  return before === undefined || after === undefined ? undefined : { before, after };
}

/** The rows either side a rule reads, each with how many rows away it is (1 or 2). */
interface Sides {
  before: string;
  after: string;
  gaps: [number, number];
}

/**
 * The value a rule reads on one side of the failed row, with how many rows away it is: the row
 * just before (after), or, where it says nothing (`reads` declines its value: a blank, a marker,
 * a value not in the column's form, a slip), the row beyond it — a bad neighbour is an error of
 * its own, not the end of a series or a group. None at the table's edge.
 */
function sideOf(input: RuleInput, side: 'before' | 'after', reads: (raw: string) => boolean): [string, number] | undefined {
  const a = valueAt(input, side, 1);
  if (a === undefined) return undefined;
  if (reads(a)) return [a, 1];
  const b = readAt(input, side, 2, reads);
  return b === undefined ? undefined : [b, 2];
}

/** The column's value `gap` rows before or after the failed one, where the worker sent that row. */
function valueAt(input: RuleInput, side: 'before' | 'after', gap: 1 | 2): string | undefined {
  const { column, neighbours } = input;
  const row = side === 'before' ? (gap === 1 ? neighbours?.previous : neighbours?.previousButOne) : gap === 1 ? neighbours?.next : neighbours?.nextButOne;
  return row?.[column] ?? undefined;
}

/** The column's value `gap` rows before or after the failed one, where the column can read it. */
function readAt(input: RuleInput, side: 'before' | 'after', gap: 1 | 2, reads: (raw: string) => boolean): string | undefined {
  const value = valueAt(input, side, gap);
  return value !== undefined && reads(value) ? value : undefined;
}

/** The neighbours a rule reads on both sides (sideOf), where both say something. */
function sidesPast(input: RuleInput, reads: (raw: string) => boolean): Sides | undefined {
  const before = sideOf(input, 'before', reads);
  const after = before && sideOf(input, 'after', reads);
  return before && after ? { before: before[0], after: after[0], gaps: [before[1], after[1]] } : undefined;
}

/**
 * A neighbour's value as the column most often writes it: a group written in other case or
 * spacing (an "OSTREBY" among "Ostreby") is the same group.
 */
const usualWriting = (col: ColumnIndex) => (raw: string) => col.byFolded.get(fold(raw)) ?? raw;

/**
 * Whether a value the failed column holds in one row at most is one another column holds in more
 * rows: a value of that column, carried in. (Columns share values by coincidence — a town and a
 * county both named Jefferson, a delay of 5 minutes and the hour 5 —: a value the column holds
 * again and again is its own.)
 */
function heldMoreElsewhere(input: RuleInput, value: string): boolean {
  const here = input.col?.counts.get(value) ?? 0;
  if (here > 1) return false;
  for (const [name, other] of input.index?.columns ?? []) if (name !== input.column && (other.counts.get(value) ?? 0) > 2 * here) return true;
  return false;
}

/** How a reason names a row a rule read: "The row before", "The row two rows after". */
const rowText = (side: 'before' | 'after', gap: number) => `The row ${gap === 2 ? 'two rows ' : ''}${side}`;

/** How a reason names the rows a rule read on both sides. */
function sidesText([before, after]: [number, number]): string {
  return before === 1 && after === 1 ? 'The rows before and after' : `${rowText('before', before)} and ${rowText('after', after).toLowerCase()}`;
}

/** How a reason names a step column's unit: " days" in a column of dates, nothing for numbers. */
function stepUnit(col: ColumnProfile, sequence: NonNullable<ColumnProfile['sequence']>): string {
  const plural = sequence.step === 1 ? '' : 's';
  return sequence.unit === 'month' ? ` month${plural}` : col.dateLayout ? ` day${plural}` : '';
}

/** The value `gaps[0]` steps on from `before`, where `after` is `gaps[0] + gaps[1]` steps on (numbers, or dates in days). */
function positionBetween(col: ColumnProfile, { before, after, gaps }: Sides, step: number): string | undefined {
  const read = positionReader(col);
  const a = read?.(before);
  const b = read?.(after);
  const steps = gaps[0] + gaps[1];
  if (a === undefined || b === undefined || Math.abs(b - a - steps * step) > 1e-6 * steps * Math.max(1, Math.abs(step))) return undefined;
  return writePosition(col, a + gaps[0] * step, before, step);
}

/** The date `gaps[0]` steps of calendar months on from `before`, where `after` is `gaps[0] + gaps[1]` steps on, on the same day of the month. */
function monthBetween(col: ColumnProfile, { before, after, gaps }: Sides, step: number): string | undefined {
  const read = monthReader(col);
  const a = read?.(before);
  const b = read?.(after);
  if (!a || !b || a.day !== b.day || b.month - a.month !== (gaps[0] + gaps[1]) * step) return undefined;
  return writeMonth(col, a.month + gaps[0] * step, a.day);
}

/**
 * The sides one row further out, in turn, where both read: where the rows read on both sides do
 * not fit together (not the right number of steps apart, or two groups' values), one of them may
 * hold a value of its own that still reads (a date or a group carried in from another row).
 */
function otherSides(input: RuleInput, reads: (raw: string) => boolean, read: Sides): Sides[] {
  const out: Sides[] = [];
  for (const [b, a] of [[1, 2], [2, 1], [2, 2]] as Array<[1 | 2, 1 | 2]>) {
    if (b === read.gaps[0] && a === read.gaps[1]) continue;
    const before = readAt(input, 'before', b, reads);
    const after = readAt(input, 'after', a, reads);
    if (before !== undefined && after !== undefined) out.push({ before, after, gaps: [b, a] });
  }
  return out;
}

export function sequenceCandidates(input: RuleInput): Candidate[] {
  const { col, current } = input;
  const sequence = col?.profile.sequence;
  if (!col || !sequence) return [];
  const month = sequence.unit === 'month';
  const reader = month ? monthReader(col.profile) : positionReader(col.profile);
  if (!reader) return [];
  // A neighbour far outside the column's numbers ("3" among years: another column's value swapped
  // in) is an error of its own, not a position to step from.
  const stats = col.profile.numeric;
  const usual = (raw: string) => {
    const number = parseNumberLike(raw);
    return !stats || !number || inUsualRange(stats, number.value);
  };
  const reads = (raw: string) => !isMissing(raw) && reader(raw) !== undefined && usual(raw);
  const read = sidesPast(input, reads);
  if (!read) return oneSidedSequence(input, col.profile, sequence, reads);
  const between = (sides: Sides) => (month ? monthBetween(col.profile, sides, sequence.step) : positionBetween(col.profile, sides, sequence.step));
  let sides = read;
  let value = between(read);
  for (const other of value === undefined ? otherSides(input, reads, read) : []) {
    value = between(other);
    sides = other;
    if (value !== undefined) break;
  }
  if (value === undefined) return [];
  const p = Math.min(0.97, (0.5 + sequence.share / 2) * RELIABILITY);
  const reason = `${sidesText(sides.gaps)} hold ${quote(sides.before)} and ${quote(sides.after)}, and this column steps by ${sequence.step}${stepUnit(col.profile, sequence)} from row to row in ${Math.round(sequence.share * 100)}% of its rows.`;
  return stepCandidates(col.profile, value, current, p, reason);
}

/** The value a step gives, as a candidate in each way the column may write it (waysOf). */
function stepCandidates(col: ColumnProfile, value: string, current: string, p: number, reason: string): Candidate[] {
  return waysOf(col, value, current)
    .filter(([v]) => v !== current)
    .map(([v, share]) => ({ value: v, p: p * share, family: 'sequence' as const, rule: 'sequence', reason }));
}

/**
 * A step's value with the share of belief each writing of it gets: itself, save in a date column
 * two systems wrote about half each (evenSplit). There the date is written as the failed value is,
 * where that reads in one of the two layouts, or, where the failed value names that very date, in
 * the other layout (the step bears out the date, so its layout was what failed); a failed value in
 * neither layout gets the date in both, each as often as the column writes it.
 */
function waysOf(col: ColumnProfile, value: string, current: string): Array<[string, number]> {
  const other = evenSplit(col);
  const date = other && col.dateLayout ? dateInLayout(value, col.dateLayout) : undefined;
  if (!other || !date || !col.dateLayout) return [[value, 1]];
  const second = writeDate(date, other.layout, other.style);
  const readings = readDate(current);
  const inFirst = readings.find((r) => r.layout === col.dateLayout);
  const inSecond = readings.find((r) => r.layout === other.layout);
  if (inFirst && !inSecond) return sameDate(inFirst.date, date) ? [[second, 1]] : [[value, 1]];
  if (inSecond && !inFirst) return sameDate(inSecond.date, date) ? [[value, 1]] : [[second, 1]];
  const first = col.dateLayoutShare ?? 1;
  return [
    [value, first / (first + other.share)],
    [second, other.share / (first + other.share)],
  ];
}

/**
 * Where only one side of the failed row holds a value the column can read (the other is the
 * table's edge, or two bad rows): the value as many steps on from the row before (or back from
 * the row after) as it is rows away, as often as neighbouring rows take the step that many times.
 */
function oneSidedSequence(input: RuleInput, col: ColumnProfile, sequence: NonNullable<ColumnProfile['sequence']>, reads: (raw: string) => boolean): Candidate[] {
  const before = sideOf(input, 'before', reads);
  const side = before ?? sideOf(input, 'after', reads);
  if (!side) return [];
  const [near, gap] = side;
  const steps = before ? gap : -gap;
  let value: string | undefined;
  if (sequence.unit === 'month') {
    const read = monthReader(col)?.(near);
    value = read && writeMonth(col, read.month + steps * sequence.step, read.day);
  } else {
    const read = positionReader(col)?.(near);
    value = read === undefined ? undefined : writePosition(col, read + steps * sequence.step, near, sequence.step);
  }
  if (value === undefined) return [];
  const p = Math.min(0.97, sequence.share ** gap * RELIABILITY);
  const reason = `${rowText(before ? 'before' : 'after', gap)} holds ${quote(near)}, and this column steps by ${sequence.step}${stepUnit(col, sequence)} from row to row in ${Math.round(sequence.share * 100)}% of its rows.`;
  return stepCandidates(col, value, input.current, p, reason);
}

/**
 * A column whose rows come grouped or sorted by it (a country's rows together): where the rows
 * just before and after the failed one hold the same value, the row between them most likely holds
 * it too, as often as the column's rows between equal neighbours do.
 */
export function runCandidates(input: RuleInput): Candidate[] {
  const { col, current } = input;
  const runs = col?.profile.runs;
  if (!col || !runs) return [];
  // As the profile counts runs: a neighbour's value seen once is a slip where the column's values
  // recur (known to be seen once only where the column's list of recurring values is whole).
  const slips = singlesAreSlips(col.profile) && col.wholeList;
  const usual = usualWriting(col);
  const reads = (raw: string) => !isMissing(raw) && !(slips && (col.counts.get(usual(raw)) ?? 0) < 2);
  const read = sidesPast(input, reads);
  if (!read) return oneSidedRun(input, col, runs, reads, usual);
  // A failed number in a column of numbers whose rows come in no order (amounts mostly zero) is
  // most likely its own value mistyped or scaled, which other rules read: that its neighbours hold
  // the column's commonest number says only that the number is common (tune split at 6 and 30 %
  // errors: such runs were stated 90 % on average and right 20 times in 41). A blank or a marker
  // there may still be that number.
  if (!bridgesGroups(col, runs.share) && isNumberColumn(col.profile) && parseNumberLike(current) !== undefined) return [];
  // Where the rows either side hold different values, one of them may hold a value of its own that
  // still reads (another row's, carried in): the rows one further out on either side, in turn,
  // where they hold the same value — as likely as a row between two equal values holds it, read
  // past one more row (squared).
  const agree = (s: Sides) => usual(s.before) === usual(s.after);
  const sides = agree(read) ? read : otherSides(input, reads, read).find(agree);
  if (!sides || usual(sides.before) === current || heldMoreElsewhere(input, usual(sides.before))) return [];
  const value = usual(sides.before);
  return [
    {
      value,
      p: sides === read ? runs.share : runs.share ** 2,
      family: 'run',
      rule: 'run',
      reason: `${sidesText(sides.gaps)} both hold ${quote(value)}; in this column, ${Math.round(runs.share * 100)}% of the rows between two equal values hold the same value.`,
    },
  ];
}

/** How far above chance (towards always) a column's runs must hold for its neighbours to say anything. */
const MIN_KEEP_LIFT = 0.5;

/** Whether a share of rows that hold their neighbours' value is at least MIN_KEEP_LIFT of the way from chance to always. */
const aboveChance = (share: number, chance: number) => chance < 1 && (share - chance) / (1 - chance) >= MIN_KEEP_LIFT;

/**
 * Whether a row between two equal neighbours holds their value clearly more often than chance
 * would have it (ColumnIndex.bridgeChance): in a column of a few common values in no order, the
 * neighbours of a row mostly agree on the commonest value about as often as any two rows do.
 */
const bridgesGroups = (col: ColumnIndex, share: number) => aboveChance(share, col.bridgeChance);

/**
 * Whether rows keep the value of the row before clearly more often than chance would have them do
 * (two rows drawn at random hold the same value with the sum of the squared shares of its values):
 * in a column of a few common values taken in no order, the row before holds the common value about
 * as often as any row does, which the column's frequencies already say; read again as a run, it
 * counted twice.
 */
const keepsGroups = (col: ColumnIndex, stepShare: number) => aboveChance(stepShare, col.sameValueChance);

/**
 * Where only one side of the failed row holds a group (the other is the table's edge, or two bad
 * rows): that group, as often as a row holds the group of the row before it (for a group two rows
 * away, that squared).
 */
function oneSidedRun(input: RuleInput, col: ColumnIndex, runs: NonNullable<ColumnProfile['runs']>, reads: (raw: string) => boolean, usual: (raw: string) => string): Candidate[] {
  if (runs.stepShare === undefined || !keepsGroups(col, runs.stepShare)) return [];
  const before = sideOf(input, 'before', reads);
  const side = before ?? sideOf(input, 'after', reads);
  if (!side) return [];
  const [near, gap] = side;
  const value = usual(near);
  if (value === input.current || heldMoreElsewhere(input, value)) return [];
  return [
    {
      value,
      p: runs.stepShare ** gap,
      family: 'run',
      rule: 'run',
      reason: `${rowText(before ? 'before' : 'after', gap)} holds ${quote(value)}, and the other side holds nothing to go by; in this column, ${Math.round(runs.stepShare * 100)}% of the rows hold the value of the row before them.`,
    },
  ];
}

/** Most a single column's moves may weigh (log-odds): one column never settles it alone. */
const MAX_MOVE_WEIGHT = 3;

/**
 * A column whose rows come grouped by it, at the row between two groups: the row belongs to the
 * group before it when the columns that tell groups apart move from the row before to it as they
 * do within a group and from it to the row after as they do across groups (the years go on from
 * the row before, and start again at the row after), and to the group after it the other way
 * round. Weighed as the odds of the two readings from those columns' moves (averaged over the
 * columns, each at most MAX_MOVE_WEIGHT), times how often a row between two groups holds one of them.
 */
export function boundaryCandidates(input: RuleInput): Candidate[] {
  const { col, current, row } = input;
  const boundaries = col?.profile.boundaries;
  const previous = input.neighbours?.previous;
  const next = input.neighbours?.next;
  const sides = either(input);
  if (!col || !boundaries || !row || !previous || !next || !sides) return [];
  const usual = usualWriting(col);
  const [before, after] = [usual(sides.before), usual(sides.after)];
  if (before === after || isMissing(before) || isMissing(after)) return [];
  let odds = 0;
  const telling: string[] = [];
  for (const { column, within, across } of boundaries.columns) {
    const [a, x, b] = [previous[column], row[column], next[column]];
    if (a == null || x == null || b == null || isMissing(a) || isMissing(x) || isMissing(b)) continue;
    const first = moveOf(a, x) + 1;
    const second = moveOf(x, b) + 1;
    const weight = Math.log(within[first]!) + Math.log(across[second]!) - Math.log(across[first]!) - Math.log(within[second]!);
    odds += Math.max(-MAX_MOVE_WEIGHT, Math.min(MAX_MOVE_WEIGHT, weight));
    telling.push(column);
  }
  if (telling.length === 0 || odds === 0) return [];
  const withBefore = odds > 0;
  const value = withBefore ? before : after;
  // A neighbour's value that another column holds more often is that column's, carried in by an
  // error of its own: no group of this column (a slip of one is written right where it is carried).
  if (value === current || heldMoreElsewhere(input, value)) return [];
  // The columns mostly tell the same thing (a ferry and a year both start again at a new port): their
  // odds are averaged, not added as if each were a witness of its own.
  const sure = 1 / (1 + Math.exp(-Math.abs(odds / telling.length)));
  return [
    {
      value,
      p: Math.min(0.97, boundaries.share * sure),
      family: 'run',
      rule: 'run-boundary',
      reason: `The rows before and after hold ${quote(before)} and ${quote(after)}; this column keeps its rows together, and ${telling.map(quote).join(' and ')} ${withBefore ? 'go on from the row before as within a group and start again at the row after' : 'start again at this row and go on to the row after as within a group'}, so this row most likely holds ${quote(value)} (${Math.round(boundaries.share * 100)}% of the rows between two groups hold one of them).`,
    },
  ];
}

/** The order for a reason: its first six values. */
const orderText = (order: readonly string[]) => `${order.slice(0, 6).map(quote).join(', ')}${order.length > 6 ? ', …' : ''}`;

/**
 * A column whose values repeat in a fixed order from row to row (two values taking turns, a list of
 * brackets given again for each region): where the rows just before and after the failed one are
 * two steps apart in that order, the row between them most likely holds the value between, as
 * often as the column's rows between such neighbours do.
 */
export function cycleCandidates(input: RuleInput): Candidate[] {
  const { col, current } = input;
  const cycle = col?.profile.cycle;
  if (!col || !cycle) return [];
  const { order } = cycle;
  const usual = usualWriting(col);
  const sides = sidesPast(input, (raw) => order.includes(usual(raw)));
  // Not a row in the order on both sides: at most one of them can say anything.
  if (!sides) return oneSidedCycle(input, cycle, usual);
  const [before, after, gaps] = [usual(sides.before), usual(sides.after), sides.gaps];
  const i = order.indexOf(before);
  if (order[(i + gaps[0] + gaps[1]) % order.length] !== after) return [];
  const value = order[(i + gaps[0]) % order.length]!;
  if (value === current) return [];
  return [
    {
      value,
      p: Math.min(0.97, cycle.share * RELIABILITY),
      family: 'sequence',
      rule: 'cycle',
      reason: `${sidesText(gaps)} hold ${quote(before)} and ${quote(after)}; this column repeats its values in the order ${orderText(order)}, and ${Math.round(cycle.share * 100)}% of its rows between two such neighbours hold the value between them.`,
    },
  ];
}

/**
 * Where only one neighbour holds one of the order's values (the other is the table's edge, a blank
 * or a misspelt value of its own): the value after the row before, or before the row after, at how
 * often a row follows the one before it in the order. Only the rows next to the failed one are
 * read: reading past a bad one to the row beyond was measured and lost more than it gained.
 */
function oneSidedCycle(input: RuleInput, cycle: NonNullable<ColumnProfile['cycle']>, usual: (raw: string) => string): Candidate[] {
  if (cycle.stepShare === undefined) return [];
  const { order } = cycle;
  const sides = sidesOf(input);
  const before = sides.before === undefined ? undefined : usual(sides.before);
  const after = sides.after === undefined ? undefined : usual(sides.after);
  const i = before === undefined ? -1 : order.indexOf(before);
  const j = after === undefined ? -1 : order.indexOf(after);
  if ((i < 0) === (j < 0)) return [];
  const value = i >= 0 ? order[(i + 1) % order.length]! : order[(j - 1 + order.length) % order.length]!;
  if (value === input.current) return [];
  return [
    {
      value,
      p: Math.min(0.97, cycle.stepShare * RELIABILITY),
      family: 'sequence',
      rule: 'cycle',
      reason: `${i >= 0 ? `${rowText('before', 1)} holds ${quote(before!)}` : `${rowText('after', 1)} holds ${quote(after!)}`}; this column repeats its values in the order ${orderText(order)}, and ${Math.round(cycle.stepShare * 100)}% of its rows hold the value that follows the row before.`,
    },
  ];
}
