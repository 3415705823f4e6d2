import { ClockVotes } from './clock';
import { validGtin } from './gtin';
import { UnitVotes } from './unit-form';
import { readDate, styleOf, type DateLayout, type DateStyle, type ShownStyle } from './dates';
import { layoutOfOrder, secondLayout, slashOrderOf, type DateReadings } from './date-order';
import { slipOfFrequent } from './slips';
import type { ColumnProfile, ColumnType, NumericStats } from './profile';
import {
  caseStyleOf,
  decimalsOf,
  LEADING_ZERO,
  EMAIL,
  fold,
  isBooleanWord,
  parseNumberLike,
  PHONE_LIKE,
  PLAIN_NUMBER,
  digitsOf,
  shapeOf,
  tokensOf,
  URL_LIKE,
  type CaseStyle,
  type NumberLike,
} from './values';

// One column's statistics, computed over its distinct values weighted by their counts (so the
// cost follows the number of distinct values, not of rows).

/** Distinct values read one by one for type, shape, case and words (the rest are counted only). */
export const STATS_SAMPLE = 5_000;

export const LIMITS = {
  /** Longest value kept in the value list (longer ones are free text, not repair targets). */
  valueLength: 300,
  values: 2000,
  tokens: 500,
  tokenLength: 40,
  shapes: 24,
  markers: 12,
} as const;

export interface ColumnCounts {
  name: string;
  /** value -> count, non-missing values only. */
  counts: Map<string, number>;
  /** Rows whose distinct values were no longer tracked (beyond the distinct cap). */
  untracked: number;
  missing: number;
  markers: Map<string, number>;
}

/** The type a value reads as (a number's form, a yes/no word, an address, a date, a phone number, or text). */
export function classify(value: string, num: NumberLike | undefined = parseNumberLike(value)): ColumnType {
  if (num) {
    switch (num.form) {
      case 'plain':
        return decimalsOf(num.text) > 0 || /e/i.test(num.text) ? 'decimal' : 'integer';
      case 'percent':
        return 'percentage';
      case 'unit':
        return 'measure';
      case 'currency':
        return 'currency';
      case 'grouped':
        return 'decimal';
    }
  }
  if (isBooleanWord(value)) return 'boolean';
  if (EMAIL.test(value)) return 'email';
  if (URL_LIKE.test(value)) return 'url';
  if (readDate(value).length > 0) return 'date';
  if (PHONE_LIKE.test(value) && /[\s().+-]/.test(value)) {
    const digits = digitsOf(value).length;
    if (digits >= 7 && digits <= 15) return 'phone';
  }
  return 'text';
}

function topOf<K>(counts: Map<K, number>, cap: number, keep: (k: K, n: number) => boolean = () => true): Array<[K, number]> {
  const list: Array<[K, number]> = [];
  for (const [k, n] of counts) if (keep(k, n)) list.push([k, n]);
  list.sort((a, b) => b[1] - a[1] || (String(a[0]) < String(b[0]) ? -1 : String(a[0]) > String(b[0]) ? 1 : 0));
  return list.slice(0, cap);
}

function weightedQuantile(sorted: Array<[number, number]>, total: number, q: number): number {
  let seen = 0;
  for (const [v, n] of sorted) {
    seen += n;
    if (seen >= q * total) return v;
  }
  return sorted[sorted.length - 1]?.[0] ?? 0;
}

const weightedMedian = (sorted: Array<[number, number]>, total: number) => weightedQuantile(sorted, total, 0.5);

/** Spreads (of log10 values about the median's) beyond which a positive number is left out of the percentiles. */
const DECADES_OUT = 8;
/** Least spread of log10 values counted: a column of nearly one value still spans a few per cent. */
const MIN_LOG_SPREAD = 0.02;

/**
 * The 2nd and 98th percentiles. In a column of positive numbers those scaled by a slip (tenfold,
 * a hundredfold) are left out first — far from the median in orders of magnitude, measured by the
 * column's own spread of them — for where more than one number in fifty slipped (a very dirty
 * table), they would be the percentiles and the usual range would hold them.
 */
