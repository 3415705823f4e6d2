import type { DateLayout, DateStyle } from './dates';
import { decimalsOf, LEADING_ZERO } from './values';
import type { ClockForm } from './clock';
import type { UnitForm } from './unit-form';
import type { CommaForm } from './decimal-comma';
import type { MissingLink } from './missing-links';

// The column profile of a dataset: what its values usually look like, built from the dataset's
// own (possibly dirty) rows at scan time and stored with the scan. The builtin suggestion
// provider reads it to propose a repair; an LLM provider gets a slice of it as context.
//
// Size bound: the JSON of a profile stays under `maxBytes` (default PROFILE_MAX_BYTES, 256 KiB)
// whatever the number of rows: every list is capped, long values are left out of the value
// lists, and if the capped profile is still too large the weakest of a column's many determinants
// go first, then the longest lists are halved until it fits (fitToBudget). Row count changes
// only the build time, never the size.

/** 2: words also break at the marks inside a value (`wordsAndBreaks`); version 1 broke them at whitespace only. */
export const PROFILE_VERSION = 2;

/** Whether a profile's word vocabulary was read at the marks inside values too (version 2 on); without one, as profiles are built now. */
export function wordsAtMarks(profile: { version: number } | undefined): boolean {
  return (profile?.version ?? PROFILE_VERSION) >= 2;
}
export const PROFILE_MAX_BYTES = 256 * 1024;

export type ColumnType =
  | 'empty'
  | 'boolean'
  | 'integer'
  | 'decimal'
  | 'percentage'
  | 'measure'
  | 'currency'
  | 'date'
  | 'email'
  | 'phone'
  | 'url'
  | 'categorical'
  | 'text';

export interface NumericStats {
  /** Values that read as numbers in any form (plain, percent, unit, currency, grouped). */
  count: number;
  min: number;
  max: number;
  /** 2nd and 98th percentiles: the range without its few extreme values (absent in older profiles). */
  low?: number;
  high?: number;
  median: number;
  /** Median absolute deviation from the median (robust spread). */
  mad: number;
  /** Share of numeric values written as plain numbers (no unit, percent or grouping). */
  plainShare: number;
  /** Most common number of decimals among plain numbers, and the share that has it. */
  decimals: number;
  decimalsShare: number;
  /** Plain numbers written with a leading zero ("02134"; absent where none is, and in profiles built before they were counted). */
  leadingZeros?: number;
  /**
   * Plain numbers with the column's decimals whose last decimal is a zero ("3.0", "12.50"; absent
   * where none is, and in profiles built before they were counted): a column that writes them keeps
   * its trailing zeros, however many of its numbers slips gave other decimals.
   */
  zeroEnded?: number;
  /** Median of the numbers written plainly, and of those written with a percent sign (as written). */
  plainMedian?: number;
  percentMedian?: number;
}

