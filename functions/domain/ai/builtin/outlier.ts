import { decimalsFit, paddedDecimals, spreadOf, type NumericStats } from '../../profile/profile';
import { canonicalNumber, exactNumber, padDecimals, PLAIN_NUMBER } from '../../profile/values';
import type { Candidate } from './candidates';
import { quote, rows, type RuleInput } from './rule-input';

// A number far outside the column's usual range, where a unit slip (x10, x1000) or a digit error
// (swapped or doubled digit) would bring it back into range. Weak on its own evidence: several
// corrections usually fit, and a true extreme value is possible. A number nearer in is read for
// the same slips only where the column gives a reason (nearSlipCandidates).

const FAR = 8;
/** The 2nd-98th percentile range over this is the least spread the readings of a far number are weighed by. */
const READING_SPREAD_OF_RANGE = 8;
/** What a slip that brings a number just outside the usual range back into it shares out. */
const NEAR_P = 0.35;
/** What a slip that turns a number the column never repeats into one it holds shares out (by count). */
const MEMBER_P = 0.6;
/** Share of a column's values that must recur before landing on a recurring one says anything. */
const MEMBER_COVERAGE = 0.5;

function digitVariants(text: string): string[] {
  const out = new Set<string>();
  for (let i = 0; i + 1 < text.length; i++) {
    if (/\d/.test(text[i]!) && /\d/.test(text[i + 1]!) && text[i] !== text[i + 1]) out.add(text.slice(0, i) + text[i + 1] + text[i] + text.slice(i + 2));
    if (/\d/.test(text[i]!) && text[i] === text[i + 1]) out.add(text.slice(0, i) + text.slice(i + 1));
  }
  return [...out];
}

/** Whether a number lies in its column's 2nd-98th percentile range (false where the profile has none). */
function insidePercentiles(stats: NumericStats, text: string): boolean {
  const x = Number(text);
  return stats.low !== undefined && stats.high !== undefined && x >= stats.low && x <= stats.high;
}

export function outlierCandidates(input: RuleInput): Candidate[] {
  const { col, current } = input;
  const stats = col?.profile.numeric;
  // A barcode is no amount: one a tenth of another is no unit slip of it, and its range says nothing.
  if (!col || !stats || stats.plainShare < 0.8 || !PLAIN_NUMBER.test(current.trim()) || col.profile.gtin !== undefined) return [];
  const value = Number(current);
  const spread = Math.max(spreadOf(stats) * 1.4826, Math.abs(stats.median) * 0.01, 1e-9);
  const within = (x: number) => Math.abs(x - stats.median) <= FAR * spread / 2;
  if (Math.abs(value - stats.median) <= FAR * spread) return nearSlipCandidates(col, current, stats);
  // A repair must look like the column: where its numbers all show d decimals, one with more
  // (a division that shifts digits past the column's precision) is not how it writes numbers; one
  // with fewer is written with the column's decimals.
  // Readings are made on the digits as written (the point moved, digits swapped), never through
  // a float: a long fraction keeps every digit it has.
  const options = new Map<string, string>();
  const decimals = paddedDecimals(stats);
  const offer = (reading: string, how: string) => {
    const text = padDecimals(reading, decimals);
    if (within(Number(reading)) && decimalsFit(stats, text)) options.set(text, how);
  };
  for (const [reading, how] of slipReadings(current.trim(), col)) offer(reading, how);
  // Readings inside the range most of the column's numbers lie in outweigh those merely not far
  // out: "2500" among speeds of 80 to 300 is 250 a digit too long, not 25 written a hundred times over.
  const inside = [...options].filter(([text]) => insidePercentiles(stats, text));
  const kept = inside.length > 0 ? inside : [...options];
  if (kept.length === 0) return [];
  // Each reading weighs as the column's numbers lie about it: by a Laplace density of the column's
  // median and spread ("500" among delays of a few minutes is more likely 5 than 50). Shared
  // equally, the model found the likelier reading (tune split: 92-96 % of those it stated at
  // 30-49 % were right) but no margin over the other. The spread is at least an eighth of the 2nd-98th percentile
  // range: in a heavy-tailed column (amounts mostly small, a few in the hundreds of thousands) the
  // robust spread alone made the smallest reading win, whatever the column's decimals said.
  const scale = stats.low !== undefined && stats.high !== undefined ? Math.max(spread, (stats.high - stats.low) / READING_SPREAD_OF_RANGE) : spread;
  const weights = kept.map(([text]) => Math.exp(-Math.abs(Number(text) - stats.median) / scale));
  const sum = weights.reduce((a, b) => a + b, 0);
  return kept.map(([text, how], i) => ({
    value: text,
    p: sum > 0 ? (0.5 * weights[i]!) / sum : 0.5 / kept.length,
    family: 'outlier' as const,
    rule: 'outlier',
    reason: `${quote(current)} is far outside the column's usual range (median ${canonicalNumber(stats.median)}); ${how} it fits.`,
  }));
}