function percentiles(byValue: Array<[number, number]>, total: number, median: number): { low: number; high: number } {
  let kept = byValue;
  let keptTotal = total;
  if (byValue[0]![0] > 0 && median > 0) {
    const decades = (v: number) => Math.abs(Math.log10(v / median));
    const spread = Math.max(weightedMedian(byValue.map(([v, n]): [number, number] => [decades(v), n]).sort((a, b) => a[0] - b[0]), total), MIN_LOG_SPREAD);
    const near = byValue.filter(([v]) => decades(v) <= DECADES_OUT * spread);
    if (near.length > 0) {
      kept = near;
      keptTotal = near.reduce((s, [, n]) => s + n, 0);
    }
  }
  return { low: weightedQuantile(kept, keptTotal, 0.02), high: weightedQuantile(kept, keptTotal, 0.98) };
}

function numericStats(numbers: Array<[NumberLike, number]>): NumericStats | undefined {
  const total = numbers.reduce((s, [, n]) => s + n, 0);
  if (total === 0) return undefined;
  const byValue = numbers.map(([x, n]): [number, number] => [x.value, n]).sort((a, b) => a[0] - b[0]);
  const median = weightedMedian(byValue, total);
  const deviations = byValue.map(([v, n]): [number, number] => [Math.abs(v - median), n]).sort((a, b) => a[0] - b[0]);
  const plain = numbers.filter(([x]) => x.form === 'plain');
  const plainCount = plain.reduce((s, [, n]) => s + n, 0);
  const decimals = new Map<number, number>();
  for (const [x, n] of plain) decimals.set(decimalsOf(x.text), (decimals.get(decimalsOf(x.text)) ?? 0) + n);
  const [topDecimals, topDecimalsCount] = topOf(decimals, 1)[0] ?? [0, 0];
  const medianOf = (list: Array<[NumberLike, number]>) => {
    const n = list.reduce((s, [, c]) => s + c, 0);
    return n ? weightedMedian(list.map(([x, c]): [number, number] => [x.value, c]).sort((a, b) => a[0] - b[0]), n) : undefined;
  };
  const plainMedian = medianOf(plain);
  const leadingZeros = plain.reduce((s, [x, n]) => s + (LEADING_ZERO.test(x.text) ? n : 0), 0);
  const zeroEnded = topDecimals > 0 ? plain.reduce((s, [x, n]) => s + (decimalsOf(x.text) === topDecimals && x.text.trim().endsWith('0') ? n : 0), 0) : 0;
  const percentMedian = medianOf(numbers.filter(([x]) => x.form === 'percent'));
  return {
    ...(plainMedian !== undefined ? { plainMedian } : {}),
    ...(percentMedian !== undefined ? { percentMedian } : {}),
    count: total,
    min: byValue[0]![0],
    max: byValue[byValue.length - 1]![0],
    ...percentiles(byValue, total, median),
    median,
    mad: weightedMedian(deviations, total),
    plainShare: plainCount / total,
    decimals: topDecimals,
    decimalsShare: plainCount ? topDecimalsCount / plainCount : 0,
    ...(leadingZeros > 0 ? { leadingZeros } : {}),
    ...(zeroEnded > 0 ? { zeroEnded } : {}),
  };
}

/** Rows of a column that must write a word after their number for it to be the column's own unit ("12 fth"). */
export const OWN_UNIT_ROWS = 3;

/** Share of a column's rows whose values must share a start or end for it to be the column's. */
const AFFIX_SHARE = 0.95;
/** Rows a column must fill before the start its values share says anything. */
const AFFIX_ROWS = 20;
/** The longest start or end an affix may have. */
const AFFIX_LENGTH = 40;

/**
 * The longest start (or end) that values covering AFFIX_SHARE of the rows share, cut at its first
 * (or last) digit: digits shared by a range of numbers ("SKU-00" of SKU-00100 to SKU-00999) are the
 * range's, not the column's.
 */
function sharedAffix(values: ReadonlyArray<readonly [string, number]>, rows: number, end: 'start' | 'end'): string {
  let found = '';
  for (let length = 1; length <= AFFIX_LENGTH; length++) {
    const counts = new Map<string, number>();
    for (const [value, n] of values) {
      if (value.length <= length) continue;
      const part = end === 'start' ? value.slice(0, length) : value.slice(value.length - length);
      counts.set(part, (counts.get(part) ?? 0) + n);
    }
    const [part, n] = topOf(counts, 1)[0] ?? ['', 0];
    if (n < AFFIX_SHARE * rows) break;
    found = part;
  }
  const digit = end === 'start' ? found.search(/\d/) : found.length - 1 - [...found].reverse().join('').search(/\d/);
  if (end === 'start') return digit < 0 ? found : found.slice(0, digit);
  return /\d/.test(found) ? found.slice(digit + 1) : found;
}