export interface ColumnProfile {
  name: string;
  /** Rows with a non-missing value. */
  filled: number;
  /** Rows with no value: null, blank or a missing-value marker. */
  missing: number;
  /** Missing-value markers seen, as written (trimmed), with counts; '' is a blank cell. */
  markers: Array<[string, number]>;
  /** Distinct non-missing values (exact up to DISTINCT_CAP, then a lower bound). */
  distinct: number;
  /** Values that occur once (for the Good–Turing estimate of unseen values). */
  singletons: number;
  /**
   * Singletons that are likely spoiled values rather than new ones: within a small edit of a
   * frequent value (a character changed, dropped or added; other spacing or case), or a lone
   * number in a column of words.
   */
  singletonsNearFrequent: number;
  type: ColumnType;
  /** Share of non-missing values that fit `type`. */
  typeShare: number;
  /** Values seen at least twice, most frequent first, with counts (capped). */
  values: Array<[string, number]>;
  /** Share of non-missing rows whose value is in `values`. */
  valuesCoverage: number;
  /** Shape signatures ('ddd-ddd-dddd', 'Aa+ Aa+') with counts, most frequent first (capped). */
  shapes: Array<[string, number]>;
  /** Word tokens seen at least twice, with counts (capped). */
  tokens: Array<[string, number]>;
  /** All word tokens of the column and how many of them occur once (unseen-token estimate). */
  tokenTotal: number;
  tokenSingletons: number;
  /** The same for the first word of each value (absent in profiles built before it was counted). */
  leadTokenTotal?: number;
  leadTokenSingletons?: number;
  /**
   * Of the words (and first words) seen once, those one slip from a frequent word: spoiled words,
   * not new ones (absent in profiles built before they were counted).
   */
  tokenSlips?: number;
  leadTokenSlips?: number;
  length: { min: number; max: number };
  /** Dominant letter case of the values: lower, upper, title, mixed, none. */
  caseStyle: string;
  caseShare: number;
  numeric?: NumericStats;
  /**
   * Of the rows whose value the column holds more than once (letter case and spacing aside), the
   * share not written their value's commonest way, counted over every row (values seen once each
   * way included, which the value list leaves out) and over at least twenty rows (absent in
   * profiles built before it was counted).
   */
  spellingVariantShare?: number;
  /** Dominant date layout, when the column holds dates. */
  dateLayout?: DateLayout;
  /**
   * Share of the column's dates that read in that layout (absent in profiles built before it was
   * kept): near 1 where the column writes one layout, a half where two systems wrote it.
   */
  dateLayoutShare?: number;
  /**
   * How the column writes that layout: comma, month name, padded day, dashes, and the form of its
   * time of day (absent in profiles built before it was kept).
   */
  dateStyle?: DateStyle;
  /**
   * How the column writes times of day, where it holds them alone ("7:10 a.m.", "19:10") and
   * mostly one way (absent otherwise, and in profiles built before it was kept).
   */
  clock?: ClockForm;
  /**
   * How the column writes the unit after its numbers ("39.2 mm"), where nearly all of them carry
   * one written one way (absent otherwise, and in profiles built before it was kept).
   */
  unit?: UnitForm;
  /**
   * The column holds times of day (at least half its values read as one), whether or not most of
   * them are written one way (clock); absent otherwise, and in profiles built before it was kept.
   */
  timesOfDay?: boolean;
  /**
   * The start and end that nearly all of the column's values share up to their first and from
   * their last digit ("SKU-" of "SKU-00142", "https://shop.example/p/" of its product links),
   * counted over every value, not only the repeated ones (absent where none is shared, and in
   * profiles built before it was kept).
   */
  affix?: { prefix: string; suffix: string };
  /** The country code nearly all of a column of international phone numbers write after "+" ("47"; absent otherwise, and in older profiles). */
  countryCode?: string;
  /**
   * The length of the barcodes (GTIN: 8, 12, 13 or 14 digits with a valid check digit) nearly all
   * of the column's values are (absent otherwise, and in older profiles).
   */
  gtin?: number;
  /**
   * The column writes its numbers with a decimal comma ("14,5", "1.250,75"): the profile's values
   * and statistics read them in decimal-point form (absent otherwise, and in profiles built before
   * it was kept).
   */
  decimalComma?: CommaForm;
  /** Its dates' 2nd and 98th percentile years (absent in profiles built before they were kept). */
  dateYears?: [number, number];
  /**
   * How its dates written with slashes order month and day, where those that read only one way
   * agree, or, where all of them read both ways, where the column's other dates say it (their days
   * and months fall as one reading's do); absent without such evidence, and in profiles built
   * before it was kept.
   */
  slashDates?: SlashOrder;
  /**
   * A second layout a quarter or more of its dates are written in, read among the dates that do
   * not read in `dateLayout`: its share of the dates and how the column writes it (absent otherwise,
   * and in profiles built before it was kept).
   */
  otherDateLayout?: { layout: DateLayout; share: number; style: DateStyle };
  /**
   * The step most neighbouring rows take in this column (a year per row, a day per row), with the
   * share of neighbouring pairs that take it (absent where no step is usual, and in profiles built
   * before it was kept). Dates step in days, or in calendar months (`unit`) in a monthly series.
   */
  sequence?: RowSequence;
  /**
   * How often a row holds the value its neighbours share: over the rows whose rows before and
   * after hold the same value, the share that hold it too (absent with too few such rows, and in
   * profiles built before it was kept). High where the table is grouped or sorted by this column.
   */
  runs?: RowRuns;
  /**
   * In a column whose rows come grouped by it: which group a row between two groups belongs to, as
   * the other columns tell it (absent where none does, and in profiles built before it was kept).
   */
  boundaries?: RowBoundaries;
  /**
   * The order in which the column's values repeat from row to row (two values taking turns, a list
   * of brackets given again for each region), with how often a row whose neighbours are two steps
   * apart in it holds the value between them (absent where the values keep no such order, and in
   * profiles built before it was kept).
   */
  cycle?: RowCycle;
}