/** Whole numbers a column of whole numbers must repeat before one of them read ten times larger is a unit slip. */
const SHOWN_WHOLE = 20;
const shownCache = new WeakMap<object, boolean>();

/**
 * The column's numbers may be amounts: it writes decimals, or it repeats whole numbers (rows
 * among the values it repeats). Whole numbers that never repeat are one-per-row codes.
 */
function showsWholeNumbers(col: NonNullable<RuleInput['col']>): boolean {
  let found = shownCache.get(col);
  if (found === undefined) {
    let total = 0;
    for (const [value, n] of col.profile.values) if (/^-?\d+$/.test(value)) total += n;
    found = (col.profile.numeric?.decimals ?? 0) > 0 || total >= SHOWN_WHOLE;
    shownCache.set(col, found);
  }
  return found;
}

/**
 * The slips a number may hold: the point moved one to three places either way, two digits swapped
 * or one doubled. A whole number read ten (or a hundred, a thousand) times larger is a unit slip
 * only where the column's numbers may be amounts: among whole numbers that never repeat (account
 * numbers, ids) one a digit short lost a digit, any digit, not a zero ("7123456" is no "71234560").
 */
function slipReadings(text: string, col: NonNullable<RuleInput['col']>): Map<string, string> {
  const out = new Map<string, string>();
  const whole = /^-?\d+$/.test(text);
  for (const k of [1, 2, 3]) {
    out.set(exactNumber(text, -k), `divided by ${10 ** k} (a unit slip)`);
    if (!whole || showsWholeNumbers(col)) out.set(exactNumber(text, k), `multiplied by ${10 ** k} (a unit slip)`);
  }
  for (const variant of digitVariants(text)) out.set(exactNumber(variant), 'with a digit error undone');
  return out;
}

/**
 * A failed number that is not far out can still be a slip, where the column says so:
 *  - it lies outside the 2nd-98th percentile range and a slip brings it inside (a depth of 4
 *    where depths run from 20 to 90); shared among the readings that do;
 *  - the column's values recur (a year column that holds decades), this number is not one of
 *    them, and a slip turns it into one (1907 where the column holds 1970 forty times); shared
 *    by how often the column holds each.
 * A reading inside the range is no evidence on its own: numbers in range are what every
 * column holds.
 */
function nearSlipCandidates(col: NonNullable<RuleInput['col']>, current: string, stats: NumericStats): Candidate[] {
  const text = current.trim();
  const value = Number(text);
  const decimals = paddedDecimals(stats);
  const readings = [...slipReadings(text, col)].map(([reading, how]) => [padDecimals(reading, decimals), how] as const).filter(([reading]) => decimalsFit(stats, reading));
  const out: Candidate[] = [];
  const { low, high } = stats;
  if (low !== undefined && high !== undefined && (value < low || value > high)) {
    const inside = readings.filter(([reading]) => insidePercentiles(stats, reading));
    for (const [reading, how] of inside) {
      out.push({ value: reading, p: NEAR_P / inside.length, family: 'outlier', rule: 'outlier-near', reason: `${quote(current)} is outside the range most of the column's numbers lie in (${canonicalNumber(low)} to ${canonicalNumber(high)}); ${how} it fits.` });
    }
  }
  const held = (reading: string) => col.counts.get(reading) ?? 0;
  // A number with more decimals than the column writes is no member however often it recurs: at
  // a high error rate the same slip recurs too ("-0.7" in four rows of whole minutes).
  const canonical = padDecimals(exactNumber(text), decimals);
  const repeated = decimalsFit(stats, canonical) && (held(text) >= 2 || held(canonical) >= 2);
  if (!repeated && col.profile.valuesCoverage >= MEMBER_COVERAGE) {
    const members = readings.filter(([reading]) => held(reading) >= 2);
    const total = members.reduce((sum, [reading]) => sum + held(reading), 0);
    for (const [reading, how] of members) {
      out.push({ value: reading, p: (MEMBER_P * held(reading)) / total, family: 'outlier', rule: 'outlier-member', reason: `${quote(current)} is not one of the values the column repeats; ${how}, it reads ${quote(reading)}, held by ${rows(held(reading))}.` });
    }
  }
  return out;
}