/** Share of a column's values that must be valid barcodes of one length for it to be a column of them. */
const GTIN_SHARE = 0.9;
/** Rows a column must fill before its barcodes say anything (a valid check digit is one chance in ten). */
const GTIN_ROWS = 20;

/** Share of a column's phone numbers that must start with one country code for it to be the column's. */
const COUNTRY_CODE_SHARE = 0.9;

export function columnStats(col: ColumnCounts): ColumnProfile {
  const filled = [...col.counts.values()].reduce((s, n) => s + n, 0) + col.untracked;
  const types = new Map<ColumnType, number>();
  const shapes = new Map<string, number>();
  const tokens = new Map<string, number>();
  // First words apart: a column's first word (a make, a city) is often from a small vocabulary
  // while the words after it (model names, street names) are mostly new.
  const leadTokens = new Map<string, number>();
  const cases = new Map<CaseStyle, number>();
  const layouts = new Map<DateLayout, number>();
  const years = new Map<number, number>();
  const styles = new Map<DateLayout, StyleVotes>();
  const dated: DateReadings[] = [];
  const clocks = new ClockVotes();
  const units = new UnitVotes();
  const numbers: Array<[NumberLike, number]> = [];
  const wordedNumbers: Array<[string, NumberLike, number]> = [];
  const wordedRows = new Map<string, number>();
  // International phone numbers by their leading digits after "+" ("+47 412 ..."): the column's country code.
  const codes = new Map<string, number>();
  // Barcodes with a valid check digit, by length.
  const barcodes = new Map<number, number>();
  let minLength = Infinity;
  let maxLength = 0;
  let singletons = 0;
  // Per-value reading (type, shape, case, words) is the costly part: past STATS_SAMPLE distinct
  // values it runs on the first ones seen and the counts are scaled up.
  let sampledRows = 0;
  let examined = 0;
  for (const [value, n] of col.counts) {
    if (n === 1) singletons++;
    minLength = Math.min(minLength, value.length);
    maxLength = Math.max(maxLength, value.length);
    if (examined++ >= STATS_SAMPLE) continue;
    sampledRows += n;
    const num = parseNumberLike(value);
    if (num && Number.isFinite(num.value)) {
      numbers.push([num, n]);
      units.add(value, num, n);
    } else {
      // A number followed by a word no unit list knows ("12 fth"): a number if the column writes that word after its numbers often enough.
      const worded = parseNumberLike(value, () => true);
      if (worded?.unit !== undefined && worded.remark === undefined && Number.isFinite(worded.value)) {
        wordedNumbers.push([value, worded, n]);
        wordedRows.set(worded.unit, (wordedRows.get(worded.unit) ?? 0) + n);
      }
    }
    const type = classify(value, num);
    types.set(type, (types.get(type) ?? 0) + n);
    if (type === 'date') {
      const readings = readDate(value);
      const style = styleOf(value);
      for (const r of readings) {
        layouts.set(r.layout, (layouts.get(r.layout) ?? 0) + n);
        vote(styles, r.layout, style, n);
      }
      dated.push([readings, n]);
      if (readings[0]) years.set(readings[0].date.year, (years.get(readings[0].date.year) ?? 0) + n);
    }
    clocks.add(value, n);
    if (type === 'phone') {
      const code = /^\+(\d{1,3})[\s.(-]/.exec(value.trim())?.[1];
      if (code) codes.set(code, (codes.get(code) ?? 0) + n);
    }
    if (validGtin(value)) barcodes.set(value.length, (barcodes.get(value.length) ?? 0) + n);
    const shape = shapeOf(value);
    shapes.set(shape, (shapes.get(shape) ?? 0) + n);
    const style = caseStyleOf(value);
    if (style !== 'none') cases.set(style, (cases.get(style) ?? 0) + n);
    // Words only: numbers are values, not a vocabulary to repair against.
    tokensOf(value).forEach((t, i) => {
      if (t.length > LIMITS.tokenLength || PLAIN_NUMBER.test(t)) return;
      tokens.set(t, (tokens.get(t) ?? 0) + n);
      if (i === 0) leadTokens.set(t, (leadTokens.get(t) ?? 0) + n);
    });
  }
  for (const [value, num, n] of wordedNumbers) {
    if ((wordedRows.get(num.unit!) ?? 0) < OWN_UNIT_ROWS) continue;
    numbers.push([num, n]);
    units.add(value, num, n);
  }
  const scale = sampledRows > 0 ? (filled - col.untracked) / sampledRows : 1;
  if (scale !== 1) for (const map of [types, shapes, tokens, leadTokens, cases, layouts] as Array<Map<unknown, number>>) for (const [k, n] of map) map.set(k, Math.round(n * scale));
  const values = topOf(col.counts, LIMITS.values, (v, n) => n >= 2 && v.length <= LIMITS.valueLength);
  const covered = values.reduce((s, [, n]) => s + n, 0);
  const [type, typeCount] = dominantType(types, col.counts.size, filled);
  const [caseStyle, caseCount] = topOf(cases, 1)[0] ?? ['none', 0];
  const casesTotal = [...cases.values()].reduce((s, n) => s + n, 0);
  const variants = spellingVariantShare(col.counts);
  const profile: ColumnProfile = {
    name: col.name,
    filled,
    missing: col.missing,
    markers: topOf(col.markers, LIMITS.markers),
    distinct: col.counts.size,
    singletons,
    singletonsNearFrequent: 0,
    type,
    typeShare: filled ? typeCount / filled : 0,
    values,
    valuesCoverage: filled ? covered / filled : 0,
    shapes: topOf(shapes, LIMITS.shapes),
    tokens: topOf(tokens, LIMITS.tokens, (_t, n) => n >= 2),
    tokenTotal: [...tokens.values()].reduce((s, n) => s + n, 0),
    tokenSingletons: [...tokens.values()].filter((n) => n === 1).length,
    leadTokenTotal: [...leadTokens.values()].reduce((s, n) => s + n, 0),
    leadTokenSingletons: [...leadTokens.values()].filter((n) => n === 1).length,
    tokenSlips: slipSingletons(tokens),
    leadTokenSlips: slipSingletons(leadTokens),
    length: { min: Number.isFinite(minLength) ? minLength : 0, max: maxLength },
    caseStyle,
    caseShare: casesTotal ? caseCount / casesTotal : 0,
  };
  if (variants !== undefined) profile.spellingVariantShare = share(variants);
  const numeric = numericStats(numbers);
  if (numeric) profile.numeric = numeric;
  if (sampledRows >= AFFIX_ROWS) {
    const sampled = [...col.counts].slice(0, STATS_SAMPLE);
    const prefix = sharedAffix(sampled, sampledRows, 'start');
    const suffix = sharedAffix(sampled, sampledRows, 'end');
    if (prefix !== '' || suffix !== '') profile.affix = { prefix, suffix };
  }
  const [code, codeCount] = topOf(codes, 1)[0] ?? [undefined, 0];
  if (code && type === 'phone' && codeCount >= COUNTRY_CODE_SHARE * sampledRows) profile.countryCode = code;
  const [barcode, barcodeCount] = topOf(barcodes, 1)[0] ?? [undefined, 0];
  if (barcode !== undefined && sampledRows >= GTIN_ROWS && barcodeCount >= GTIN_SHARE * sampledRows) profile.gtin = barcode;
  const clock = clocks.form(sampledRows);
  if (clock) profile.clock = clock;
  if (sampledRows > 0 && clocks.times * 2 >= sampledRows) profile.timesOfDay = true;
  const unit = units.form(numeric?.count ?? 0, sampledRows);
  if (unit) profile.unit = unit;
  const [top, layoutCount] = topOf(layouts, 1)[0] ?? [undefined, 0];
  if (top && layoutCount * 2 >= filled) {
    const order = slashOrderOf(dated);
    if (order) profile.slashDates = order;
    // Dates that all read both ways count for both slash layouts: the order says which is the column's.
    const layout = layoutOfOrder(top, order, layouts);
    profile.dateLayout = layout;
    const datedRows = types.get('date') ?? 0;
    if (datedRows > 0) profile.dateLayoutShare = share(layoutCount / datedRows);
    const span = yearSpan(years);
    if (span) profile.dateYears = span;
    const votes = styles.get(layout);
    if (votes) profile.dateStyle = styleOfVotes(votes);
    const [other, otherCount] = secondLayout(dated, layout, order) ?? [undefined, 0];
    const otherVotes = other && styles.get(other);
    if (otherVotes && datedRows > 0 && otherCount * scale >= OTHER_LAYOUT_SHARE * datedRows) {
      profile.otherDateLayout = { layout: other, share: share((otherCount * scale) / datedRows), style: styleOfVotes(otherVotes) };
    }
  }
  return profile;
}

/** Share of a column's dates from which a second layout is kept: a second system's, not slips. */
const OTHER_LAYOUT_SHARE = 0.25;

const share = (x: number) => Math.round(Math.min(1, x) * 1000) / 1000;

/** Rows a spelling share is counted over at least: two rows written two ways are no habit. */
const SPELLING_ROWS = 20;

/**
 * Of the rows whose value (letter case and spacing aside) the values counted hold more than once,
 * the share not written their value's commonest way, over at least `minRows` rows; undefined where
 * no value repeats. Slips vary a few spellings; a second system that wrote part of the column its
 * own way (in capitals) varies a third of them or more.
 */
export function spellingVariantShare(counts: Iterable<readonly [string, number]>, minRows = SPELLING_ROWS): number | undefined {
  const classes = new Map<string, [number, number]>();
  for (const [value, n] of counts) {
    const key = fold(value);
    const seen = classes.get(key);
    if (seen) {
      seen[0] += n;
      seen[1] = Math.max(seen[1], n);
    } else classes.set(key, [n, n]);
  }
  let repeated = 0;
  let off = 0;
  for (const [total, top] of classes.values()) {
    if (total < 2) continue;
    repeated += total;
    off += total - top;
  }
  return repeated > 0 ? off / Math.max(repeated, minRows) : undefined;
}

type Trait = 'comma' | 'fullMonth' | 'padDay' | 'dashes';
const TRAITS: readonly Trait[] = ['comma', 'fullMonth', 'padDay', 'dashes'];

/** How the values read in one layout write it: per trait, the values showing it and those showing its absence; each time form. */
interface StyleVotes {
  yes: Record<Trait, number>;
  no: Record<Trait, number>;
  times: Map<string, number>;
}

function vote(styles: Map<DateLayout, StyleVotes>, layout: DateLayout, style: ShownStyle, n: number): void {
  let votes = styles.get(layout);
  if (!votes) styles.set(layout, (votes = { yes: { comma: 0, fullMonth: 0, padDay: 0, dashes: 0 }, no: { comma: 0, fullMonth: 0, padDay: 0, dashes: 0 }, times: new Map() }));
  for (const trait of TRAITS) {
    const shown = style[trait];
    if (shown !== undefined) votes[shown ? 'yes' : 'no'][trait] += n;
  }
  votes.times.set(style.time, (votes.times.get(style.time) ?? 0) + n);
}

/** Each trait as most of the layout's values that show it write it; the commonest time form ("" for none). */
function styleOfVotes(votes: StyleVotes): DateStyle {
  const most = (trait: Trait) => votes.yes[trait] > votes.no[trait];
  return { comma: most('comma'), fullMonth: most('fullMonth'), padDay: most('padDay'), dashes: most('dashes'), time: topOf(votes.times, 1)[0]![0] };
}

/** Words seen once that are one slip from a word of the kept vocabulary seen three times or more. */
function slipSingletons(words: Map<string, number>): number {
  const isSlip = slipOfFrequent(topOf(words, LIMITS.tokens, (_w, n) => n >= 3).map(([w]) => w));
  let slips = 0;
  for (const [word, n] of words) if (n === 1 && isSlip(word)) slips++;
  return slips;
}

/** The 2nd and 98th percentile of the years a date column's values fall in (weighted by count). */
function yearSpan(years: ReadonlyMap<number, number>): [number, number] | undefined {
  const sorted = [...years].sort((a, b) => a[0] - b[0]);
  const total = sorted.reduce((s, [, n]) => s + n, 0);
  if (total === 0) return undefined;
  const at = (q: number) => {
    let seen = 0;
    for (const [year, n] of sorted) {
      seen += n;
      if (seen >= q * total) return year;
    }
    return sorted[sorted.length - 1]![0];
  };
  return [at(0.02), at(0.98)];
}

/** The type most values fit; integers and decimals count together as numbers. */
function dominantType(types: Map<ColumnType, number>, distinct: number, filled: number): [ColumnType, number] {
  if (filled === 0) return ['empty', 0];
  const get = (t: ColumnType) => types.get(t) ?? 0;
  const merged = new Map(types);
  if (get('integer') && get('decimal')) {
    merged.set('decimal', get('integer') + get('decimal'));
    merged.delete('integer');
  }
  let [best, count] = topOf(merged, 1)[0]!;
  // A small closed set of words is a category list (yes/no lists stay boolean).
  if (best === 'text' && distinct <= Math.max(20, filled * 0.05)) best = 'categorical';
  if (best === 'boolean' && distinct > 6) best = 'categorical';
  return [best, count];
}