export interface RowSequence {
  step: number;
  share: number;
  /** A date column's step counted in calendar months (a monthly series keeps its day of the month); days otherwise. */
  unit?: 'month';
  /**
   * In a column of codes that number its rows ("CUST-01550"), the head and digit count most of them
   * share: the step is the number's (absent for numbers and dates, and in profiles built before
   * codes were read).
   */
  code?: CodeForm;
}

export interface CodeForm {
  head: string;
  width: number;
}

export interface RowRuns {
  /** Rows whose neighbours hold the same value. */
  bridged: number;
  /** Share of those that hold it too (smoothed by half a row). */
  share: number;
  /**
   * Share of rows that hold the value of the row before them, over rows whose value and whose row
   * before's value count (smoothed by half a row; absent in profiles built before it was kept).
   */
  stepShare?: number;
}

/** How another column moves between neighbouring rows: shares that go down, stay, go up. */
export type Moves = [down: number, same: number, up: number];

export interface BoundaryColumn {
  column: string;
  /** Between two rows of the same group, and between rows of different groups. */
  within: Moves;
  across: Moves;
}

export interface RowBoundaries {
  /** Rows whose neighbours hold two different values. */
  rows: number;
  /** Share of those that hold one of the two (smoothed by half a row). */
  share: number;
  /** The columns whose moves tell a group's rows from the next group's, most telling first. */
  columns: BoundaryColumn[];
}

export interface RowCycle {
  /** The values in the order they repeat; the last is followed by the first. */
  order: string[];
  /** Rows that hold one of the order's values and whose neighbours are two steps apart in it. */
  bridged: number;
  /** Share of those that hold the value between their neighbours (smoothed by half a row). */
  share: number;
  /**
   * Share of rows holding one of the order's values, after a row that does, that hold the value
   * following it (smoothed by half a row). Profiles built before it lack it.
   */
  stepShare?: number;
}

/** Month before day ("10/23/2023") or day before month ("23/10/2023"). */
export type SlashOrder = 'month-first' | 'day-first';

/**
 * A functional dependency `from -> to` that holds in most rows (zip -> city, provider -> name).
 * strength: share of rows (in determinant groups of two or more rows) whose dependent value is
 * its group's majority value. mappings: [determinant value index, dependent value index,
 * majority count, group size], indices into the two columns' `values` lists; when the dataset has
 * a source column, two more entries: the majority's and the group's summed source weights.
 */
export interface Dependency {
  from: string;
  to: string;
  strength: number;
  /** Rows in determinant groups of two or more. */
  support: number;
  mappings: Array<[number, number, number, number] | [number, number, number, number, number, number]>;
  /**
   * Groups whose answer one row can turn (the runner-up is at most one row behind, or level):
   * [determinant value index, leading value, its count, runner-up value, its count, group size],
   * and with a source column the leading value's, the runner-up's and the group's summed source
   * weights. A failed row is one of its group, so what the rest of the group says may be the
   * runner-up (a group of two rows that disagree has no majority at all). The values are written
   * out: they are often values seen once, which the dependent's value list leaves out.
   */
  contested?: Array<[number, string, number, string, number, number] | [number, string, number, string, number, number, number, number, number]>;
  /**
   * Keys whose other rows all left the dependent blank, so that one row holds a value: too small a
   * group to vote, yet all there is to fill the blanks with. [determinant value index, the value
   * written out (often seen once), and with a source column its row's source weight].
   */
  lone?: Array<[number, string] | [number, string, number]>;
}

/**
 * A relation from the first word of a column of names to another column (a car's maker to its
 * country), where the whole names determine nothing: mappings [first word in small letters,
 * dependent value, majority count, group size] (lead-words.ts).
 */
export interface LeadDependency {
  from: string;
  to: string;
  strength: number;
  support: number;
  mappings: Array<[string, string, number, number]>;
}

/**
 * A dependency on two columns together, `from` and `and` -> `to`, where neither alone determines
 * `to` (origin and destination -> distance; product and region -> price). Kept only where the
 * pair says clearly more than the better of its two columns. mappings: [`from` value index, `and`
 * value index, dependent value index, majority count, group size], indices into the three
 * columns' `values` lists.
 */
export interface PairDependency {
  from: string;
  and: string;
  to: string;
  strength: number;
  /** Rows in pair groups of two or more. */
  support: number;
  mappings: Array<[number, number, number, number, number]>;
  /** Groups one row can turn, as `Dependency.contested` but keyed by both value indices: [`from` value index, `and` value index, leading value, its count, runner-up, its count, group size]. */
  contested?: Array<[number, number, string, number, string, number, number]>;
}

/**
 * Two columns naming the same kind of thing (a flight's origin and destination) whose values,
 * whichever way round, determine a third (the distance between two airports is the same both
 * ways). Groups, of one row or more, are keyed by the two values in text order: [one value, the
 * other, dependent value index into `to`'s values, majority count, group size]. One of the two columns and the dependent
 * name the other column's value too (an airport and a distance: the airport at that distance).
 */
export interface SymmetricDependency {
  between: [string, string];
  to: string;
  strength: number;
  /** Rows in groups of two or more, counted either way round. */
  support: number;
  mappings: Array<[string, string, number, number, number]>;
  /** Groups one row can turn, as `Dependency.contested`: [one value, the other, leading value, its count, runner-up, its count, group size]. */
  contested?: Array<[string, string, string, number, string, number, number]>;
}

/** Character substitutions seen between rare values and a close frequent value (typo model). */
export interface Confusions {
  /** [from (frequent value's char), to (rare value's char), count], most frequent first. */
  pairs: Array<[string, string, number]>;
  total: number;
}

/**
 * A column naming where each row came from, in a dataset where several rows describe the same
 * entity: how often each source agrees with the others (truth discovery), and the vote weight
 * that follows from it (log-odds of its accuracy).
 */
export interface SourceTrust {
  column: string;
  /** [source value, accuracy, vote weight]. */
  sources: Array<[string, number, number]>;
}

/**
 * What a numeric column's value usually is given another column of its row: per group (a value of
 * the category `by`, or a band of the number `by` cut at `edges`), [group key, median, median
 * absolute deviation, numbers counted], on a log10 scale when `log`. Group keys of a band are its
 * index ("0" below the first edge).
 */
export interface NumericRelation {
  column: string;
  by: string;
  log: boolean;
  /** The column's own median and median absolute deviation, on the same scale. */
  overall: [number, number];
  edges?: number[];
  groups: Array<[string, number, number, number]>;
}

/**
 * A number that is another column's number over a total of its group (a job's share of its
 * year's workers: its count over the year's total): `column` = `of` / the divisor of the row's
 * `by` value, to the written decimals.
 */
export interface GroupRatio {
  column: string;
  of: string;
  by: string;
  /** [group value, divisor], the most populated groups first. */
  divisors: Array<[string, number]>;
  /** Share of the rows with both numbers and a known group in which it holds. */
  holds: number;
  rows: number;
}

export type ArithmeticOp = '+' | '*' | '/';

/**
 * A column that is arithmetic of two others in nearly every row: `result` = `left` op `right`
 * (a total the sum of its parts, an amount a quantity times a price, a share a count over a total).
 */
export interface ArithmeticRelation {
  result: string;
  left: string;
  op: ArithmeticOp;
  right: string;
  /** Share of the rows with all three numbers in which it holds, to the result's written decimals. */
  holds: number;
  /** Rows (of the sample read) with all three numbers. */
  rows: number;
}

/** A time of day that is another time of the row plus a whole number of minutes (round the clock). */
export interface ClockSum {
  result: string;
  start: string;
  minutes: string;
  /** Share of the rows with all three in which it holds. */
  holds: number;
  /** Rows (of the sample read) with all three. */
  rows: number;
}

export interface DatasetProfile {
  version: number;
  rows: number;
  columns: ColumnProfile[];
  dependencies: Dependency[];
  /** Absent in profiles built before pairs of columns were examined, and where no pair qualifies. */
  pairDependencies?: PairDependency[];
  /** Absent in profiles built before pairs were read either way round, and where none qualifies. */
  symmetricDependencies?: SymmetricDependency[];
  confusions: Confusions;
  sourceTrust?: SourceTrust;
  /** Relations from the first word of a column of names (lead-words.ts). */
  leadDependencies?: LeadDependency[];
  /** Absent in profiles built before relations were discovered. */
  numericRelations?: NumericRelation[];
  /** Absent in profiles built before identities were looked for, and where none holds. */
  arithmetic?: ArithmeticRelation[];
  /** Absent in profiles built before times of day were read, and where none holds. */
  clockSums?: ClockSum[];
  /** Absent in profiles built before group totals were looked for, and where none holds. */
  groupRatios?: GroupRatio[];
  /** Absent in profiles built before columns missing together were looked for, and where none are. */
  missingLinks?: MissingLink[];
}

export interface ProfileOptions {
  /** Column order; defaults to the keys of the rows in first-seen order. */
  columns?: readonly string[];
  /** Upper bound of the profile's JSON size in bytes. */
  maxBytes?: number;
}

/**
 * The range a column's numbers usually fall in: its 2nd to 98th percentile widened by half its
 * width on each side (a few slips in the data do not stretch it), or its whole range in a
 * profile without percentiles.
 */
export function usualRange(stats: NumericStats): [number, number] {
  if (stats.low === undefined || stats.high === undefined) return [stats.min, stats.max];
  const margin = (stats.high - stats.low) / 2;
  return [Math.max(stats.min, stats.low - margin), Math.min(stats.max, stats.high + margin)];
}

/** Share of the 2nd-98th percentile range taken as spread where the MAD is 0. */
const SPREAD_OF_RANGE = 20;

/**
 * The column's robust spread: its MAD, or where more than half its numbers are one value (rainfall,
 * mostly 0) and the MAD is 0 though the rest spread, a twentieth of its 2nd-98th percentile range.
 */
export function spreadOf(stats: NumericStats): number {
  const range = stats.low !== undefined && stats.high !== undefined ? stats.high - stats.low : 0;
  return stats.mad > 0 ? stats.mad : range / SPREAD_OF_RANGE;
}

/** Whether a number lies in the range the column usually holds. */
export function inUsualRange(stats: NumericStats, x: number): boolean {
  const [low, high] = usualRange(stats);
  return x >= low && x <= high;
}

/**
 * The years a date column usually holds: its 2nd to 98th percentile years widened by half their
 * span (at least a year) on each side, or any year in a profile without them.
 */
export function usualYears(column: ColumnProfile): [number, number] {
  if (!column.dateYears) return [-Infinity, Infinity];
  const [low, high] = column.dateYears;
  const margin = Math.max(1, (high - low) / 2);
  return [low - margin, high + margin];
}

/** Share of a column's plain numbers that must show the same decimals for that to be its way. */
const SAME_DECIMALS = 0.9;

/** The number of decimals nearly all the column's plain numbers show, if they agree on one. */
export function fixedDecimals(stats: Pick<NumericStats, 'decimals' | 'decimalsShare'>): number | undefined {
  return stats.decimalsShare >= SAME_DECIMALS ? stats.decimals : undefined;
}

/** The decimals a column's numbers are written with, where nearly all agree (undefined otherwise, or without numbers). */
export const decimalsOfColumn = (column: ColumnProfile | undefined) => (column?.numeric ? fixedDecimals(column.numeric) : undefined);

/** Share of plain numbers with the column's decimals above which it keeps its trailing zeros. */
const KEPT_ZEROS = 0.95;
/**
 * Share of the numbers with the column's decimals that end in a zero from which it writes its
 * trailing zeros: about one in ten where it does (a last digit as likely as any), none where it
 * drops them; half that, against numbers a column of round figures rarely ends so.
 */
const ZERO_ENDED = 0.05;

/**
 * The decimals the column pads its numbers to ("612.50"), or 0 where it drops trailing zeros
 * ("61", "61.3": about one number in ten then shows fewer decimals) or has no usual number of them.
 * Where many numbers are spoilt (slips give them other decimals) the share with the column's
 * decimals falls below KEPT_ZEROS though the column writes "3.0": the numbers it ends in a zero say so.
 */
export function paddedDecimals(stats: Pick<NumericStats, 'decimals' | 'decimalsShare'> & Partial<Pick<NumericStats, 'count' | 'plainShare' | 'zeroEnded'>>): number {
  if (stats.decimalsShare >= KEPT_ZEROS) return stats.decimals;
  if (stats.count === undefined || stats.plainShare === undefined || stats.decimals === 0 || fixedDecimals(stats) === undefined) return 0;
  const withDecimals = stats.decimalsShare * stats.plainShare * stats.count;
  return (stats.zeroEnded ?? 0) >= ZERO_ENDED * withDecimals ? stats.decimals : 0;
}

/** A number's text shows no more decimals than the column writes (any, when it has no fixed number). */
export function decimalsFit(stats: NumericStats, text: string): boolean {
  const fixed = fixedDecimals(stats);
  return fixed === undefined || decimalsOf(text) <= fixed;
}

/**
 * Whether a plain number is one the column could hold: within its usual range and, where the
 * column writes decimal measurements, without a leading zero ("05.2"; codes keep theirs: "02134").
 */
export function couldHold(stats: NumericStats, text: string): boolean {
  return inUsualRange(stats, Number(text)) && !((fixedDecimals(stats) ?? 0) > 0 && LEADING_ZERO.test(text));
}

export function columnOf(profile: DatasetProfile | undefined, name: string): ColumnProfile | undefined {
  return profile?.columns.find((c) => c.name === name);
}
