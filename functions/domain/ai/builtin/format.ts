import { findClock, readClock, writeClock, type ClockForm, type ClockReading } from '../../profile/clock';
import { OWN_UNIT_ROWS } from '../../profile/column-stats';
import { evenSplit } from '../../profile/date-order';
import { isMidnight, readDashedDayFirst, readDate, sameDate, splitTime, timeForm, timeInForm, withEnglishMonth, writeDate, type CalendarDate, type DateLayout, type DateStyle } from '../../profile/dates';
import { fromAnyComma } from '../../profile/decimal-comma';
import { couldHold, fixedDecimals, inUsualRange, paddedDecimals, usualRange, usualYears, wordsAtMarks, type NumericStats } from '../../profile/profile';
import { headerUnit, inUnit, readDuration, readQuantity, unitSize } from '../../profile/quantity';
import { numberInUnit, writeInUnit } from '../../profile/unit-form';
import { applyCase, asciiNumber, caseStyleOf, decimalsOf, digitsOf, EMAIL, exactNumber, fold, headerWords, isMissing, LEADING_ZERO, padDecimals, parseNumberLike, NO_WORDS, PLAIN_NUMBER, quotedAddress, shapeOf, tidied, tokensOf, YES_WORDS, type CaseStyle } from '../../profile/values';
import type { Candidate } from './candidates';
import { taughtWay } from './learning';
import { anotherColumnsUnit, isPhrase, ownUnit, readInOwnUnit } from './measures';
import { pointGrouped, wholeNumbers, withThousands } from './thousands';
import { inColumnsCase, inColumnsWordCase, inHabitsCapitals, intoHabitsCapitals, seenBesideCapitals } from './word-case';
import { SPELLING_HABIT_SHARE, writesEveryWord, writesNumbers, type ColumnIndex } from './profile-index';
import { quote, rows, type RuleInput } from './rule-input';

// Format normalisation toward how the column usually writes its values: spacing and case,
// numbers (units, percent signs, grouping, float noise), phone numbers, dates and e-mails.
// A rewrite that lands on a value the column already holds is strong evidence; one that only
// matches the column's usual shape is weaker; one for a column without a clear habit weaker still.

function candidate(value: string, p: number, rule: string, reason: string): Candidate {
  return { value, p, family: 'format', rule, reason };
}

/** Share of new values (Good–Turing) below which a column's values are a closed set. */
const CLOSED_SET = 0.01;

/** Rows and share of the commonest spelling's count a second spelling needs to be proposed for a failed commonest one. */
const OTHER_SPELLING_ROWS = 3;
const OTHER_SPELLING_SHARE = 0.25;

/**
 * How often a value written the right one of two ways that split a column (two date layouts, two
 * cases) fails for its value and no other rule explains it: one in twenty. A failed value written
 * one of the two ways is so much likelier to have failed for its way (every row of the wrong one
 * fails) than for its value. (Tune split: at one in ten, date rewrites stated 93 % were right
 * 99.7 % on one table.)
 */
const OTHER_FAILURES = 0.05;

/**
 * How likely a failed value written one of the two ways that split its column failed for its way
 * rather than its value: the other way's weight against the failures of values written the own way.
 */
const failedForItsWay = (other: number, own: number) => other / (other + OTHER_FAILURES * own);

/**
 * A value's commoner spelling where several rows share its rarer one (a habit of the data rather
 * than a slip, so less sure than a slip's rewrite), and a unit in the other case under the column's
 * spelling habit: measured right for nearly all such cells of the tune split.
 */
const SHARED_VARIANT_P = 0.8;

/**
 * A value with stray spaces, read in another row, written without them where the column holds it
 * so in one row at most, or holds it tidily at least as often: a slip of spacing is that row's,
 * not the value's.
 */
export function tidierWriting(col: ColumnIndex | undefined, value: string): string | undefined {
  const tidy = tidied(value);
  if (!col || tidy === value) return undefined;
  const untidy = col.counts.get(value) ?? 0;
  return untidy <= 1 || (col.counts.get(tidy) ?? 0) >= untidy ? tidy : undefined;
}

function spacingAndCase(input: RuleInput): Candidate[] {
  const { col, current } = input;
  if (!col) return [];
  const out: Candidate[] = [];
  const known = col.byFolded.get(fold(current));
  // Under a habit of writing part of the column in capitals, a value written as the rest of the
  // column writes it did not fail for its way: capitals are the second system's (see besideCapitals).
  if (known !== undefined && known !== current && intoHabitsCapitals(col, current, known)) return out;
  // And a value in capitals there failed for its way, whichever way more rows write it, unless its value failed too.
  const capitalsFloor = (other: string) => (inHabitsCapitals(col, current) && !inHabitsCapitals(col, other) ? { floor: failedForItsWay(1, 1) } : {});
  // Stray spaces are a slip of one cell, however many cells slipped so: a value written tidily is
  // not rewritten with them, unless the column writes the value so more often than tidily.
  const untidier = (other: string) => tidied(other) === current && (col.counts.get(other) ?? 0) <= (col.counts.get(current) ?? 0);
  if (known !== undefined && known !== current && untidier(known)) return out;
  if (known !== undefined && known !== current) {
    // A spelling many rows share is a habit of the data rather than a slip, so less sure than a
    // slip's; still, where the value is words, a failed cell written the rarer way is nearly always
    // the commoner. A number's unit ("8 KG" beside "8 kg") is the number rules' to write, unless
    // writing it two ways is the column's habit.
    const shared = (col.counts.get(current) ?? 0) >= 3;
    const p = !shared ? 0.9 : parseNumberLike(current) && !col.spellingHabit ? 0.6 : SHARED_VARIANT_P;
    out.push({ ...candidate(known, p, 'format-case-spacing', `The column writes this value as ${quote(known)} (${rows(col.counts.get(known) ?? 0)}).`), ...capitalsFloor(known) });
    return out;
  }
  // The column's commonest spelling, failed: where many rows write the value another way as well
  // (half a column upper-cased by a second system), the failed cell may be one of the first
  // system's values written the second's way.
  // (Not in a column of plain numbers: there "8 KG" and "8 kg" are both the number 8 written
  // with a unit, which the number rules write plain.)
  const plainNumbers = writesNumbers(col) && col.profile.numeric!.plainShare >= 0.5;
  const other = known === current && !plainNumbers ? col.secondByFolded.get(fold(current)) : undefined;
  const otherCount = other === undefined ? 0 : (col.counts.get(other) ?? 0);
  const habit = col.spellingHabit;
  if (other !== undefined && intoHabitsCapitals(col, current, other)) return out;
  if (other !== undefined && untidier(other)) return out;
  if (other !== undefined && (habit || (otherCount >= OTHER_SPELLING_ROWS && otherCount >= OTHER_SPELLING_SHARE * (col.counts.get(current) ?? 0)))) {
    // Under the column's habit the model under-states this (tune split: right 97 % where stated
    // about 80 %): where it wins, it is stated at least as likely as a failure of the way the value
    // is written is against a failure of the value itself.
    const own = col.counts.get(current) ?? 0;
    out.push({ ...candidate(other, 0.6, 'format-case-spacing', `The column also writes this value as ${quote(other)} (${rows(otherCount)}).`), ...(habit ? { floor: failedForItsWay(otherCount, own) } : {}), ...capitalsFloor(other) });
    return out;
  }
  const tidy = tidied(current);
  // A value written wholly in upper or lower case whose every word the column writes in one way
  // ("CARA MCADAM" where it writes "Cara" and "McAdam"): its words as the column writes them.
  // (A value another column holds as it stands is a swap's sign, not a case to rewrite.)
  const atMarks = wordsAtMarks(input.index?.profile);
  const recased = inColumnsCase(col, tidy, atMarks);
  const elsewhere = (): boolean => [...(input.index?.columns ?? [])].some(([name, other]) => name !== input.column && (other.counts.get(current) ?? 0) >= 2);
  // In a closed set of values, only into one of them ("south varnholm" among "Varnholm South" is no "South Varnholm").
  const levels = (value: string) => col.counts.has(value) || col.unseenShare >= CLOSED_SET;
  if (recased !== undefined && recased !== current && levels(recased) && !elsewhere()) {
    out.push(candidate(recased, 0.85, 'format-case-words', `The column writes these words as ${quote(recased)}.`));
    return out;
  }
  // A value in capitals where part of the column is written in capitals as a habit: as the rest of
  // the column writes its words (a guess for a word it writes only in capitals).
  const besideCapitals = habit && recased === undefined ? inColumnsCase(col, tidy, atMarks, true) : undefined;
  if (besideCapitals !== undefined && besideCapitals !== current && levels(besideCapitals) && !elsewhere()) {
    // Words the column writes beside capitals are spelt as seen; a word it writes only in capitals is
    // a guess, in title case, which the habit tune sets found right 97 % of the time (it was stated 55-85 %).
    const seen = seenBesideCapitals(col, tidy, atMarks);
    const p = 0.8 + 0.15 * seen;
    out.push(candidate(besideCapitals, p, 'format-case-words', `Part of the column is written in capitals; the rest writes these words as ${quote(besideCapitals)}.`));
    return out;
  }
  // A value wholly in one case whose words the column writes in no one way each: word by word, as
  // the column writes words where they stand.
  const worded = recased === undefined && besideCapitals === undefined ? inColumnsWordCase(col, tidy, atMarks) : undefined;
  if (worded !== undefined && worded.value !== current && levels(worded.value) && !elsewhere()) {
    out.push(candidate(worded.value, 0.6 + 0.25 * worded.seen, 'format-case-guess', `The column writes words this way where they stand: ${quote(worded.value)}.`));
    return out;
  }
  const style = col.profile.caseStyle as CaseStyle;
  // Only a value written wholly in another case is re-cased: mixed case may hold abbreviations.
  const wholly = caseStyleOf(tidy) === 'lower' || caseStyleOf(tidy) === 'upper';
  const cased = col.profile.caseShare >= 0.9 && wholly && caseStyleOf(tidy) !== style && style !== 'mixed' ? applyCase(tidy, style) : tidy;
  if (cased === current) return out;
  // Re-casing keeps the words: in a column of a closed set of values (hardly any new one), a result
  // it never holds was not just mis-cased ("fair" among levels "Good", "Fair", "Poor" is "Fair";
  // "DENT" is no "Dent").
  if (cased !== tidy && !levels(cased)) return out;
  // Nor is a value another column holds as it stands re-cased: it was swapped in ("SNA" among times
  // written in small letters is an airport's code, not "sna").
  if (cased !== tidy && elsewhere()) return out;
  const what = tidy !== current && cased !== tidy ? 'spacing and letter case' : tidy !== current ? 'spacing' : 'letter case';
  // The rewrite must look like the column: its shape must be one the column commonly uses.
  const share = col.shapeShare.get(shapeOf(cased)) ?? 0;
  if (share >= 0.05) {
    out.push(candidate(cased, Math.min(0.9, 0.45 + share * 0.5), 'format-case-spacing', `Fixes the ${what} to match how the column writes its values (${Math.round(share * 100)}% of them look like this).`));
    return out;
  }
  // A value of a rarer shape (names, titles of many forms) may still be re-spaced: that changes
  // no word, unless the column itself writes values padded with spaces. It is re-cased only all
  // in lower or all in upper case, as nearly all the column's values are: title case would
  // guess at abbreviations ("AFB" is no "Afb").
  const padded = col.profile.shapes.some(([sh, n]) => (sh.startsWith(' ') || sh.endsWith(' ')) && n >= col.profile.filled * 0.05);
  const plainCase = style === 'lower' || style === 'upper';
  if (padded || (cased !== tidy && !plainCase)) return out;
  const how = cased === tidy ? 'no stray spaces' : `${style} case`;
  out.push(candidate(cased, cased === tidy ? 0.75 : 0.65, 'format-case-spacing', `Fixes the ${what}: nearly all of this column's values are written with ${how}.`));
  return out;
}

/**
 * A leading zero a column of plain numbers never writes ("07" among whole knots) is no habit of
 * its own: the decimals rule weighs a digit moved to the front or one left out against dropping
 * the zero (this rule leaves such numbers to it).
 */
export function paddedSlip(col: RuleInput['col'], text: string): boolean {
  return !!col && !col.leadingZeros && codeWidth(col) === undefined && (col.profile.numeric?.plainShare ?? 0) >= 0.8 && PLAIN_NUMBER.test(text) && LEADING_ZERO.test(text);
}

/** Share of a column's values that must be digits of one width for it to be a column of codes padded with zeros. */
const CODE_SHARE = 0.9;

/** Share of a column's values written with a leading zero for it to pad its codes (and at least this many). */
const PADDED_SHARE = 0.05;
const MIN_PADDED = 3;

/**
 * The width a column of codes pads its digits to with zeros ("02134", "00417"), or undefined: nearly
 * all its values are digits of one width, and some are written with a leading zero (counted over
 * all its numbers: a column of distinct codes repeats none of them).
 */
export function codeWidth(col: ColumnIndex): number | undefined {
  const [shape, n] = col.profile.shapes[0] ?? ['', 0];
  const padded = col.profile.numeric?.leadingZeros ?? 0;
  if (padded < Math.max(MIN_PADDED, PADDED_SHARE * col.profile.filled)) return undefined;
  return /^d{2,}$/.test(shape) && n >= CODE_SHARE * col.profile.filled ? shape.length : spreadsheetWidth(col);
}

const spreadsheetWidths = new WeakMap<ColumnIndex, number | null>();
/**
 * The width of a column's codes where a spreadsheet wrote part of them as numbers with a point
 * ("06.0" beside "05"): nearly all its values are digits of that width, some with one decimal, and
 * none of the values it repeats has a decimal other than zero.
 */
function spreadsheetWidth(col: ColumnIndex): number | undefined {
  const cached = spreadsheetWidths.get(col);
  if (cached !== undefined) return cached ?? undefined;
  const widths = new Map<number, number>();
  let pointed = 0;
  for (const [shape, n] of col.profile.shapes) {
    const m = /^(d{2,})(\.d)?$/.exec(shape);
    if (!m) continue;
    widths.set(m[1]!.length, (widths.get(m[1]!.length) ?? 0) + n);
    if (m[2]) pointed += n;
  }
  const [width, count] = [...widths].sort((a, b) => b[1] - a[1])[0] ?? [0, 0];
  const decimals = [...col.counts.keys()].some((value) => /^\d+\.0*[1-9]/.test(value));
  const found = pointed > 0 && !decimals && width >= 2 && count >= CODE_SHARE * col.profile.filled ? width : null;
  spreadsheetWidths.set(col, found);
  return found ?? undefined;
}

/**
 * A code of a zero-padded column written as a number, as a spreadsheet writes it: its leading
 * zeros lost ("2134" among "02134"), a decimal point or a digit grouping added ("2134.0",
 * "2,134"). The digits padded to the column's width.
 */
function codePadding(input: RuleInput): Candidate[] {
  const { col, current } = input;
  const width = col ? codeWidth(col) : undefined;
  const m = /^(\d{1,3}(?:,\d{3})+|\d+)(?:\.0+)?$/.exec(asciiNumber(current).trim());
  if (!col || width === undefined || !m) return [];
  const digits = m[1]!.replace(/,/g, '');
  if (digits.length > width) return [];
  const value = digits.padStart(width, '0');
  if (value === current) return [];
  const p = col.counts.has(value) ? 0.92 : 0.85;
  const why = `The column writes codes of ${width} digits, padded with zeros: ${quote(current)} is ${quote(value)}`;
  if (digits.length === width) return [candidate(value, p, 'format-code-padding', `${why}.`)];
  // Digits short of the width lost a leading zero only if the code had one; any code may have
  // lost another digit. As likely as the column's codes start with a zero.
  const zeroLed = (col.profile.numeric?.leadingZeros ?? 0) / Math.max(1, col.profile.numeric?.count ?? 0);
  return [candidate(value, p * zeroLed, 'format-code-padding', `${why}, unless a digit was lost (${Math.round(zeroLed * 100)}% of its codes start with a zero).`)];
}

/**
 * A lone number short of the decimals its column pads every number to ("41.7" among "41.73",
 * "40.10"): less likely a trailing zero dropped than a digit lost. A tool that drops trailing
 * zeros drops them from every number that has one (about one in ten), and the column would not
 * read as padded. On the tune split such paddings were right in none of 26 cases (at 0.3 a model
 * fitted at several error rates stated them near 60 %).
 */
const LONE_SHORT_P = 0.1;

/** How likely a plain number rewritten as its column writes numbers is right: more so for a value the column holds. */
export const plainFormP = (col: ColumnIndex, value: string) => (col.counts.has(value) ? 0.85 : 0.75);

/**
 * A number written from its point (".74") may lack its leading zero, or the digit a slip dropped
 * before its point: where the column's numbers seldom come that small (the reading lies outside
 * its 2nd to 98th percentiles) and it never holds the number with its zero, the dropped digit is
 * the likelier story, and no format gives it back.
 */
function digitLostBeforePoint(col: ColumnIndex, stats: NumericStats, text: string): boolean {
  if (!/^[+-]?\./.test(text) || stats.low === undefined || stats.high === undefined) return false;
  const value = Number(text);
  return (value < stats.low || value > stats.high) && !col.counts.has(text.replace(/^([+-]?)\./, '$10.'));
}

/** Words per value (numbers aside) from which a column's values are descriptions, not measurements: a unit and more. */
const DESCRIPTION_WORDS = 2;

/** Rows that must write a negative number in parentheses for that to be the column's way. */
const ACCOUNTING_ROWS = 3;

/** The column writes negative numbers in parentheses, as accounts do ("(1,250.00)"), in several rows. */
const accountingColumn = (col: ColumnIndex) => col.profile.shapes.some(([shape, n]) => n >= ACCOUNTING_ROWS && /^\(d[d,]*(?:\.d+)?\)$/.test(shape));

/** A negative number written with a minus ("-12.50", "12.50-") in a column that writes negatives in parentheses: "(12.50)", with the column's decimals. */
function inParentheses(col: ColumnIndex, current: string): Candidate[] {
  const negative = /^-(\d[\d,]*(?:\.\d+)?)$/.exec(asciiNumber(current));
  const fixed = col.profile.numeric ? fixedDecimals(col.profile.numeric) : undefined;
  if (!negative || (fixed !== undefined && decimalsOf(negative[1]!) !== fixed)) return [];
  const value = `(${negative[1]})`;
  return [candidate(value, plainFormP(col, value), 'format-number-accounting', `The column writes negative numbers in parentheses: ${quote(current)} is ${quote(value)}.`)];
}

function numbers(input: RuleInput): Candidate[] {
  const { col, current } = input;
  const stats = col?.profile.numeric;
  if (!col || !stats || !writesNumbers(col)) return [];
  // A column that writes a unit with its numbers keeps it: the measure rule writes such values.
  if (ownUnit(col)) return [];
  // A code padded with zeros is no number to write without them: the padding rule writes it.
  if (codeWidth(col) !== undefined) return [];
  // A typographic minus, full-width digits or an accounting negative are read as the plain
  // number, unless the column itself writes its negatives in parentheses: there a negative
  // written with a minus is written in parentheses.
  const accounting = accountingColumn(col);
  const negative = accounting ? inParentheses(col, current) : [];
  if (negative.length > 0) return negative;
  const ascii = accounting ? current : asciiNumber(current);
  // A word the column writes after its numbers in several rows ("51 fth" where other rows also
  // read "… fth") is the column's own unit, even one no unit list knows.
  // So is a word its header names ("-72 dBm" in "signal_dbm").
  const named = new Set(headerWords(input.column).filter((w) => w.length >= 2));
  const num = parseNumberLike(ascii) ?? parseNumberLike(ascii, (word) => (col.tokenCounts.get(word) ?? 0) >= OWN_UNIT_ROWS || named.has(word.toLowerCase()));
  if (!num || !Number.isFinite(num.value)) return [];
  // Words after the unit ("9km north of Ostreby") are the value's own where the column's values
  // are such descriptions (words beyond a unit in most of them): there the number alone drops
  // most of the value. Where its values are numbers, with or without a unit, they are a stray
  // remark ("16 oz. tin" among "12 oz").
  const plainColumn = stats.plainShare >= 0.5;
  if (num.remark !== undefined && !plainColumn && col.profile.tokenTotal >= DESCRIPTION_WORDS * col.profile.filled) return [];
  // A phrase after the unit ("22km NNW of Dunsgate", not a short note such as "tin") is another
  // value's, carried in: the number alone is no format of it.
  if (num.remark !== undefined && isPhrase(num.remark)) return [];
  // Where the column writes its numbers with their unit and writing values two ways is its habit
  // (part of it upper-cased by a second system: spellingHabit), a unit in the other case ("6.3
  // MM" where rows also write "6.3 mm") is the column's unit written the other way: the number is
  // kept with it. (A stray spelling among units written one way is no habit: the number alone
  // may be the value, as below.)
  if (num.form === 'unit' && !plainColumn && num.remark === undefined && col.spellingHabit) {
    const spelling = unitSpelling(current, num.text);
    const other = unitInOtherCase(col, spelling);
    if (other !== undefined) {
      const head = current.slice(0, current.indexOf(num.text) + num.text.length);
      const gap = /^\s*/.exec(current.slice(head.length))![0];
      const written = `${head}${gap}${other}`;
      // Never into the capitals of the second system's habit: the value is written the first's way.
      if (intoHabitsCapitals(col, current, written)) return [];
      return [candidate(written, SHARED_VARIANT_P, 'format-case-spacing', `Part of the column is written in another case; it also writes its unit as ${quote(other)}.`)];
    }
  }
  // A unit another column writes as its own ("7.2 °C" among wind speeds, beside temperatures)
  // says the value is that column's: a swap, which the swap rule weighs, not a format.
  if (num.form === 'unit' && anotherColumnsUnit(input, num.unit!)) return [];
  // Another unit of the dimension the header names ("0.45 s" in "latency ms") is no decoration
  // to drop: the conversion rule reads it.
  if (num.form === 'unit' && otherUnitOfHeader(input.column, num.unit!)) return [];
  // A leading zero the column never writes may be a slip as well: the decimals rule weighs both.
  if (num.form === 'plain' && paddedSlip(col, num.text)) return [];
  // A percent sign means "out of 100", unless this column's own values read it as decoration.
  const reading = num.form === 'percent' && col.percentReading === 'standard' ? num.value / 100 : num.value;
  // Only a reading within the range the column usually holds is a format repair (anything else is
  // a real error: a tenfold slip is not fixed by writing it with the column's decimals).
  const [low, high] = usualRange(stats);
  const spread = Math.max(stats.mad * 1.4826, Math.abs(stats.median) * 0.05, 1e-9);
  if (reading < low - spread || reading > high + spread) return [];
  if (num.form === 'plain' && digitLostBeforePoint(col, stats, num.text)) return [];
  // Thousands grouped by a point ("12.500" among whole numbers): decimalMark reads them.
  if (num.form === 'plain' && pointGrouped(col, num.text)) return [];
  // "m" is a metre and a million: among millions, "1.2 m" is 1.2 million (the multiplier rule's).
  if (num.form === 'unit' && multipliedReading(stats, num.text, num.unit!) !== undefined) return [];
  // A long code a spreadsheet wrote in scientific notation ("5.01234E+12" among 13-digit codes)
  // lost the digits its notation rounded away: no format gives them back.
  if (roundedCode(col, num.text)) return [];
  // A number cut short after its point ("4.") lost a digit: no format gives it back.
  if (/\.\s*$/.test(num.text)) return [];
  // The digits as written, the point moved for a percent and float noise dropped: a format
  // repair never rounds a real digit away. Where the column writes d decimals, a shorter number is
  // padded to d.
  const exact = exactNumber(num.text, reading === num.value ? 0 : -2);
  // (A column of grouped whole numbers has few plain ones to count decimals on: its shapes tell.)
  const whole = wholeNumbers(col);
  const text = withThousands(col, padDecimals(exact, whole ? 0 : paddedDecimals(stats)));
  if (text === current) return [];
  const inColumn = col.counts.has(text);
  let p: number;
  let why: string;
  let floor: number | undefined;
  if (num.form === 'plain' && exact === current.trim() && !whole && paddedDecimals(stats) > decimalsOf(exact)) {
    p = LONE_SHORT_P;
    why = `Pads ${quote(current)} to the column's ${paddedDecimals(stats)} decimals: ${quote(text)}, unless a digit was lost.`;
  } else if (num.form === 'plain') {
    p = plainFormP(col, text);
    why = `Writes the number ${quote(current)} the way the column writes numbers: ${quote(text)}.`;
  } else {
    const decoration = num.form === 'unit' ? `the unit "${num.unit}"` : num.form === 'percent' ? 'the percent sign' : num.form === 'currency' ? 'the currency sign' : 'the digit grouping';
    const mixedUnits = num.form === 'unit' && unitSpellings(col) >= 2;
    p = plainColumn ? (inColumn ? 0.92 : 0.88) : mixedUnits ? 0.72 : 0.62;
    // Where the column writes its numbers both ways as a habit (a second system added the unit to
    // part of them), a failed number in its usual range written with the unit failed for the unit,
    // as a failed spelling under a case habit does: a floor at the same odds (OTHER_FAILURES).
    if (num.form === 'unit' && !plainColumn && stats.plainShare >= SPELLING_HABIT_SHARE) floor = failedForItsWay(stats.plainShare, 1 - stats.plainShare);
    why = plainColumn
      ? `The column holds plain numbers (${Math.round(stats.plainShare * 100)}% of its values); this one carries ${decoration}.`
      : mixedUnits
        ? `The column writes its unit several ways; the number alone, ${quote(text)}, is the one consistent form.`
        : `Drops ${decoration} and keeps the number ${quote(text)}; the column has no plain numbers to confirm the format.`;
  }
  return [{ ...candidate(text, p, `format-number-${num.form}`, why), ...(floor !== undefined ? { floor } : {}) }];
}

/** Rows from which, and how many times more often than its rewrite, a column holds a number's writing as its own. */
const OWN_WRITING_ROWS = 10;
const OWN_WRITING_RATIO = 2;

/**
 * A number written as its column writes its numbers (its unit or a spreadsheet's ".0" dropped, its
 * decimals padded, as the number rule writes a failed one), where that is another writing of it.
 */
export function inColumnsNumber(input: RuleInput, value: string): string | undefined {
  // A code of the column's width with a spreadsheet's point ("06.0" among "05"): its digits.
  const width = input.col ? codeWidth(input.col) : undefined;
  const code = width !== undefined ? /^(\d+)\.0+$/.exec(value.trim()) : null;
  if (code) return code[1]!.length === width ? code[1] : undefined;
  const written = numbers({ ...input, current: value })[0]?.value;
  if (written === undefined) return undefined;
  // A leading zero other rows write is a code's, not a number's to drop ("01" among state codes),
  // and a writing the column holds far more often than the rewrite is its own ("0.0" for none in a
  // column of shares written "0.25"): a second system's writing shares the column about evenly at most.
  const [asGiven, asWritten] = [input.col?.counts.get(value) ?? 0, input.col?.counts.get(written) ?? 0];
  if ((LEADING_ZERO.test(value.trim()) && !LEADING_ZERO.test(written)) || (asGiven >= OWN_WRITING_ROWS && asGiven > OWN_WRITING_RATIO * asWritten)) return undefined;
  return written;
}

/**
 * A number in scientific notation whose digits fall short of the code it stands for, in a column
 * of long digit codes (nearly all values six digits or more, all digits): a spreadsheet rounded it.
 */
function roundedCode(col: ColumnIndex, text: string): boolean {
  const m = /^[+-]?(\d+)(?:\.(\d+))?[eE]\+?(\d+)$/.exec(text.trim());
  const shape = col.shape;
  if (!m || !shape || shape.share < 0.9 || !/^d{6,}$/.test(shape.shape)) return false;
  const kept = (m[1]! + (m[2] ?? '')).replace(/^0+/, '').length;
  return kept < m[1]!.replace(/^0+/, '').length + Number(m[3]);
}

/** Words for a power of ten written after a number ("1.2M", "45k", "3.5 bn", "2 million"), by their exponent. */
const MULTIPLIERS: Readonly<Record<string, number>> = { k: 3, thousand: 3, m: 6, mm: 6, mn: 6, mio: 6, million: 6, b: 9, bn: 9, billion: 9 };
const MULTIPLIED = /^([+-]?\d+(?:\.\d+)?)\s*([a-zA-Z]+)\.?$/;

/**
 * The number `digits` times the multiplier `word` stands for, where that lies in the column's
 * usual range with no more decimals than it writes, and the number alone does not ("5 m" among
 * 1 to 10 is five with a unit, not five million); else undefined.
 */
function multipliedReading(stats: NumericStats, digits: string, word: string): string | undefined {
  const power = MULTIPLIERS[word.toLowerCase().replace(/\.$/, '')];
  // The bulk of the column's numbers (its 2nd to 98th percentile): the usual range reaches down
  // to the least number, which may be this very value read as it stands.
  const [low, high] = [stats.low ?? stats.min, stats.high ?? stats.max];
  const alone = Number(digits);
  if (power === undefined || alone === 0 || (alone >= low && alone <= high)) return undefined;
  const number = exactNumber(digits, power);
  const fixed = fixedDecimals(stats);
  return inUsualRange(stats, Number(number)) && (fixed === undefined || decimalsOf(number) <= fixed) ? number : undefined;
}

/**
 * A number written with a multiplier ("1.2M", "45k", "3.5 bn") in a column of plain numbers: the
 * number itself, exact, when it lies in the column's usual range. ("m" is also a metre or a
 * minute; the number rule reads that, and the column's range tells which.)
 */
function multiplied(input: RuleInput): Candidate[] {
  const { col, current } = input;
  const stats = col?.profile.numeric;
  if (!col || !stats || stats.plainShare < 0.8 || !writesNumbers(col) || ownUnit(col)) return [];
  const m = MULTIPLIED.exec(current.trim());
  // A unit another column writes as its own is no multiplier ("0.4 mm" beside rainfall).
  const number = m && !anotherColumnsUnit(input, m[2]!.toLowerCase()) ? multipliedReading(stats, m[1]!, m[2]!) : undefined;
  if (number === undefined) return [];
  const fixed = fixedDecimals(stats);
  const text = padDecimals(number, fixed ?? 0);
  return [candidate(text, col.counts.has(text) ? 0.92 : 0.88, 'format-number-multiplied', `The column writes its numbers in full: ${quote(current)} is ${quote(text)}.`)];
}

/** A unit of the dimension the column's header names, of another size. */
function otherUnitOfHeader(column: string, unit: string): boolean {
  const named = headerUnit(column);
  const size = unitSize(unit);
  return !!named && !!size && size.dimension === named.dimension && size.size !== named.size;
}

/**
 * A quantity written in another unit of the dimension the column's header names ("3.2 kg" in
 * "Mass (g)", "2 hr 5 min" in "Duration min") where the column holds plain numbers: the number
 * of the column's unit, when the conversion is exact to the column's decimals and gives a value
 * of its usual range. (A value in the column's own unit, "45 min" there, is the number rule's.)
 */
function converted(input: RuleInput): Candidate[] {
  const { col, current, column } = input;
  const stats = col?.profile.numeric;
  if (!col || !stats || stats.plainShare < 0.8 || !writesNumbers(col)) return [];
  const unit = headerUnit(column);
  const quantity = unit ? (readQuantity(current) ?? readDuration(current, unit)) : undefined;
  if (!unit || !quantity || quantity.units.every((u) => unitSize(u)?.size === unit.size)) return [];
  const number = inUnit(quantity, unit, stats.decimals);
  if (number === undefined || !inUsualRange(stats, Number(number))) return [];
  const text = padDecimals(number, fixedDecimals(stats) ?? 0);
  if (text === current) return [];
  return [candidate(text, col.counts.has(text) ? 0.92 : 0.88, 'format-number-converted', `The column's header names its unit (${unit.unit}) and the column writes plain numbers: ${quote(current)} is ${quote(text)} ${unit.unit}.`)];
}

/**
 * A value of a column that writes a unit with nearly every number ("39.2 mm", "$27.40"), written
 * another way: a bare number, the unit spaced or cased otherwise, or another unit of its dimension
 * ("3.92 cm", "2 hr 5 min" among "125 min"). Written the column's way when exact to its decimals
 * and within its usual range (a tenfold slip is no way of writing a value).
 */
function measures(input: RuleInput): Candidate[] {
  const { col, current } = input;
  const own = ownUnit(col);
  const stats = col?.profile.numeric;
  if (!col || !own || !stats) return [];
  const reading = readInOwnUnit(own, current);
  if (!reading || !inUsualRange(stats, Number(reading.number))) return [];
  // A number with more decimals than the column writes is odd in itself: the number rules read it.
  const fixed = fixedDecimals(own);
  if (fixed !== undefined && decimalsOf(reading.number) > fixed) return [];
  const value = writeInUnit(own, reading.number);
  if (value === current) return [];
  const held = col.counts.has(value);
  const unit = quote(own.spelling);
  // Only the unit is rewritten: a number written otherwise than the column writes numbers
  // ("040.4", "40.50" where it writes "40.5") is the number rules' (a digit lost or moved), but
  // for one short of the decimals the column pads to, which lost a digit as likely as its zeros.
  if (reading.how !== 'converted' && padDecimals(reading.number, paddedDecimals(own)) !== reading.written) {
    const short = reading.written === reading.number && decimalsOf(reading.written) < paddedDecimals(own);
    return short ? [candidate(value, LONE_SHORT_P, 'format-measure-unit', `Writes ${quote(current)} with the column's unit and decimals: ${quote(value)}, unless a digit was lost.`)] : [];
  }
  if (reading.how === 'bare') return [candidate(value, plainFormP(col, value), 'format-measure-unit', `The column writes its numbers with the unit ${unit}: ${quote(current)} is ${quote(value)}.`)];
  if (reading.how === 'converted') return [candidate(value, held ? 0.92 : 0.88, 'format-measure-converted', `The column writes its numbers in ${unit}: ${quote(current)} is ${quote(value)}.`)];
  return [candidate(value, held ? 0.92 : 0.88, 'format-measure-unit', `The column writes the unit ${unit} ${own.spaced ? 'after a space' : 'right after the number'}: ${quote(value)}.`)];
}

/**
 * A number written with the other decimal mark: a decimal comma ("14,5", "1.250,75 mm") where the
 * column writes a decimal point. (A column that writes a decimal comma is read in decimal-point
 * form, and a value written there with a point reaches the rules with a comma: either way it is
 * the other mark.) Read with a point, the value is written the column's way, when that reading
 * lies in the column's usual range and the comma does not read as well as a thousands separator
 * ("1,250").
 */
function decimalMark(input: RuleInput): Candidate[] {
  const { col, current } = input;
  const stats = col?.profile.numeric;
  if (!col || !stats || !writesNumbers(col)) return [];
  const point = fromAnyComma(current);
  if (point === undefined) return [];
  const grouped = parseNumberLike(current);
  if (grouped && inUsualRange(stats, grouped.value) && !pointGrouped(col, current.trim())) return [];
  const again = { ...input, current: point };
  const rewritten = [...numbers(again), ...measures(again)].filter((c) => c.value !== current);
  // Read with no decimals at all ("12.500", "12 500"), the marks only grouped its thousands.
  const why = /\d\.\d/.test(point) ? `The column writes numbers with a decimal point: ${quote(current)} is the number` : `${quote(current)} groups thousands, it has no decimals: the number`;
  if (rewritten.length > 0) return rewritten.map((c) => ({ ...c, rule: 'format-decimal-mark', reason: `${why} ${quote(c.value)}.` }));
  // Already the column's way once read with a point ("14.5" among plain numbers, "6.3 mm" among millimetres).
  const own = ownUnit(col);
  const number = own ? numberInUnit(own, point) : PLAIN_NUMBER.test(point) ? { value: Number(point), text: point } : undefined;
  const fixed = fixedDecimals(own ?? stats);
  if (!number || !inUsualRange(stats, number.value) || (fixed !== undefined && decimalsOf(number.text) !== fixed)) return [];
  return [candidate(point, col.counts.has(point) ? 0.92 : 0.88, 'format-decimal-mark', `${why} ${quote(point)}.`)];
}

const unitCache = new WeakMap<ColumnIndex, { spellings: ReadonlyMap<string, number>; measured: number }>();

/** How the column spells the units after its numbers ("6.3 mm", "6.3 MM"), with how many values each. */
function unitSpellingsOf(col: ColumnIndex): { spellings: ReadonlyMap<string, number>; measured: number } {
  const cached = unitCache.get(col);
  if (cached !== undefined) return cached;
  const spellings = new Map<string, number>();
  let measured = 0;
  for (const [value, n] of col.profile.values) {
    const num = parseNumberLike(value);
    if (num?.form !== 'unit') continue;
    const spelling = unitSpelling(value, num.text);
    spellings.set(spelling, (spellings.get(spelling) ?? 0) + n);
    measured += n;
  }
  const out = { spellings, measured };
  unitCache.set(col, out);
  return out;
}

/** The unit written after a value's number, as written. */
const unitSpelling = (value: string, numberText: string) => value.slice(value.indexOf(numberText) + numberText.length).trim();

/** Units the column writes after its numbers (each in 5 % of them or more), letter case aside. */
function unitSpellings(col: ColumnIndex): number {
  const { spellings, measured } = unitSpellingsOf(col);
  const folded = new Map<string, number>();
  for (const [spelling, n] of spellings) folded.set(spelling.toLowerCase(), (folded.get(spelling.toLowerCase()) ?? 0) + n);
  return [...folded.values()].filter((n) => n >= measured * 0.05).length;
}

/**
 * The column's commonest other spelling of a unit in letter case alone ("mm" for "MM"), where it
 * writes one in 5 % of its values or more.
 */
function unitInOtherCase(col: ColumnIndex, spelling: string): string | undefined {
  const { spellings, measured } = unitSpellingsOf(col);
  let best: string | undefined;
  let bestCount = 0;
  for (const [other, n] of spellings) {
    if (other === spelling || other.toLowerCase() !== spelling.toLowerCase() || n < measured * 0.05 || n <= bestCount) continue;
    [best, bestCount] = [other, n];
  }
  return best;
}

/**
 * The digits of a phone number written with a country code the column writes without ("+1 (555)
 * 014-2200", "0044 20 7946 0958", "1-555-014-2200" where the column writes ten digits): the one to
 * three digits before the rest, when a separator sets them apart or an international prefix
 * (+, 00) leads an unbroken number. The column's own layout says how many digits the number has,
 * so no numbering-plan metadata is needed (libphonenumber's was a third of every AI function's
 * bundle for this alone).
 */
export function withoutCountryCode(current: string, slots: number): string | undefined {
  // A national phone number has seven digits or more; shorter layouts are decimals, codes, zips.
  if (slots < 7) return undefined;
  const text = current.trim();
  const international = text.startsWith('+') || text.startsWith('00');
  const digits = digitsOf(text).slice(text.startsWith('00') ? 2 : 0);
  const extra = digits.length - slots;
  if (extra < 1 || extra > 3) return undefined;
  // The first group of digits, when separators split the number, must be exactly the code.
  const firstGroup = /^(?:\+|00)?\s*\(?(\d+)\)?[\s./-]/.exec(text)?.[1];
  if (firstGroup !== undefined) return firstGroup.length === extra ? digits.slice(extra) : undefined;
  return international ? digits.slice(extra) : undefined;
}

/**
 * How many digits each group of a value (or a shape) holds, groups parted by marks other than a
 * point (a point moved is the scale rules' matter): "120/80" is "3,2", "12.5" is "3".
 */
function groupSizes(text: string): string {
  return text
    .split(/[^\dd.]+/)
    .map((group) => (group.match(/[\dd]/g) ?? []).length)
    .filter((n) => n > 0)
    .join(',');
}

/** After how many digits each point of a value (or a shape) stands: "57.123, 11.456" is "2,7". */
function pointPlaces(text: string): string {
  const places: number[] = [];
  let digits = 0;
  for (const c of text) {
    if (c === 'd' || /\d/.test(c)) digits++;
    else if (c === '.') places.push(digits);
  }
  return places.join(',');
}

/** Digits poured into the column's dominant digit layout (phones, zips, ids written differently). */
function digitLayout(input: RuleInput): Candidate[] {
  const { col, current } = input;
  const shape = col?.shape;
  // A comma followed by a space parts two numbers ("57.123, 11.456"); one between digits groups thousands.
  if (!col || !shape || shape.share < 0.6 || !/^[d\s().+/#,-]+$/.test(shape.shape) || /,(?! )/.test(shape.shape) || !shape.shape.includes('d')) return [];
  if (shapeOf(current) === shape.shape) return [];
  // A date is rewritten by reading it as a date (dates()), never by pouring its digits.
  if (col.profile.dateLayout || readDate(current).length > 0) return [];
  const slots = [...shape.shape].filter((c) => c === 'd').length;
  let digits = digitsOf(current);
  let how = 'the column\u2019s usual layout';
  // A column whose layout leads with "+" writes its numbers' country codes: extra digits there
  // are a slip inside the number, not a code it leaves out.
  if (digits.length > slots && !shape.shape.startsWith('+')) {
    const national = withoutCountryCode(current, slots);
    if (national !== undefined) {
      digits = national;
      how = 'the column\u2019s usual phone layout, without the country code';
    }
  }
  let p: number | undefined;
  if (shape.shape.startsWith('+')) {
    const code = col.profile.countryCode;
    if (digits.length === slots + 2 && /^\s*00/.test(current)) {
      // The international prefix written "00" instead of "+".
      digits = digits.slice(2);
    } else if (digits.length === slots + 1 && /^\s*\+\d{1,3}\s*\(0\)/.test(current)) {
      // The trunk "0" kept in brackets after the country code ("+44 (0)20 …"), dialled only at home.
      digits = digitsOf(current.replace('(0)', ''));
    } else if (code && !/^\s*\+/.test(current) && digits.length < slots) {
      // A national number where the column writes one country's numbers with their code: the
      // code added, and the trunk "0" a national number starts with dropped ("020 …" is "+44 20 …").
      const national = digits.length + code.length === slots + 1 && digits.startsWith('0') ? digits.slice(1) : digits;
      if (national.length + code.length === slots) {
        digits = code + national;
        how = `the column\u2019s usual phone layout, with its country code (+${code})`;
        p = NATIONAL_P;
      }
    }
  }
  // Letters, a percent or degree sign and a currency carry meaning the layout has no place for:
  // "80%" in a column of ratings written "4/5" is no rating "8/0".
  if (digits.length !== slots || /[\p{L}%‰°\p{Sc}]/u.test(current)) return [];
  // Numbers parted by ", " keep their points where they are: a point moved is a slip of scale.
  if (shape.shape.includes(', ') && pointPlaces(current) !== pointPlaces(shape.shape)) return [];
  // Digits already in groups keep them: only the marks between them change ("120-80" is "120/80";
  // "80/120" is no "801/20"), unless the digits themselves were read anew (a country code). A
  // phone number's or a barcode's groups are only how someone spaced it ("+47 1234 5678" is
  // "+47 12 34 56 78").
  const spacedPhone = (col.profile.type === 'phone' || col.profile.gtin !== undefined) && !/[^\d\s().+-]/.test(current);
  if (!spacedPhone && digits === digitsOf(current) && /\d[^\d.]+\d/.test(current.trim()) && groupSizes(current) !== groupSizes(shape.shape)) return [];
  let i = 0;
  const value = [...shape.shape].map((c) => (c === 'd' ? digits[i++]! : c)).join('');
  // In a column of numbers, pouring digits into its layout can move the point or drop one: a
  // change of scale, so the result must be a number the column could hold; a measurement is
  // written as numbers are (no leading zero: "05.2"), where codes keep theirs ("02134").
  const stats = col.profile.numeric;
  if (stats && PLAIN_NUMBER.test(value) && !couldHold(stats, value)) return [];
  const inColumn = col.counts.has(value);
  const reason = `Rewrites the digits in ${how} (${shape.shape}, ${Math.round(shape.share * 100)}% of values).`;
  // A number whose value the layout changes (a point moved or dropped) is a slip of scale read
  // back, not a format repair: it competes with other explanations (a swap, another slip), and
  // what fixes teach about formats says nothing of it.
  if (PLAIN_NUMBER.test(current.trim()) && PLAIN_NUMBER.test(value) && Number(value) !== Number(current)) return [{ value, p: 0.6, family: 'outlier', rule: 'outlier-layout', reason }];
  return [candidate(value, p ?? (inColumn ? 0.93 : 0.82), 'format-digits', reason)];
}

/** A national phone number given the code nearly all of its column's numbers carry: it may be another country's. */
const NATIONAL_P = 0.7;

/** A time of day after a date written with points where its column writes colons ("12.30"). */
const POINT_TIME = /([T ]\d{1,2})\.(\d{2})(?:\.(\d{2}))?$/;
/** A time read with points for colons: as a slip may have put one there, less sure than a form. */
const POINT_TIME_P = 0.75;

/** A date whose year was written with two digits, read in the one century that puts it among the column's years. */
const SHORT_YEAR_P = 0.8;
/** A date whose month is named in another language: read through the runtime's month names. */
const FOREIGN_MONTH_P = 0.8;
const SHORT_YEAR = /^(\d{1,2}[/.-]\d{1,2}[/.-])(\d{2})((?:[T ].*)?)$/;
/** A date read in one layout rewritten into the column's, where the column keeps to its layout. */
const DATE_P = 0.85;

/** A date written with no separators, year first ("20310305"), as compact exports write it. */
const COMPACT_DATE = /^(\d{4})(\d{2})(\d{2})((?:[T ].*)?)$/;
/** A compact date read among the column's years: an eight-digit number may be something else. */
const COMPACT_P = 0.8;

/** The compact date with dashes, where it reads as a date among the column's years. */
function withDashes(col: ColumnIndex, text: string): string | undefined {
  const m = COMPACT_DATE.exec(text);
  if (!m || !col.profile.dateYears) return undefined;
  const [low, high] = usualYears(col.profile);
  const value = `${m[1]}-${m[2]}-${m[3]}${m[4]}`;
  return readDate(value).some((r) => r.date.year >= low && r.date.year <= high) ? value : undefined;
}

/**
 * Day and month both written without their padding ("2031-3-5" where the column writes
 * "2031-03-05"): a way of writing dates, not two digits lost (one short part may be either).
 */
const UNPADDED = /^(?:\d{4}[-/.]\d[-/.]\d|\d[-/.]\d[-/.]\d{4})(?:[T ]|$)/;

/** The value with its two-digit year written in full, where one century only reads among the column's years. */
function withFullYear(col: ColumnIndex, text: string): string | undefined {
  const m = SHORT_YEAR.exec(text);
  if (!m || !col.profile.dateYears) return undefined;
  const [low, high] = usualYears(col.profile);
  const fits = [1900, 2000].map((century) => `${m[1]}${century + Number(m[2])}${m[3]}`).filter((value) => readDate(value).some((r) => r.date.year >= low && r.date.year <= high));
  return fits.length === 1 ? fits[0] : undefined;
}

/** A date whose time is written in the column's form with a zone added or dropped, or an hour padded: less sure. */
const UNSURE_TIME_P = 0.6;

function dates(input: RuleInput): Candidate[] {
  const { col, current } = input;
  const layout = col?.profile.dateLayout;
  if (!col || !layout) return [];
  let read = current;
  let readings = readDate(read);
  // A date with dashes before the year ("05-03-2031") is written month first in American exports
  // and day first in European ones: the day-first reading is one more, read as slashed ones are.
  const dayFirst = readDashedDayFirst(read);
  if (dayFirst && !readings.some((r) => r.date.month === dayFirst.month && r.date.day === dayFirst.day)) readings = [...readings, { layout: 'DD/MM/YYYY', date: dayFirst }];
  let p = DATE_P;
  let what = 'the date';
  if (readings.length === 0) {
    // A year written with two digits ("07/07/66") where one century only puts it among the column's years.
    const full = withFullYear(col, current.trim());
    // A time of day written with points ("12.30", "12.30.15"), as many European clocks are written.
    const colons = current.trim().replace(POINT_TIME, (_, hour: string, minute: string, second?: string) => `${hour}:${minute}${second ? `:${second}` : ''}`);
    // A month named in another language ("5. März 2031").
    const month = full === undefined && colons === current.trim() ? withEnglishMonth(current) : undefined;
    // A compact date ("20310305").
    const compact = full === undefined && month === undefined ? withDashes(col, current.trim()) : undefined;
    read = full ?? month ?? compact ?? colons;
    if (read === current.trim()) return [];
    readings = readDate(read);
    p = full !== undefined ? SHORT_YEAR_P : month !== undefined ? FOREIGN_MONTH_P : compact !== undefined ? COMPACT_P : POINT_TIME_P;
    what = full !== undefined ? 'the year in full' : month !== undefined || compact !== undefined ? 'the date' : 'the time of day with colons';
  }
  if (readings.length === 0) return [];
  // Where the column's fixes write their dates in another layout than most of the column, a second
  // system wrote most of it and the fixes say which is right: no date is rewritten into the
  // profile's layout (the fixes' layout is written by what they taught).
  const fixed = fixedLayout(input);
  if (fixed && fixed !== layout) return [];
  const split = evenSplit(col.profile);
  if (split && !fixed && read === current.trim()) return splitDates(col, current, readings, split);
  // Where a second system wrote part of the column (but less than about half), a failed date is
  // rewritten into the first system's layout as surely as in a column of one layout: the check that
  // failed it says the other writing is the slip (habit tune, four draws: every such rewrite right,
  // stated 0.93 when scaled by the layout's share).
  // The time of day is kept: a rewrite may not drop one (nor invent one), so the value's time is
  // written in the column's form only where nothing is lost (seconds that are zero, a UTC mark
  // written "Z" or "+00:00"); a midnight the column does not write is no information.
  const style = col.profile.dateStyle;
  let { time } = splitTime(read);
  const timeWritten = timeForm(time) !== (style?.time ?? '');
  if (timeWritten) {
    const inForm = style?.time !== '' || !isMidnight(time) ? timeInForm(time, style?.time ?? '') : { time: '', sure: true };
    if (!inForm) return [];
    time = inForm.time;
    if (!inForm.sure) p = Math.min(p, UNSURE_TIME_P);
  }
  const write = (r: (typeof readings)[number]) => writeDate(r.date, layout, style) + time;
  const inLayout = readings.find((r) => r.layout === layout);
  if (inLayout) {
    // Already in the layout: only the column's way of writing a month's name or its time of day
    // can differ ("Sep 4, 2031" where the column writes "Sep 04 2031"). An all-digit date with a
    // digit short ("2031-03-1") may as well have lost one as its padding: the slip rule weighs that.
    const value = write(inLayout);
    if (value === current.trim() || !style || (!timeWritten && read === current && !/[A-Za-z]/.test(current) && !UNPADDED.test(current.trim()))) return [];
    return [candidate(value, p, 'format-date', `Writes ${what} as the column writes its dates (${quote(value)}).`)];
  }
  const written = new Set(readings.map(write));
  if (written.size === 1) return [candidate([...written][0]!, p, 'format-date', `Writes the date in the column's usual layout (${layout}).`)];
  // "04/09/2023" reads as 4 September or 9 April: the column's own slash dates that read only one
  // way say which order it writes; failing those, its layout says which order its writers use
  // (a column of "05.03.2031" comes from where days come first), less surely.
  const order = col.profile.slashDates ?? orderOf(layout);
  if (!order) return [];
  const agreeing = new Set(readings.filter((r) => (r.layout === 'DD/MM/YYYY') === (order === 'day-first')).map(write));
  if (agreeing.size !== 1) return [];
  const how = order === 'day-first' ? 'day before month' : 'month before day';
  if (!col.profile.slashDates) return [candidate([...agreeing][0]!, LAYOUT_ORDER_P, 'format-date', `Writes the date in the column's usual layout (${layout}), reading it ${how} as the column's dates are written.`)];
  return [candidate([...agreeing][0]!, 0.8, 'format-date', `Writes the date in the column's usual layout (${layout}), reading it ${how} as the column's other dates with slashes do.`)];
}

/** The layout the column's fixes wrote their dates in, where they agree (taughtWay). */
function fixedLayout(input: RuleInput): DateLayout | undefined {
  return taughtWay(input.learned?.columns.get(input.column), 'date-layout', (param) => param.split('|')[0]!) as DateLayout | undefined;
}

/**
 * A failed date in a column two systems wrote about half each (evenSplit): written in the other
 * of the two layouts, stated as likely as a failure of the value's own layout is against one of its
 * value (the model's features do not see the split); a date in neither layout, in both, each as
 * often as the column writes it. None where a time of day is written or the date reads several ways.
 */
function splitDates(col: ColumnIndex, current: string, readings: ReturnType<typeof readDate>, split: NonNullable<ReturnType<typeof evenSplit>>): Candidate[] {
  const { dateLayout: layout, dateLayoutShare: share = 1, dateStyle: style } = col.profile;
  if (!layout || splitTime(current).time !== '' || split.style.time !== '' || (style?.time ?? '') !== '') return [];
  const inFirst = readings.find((r) => r.layout === layout);
  const inSecond = readings.find((r) => r.layout === split.layout);
  const targets: Array<[CalendarDate, DateLayout, DateStyle | undefined, number]> = [];
  if (inFirst && !inSecond) targets.push([inFirst.date, split.layout, split.style, failedForItsWay(split.share, share)]);
  else if (inSecond && !inFirst) targets.push([inSecond.date, layout, style, failedForItsWay(share, split.share)]);
  else if (!inFirst && readings.every((r) => sameDate(r.date, readings[0]!.date))) {
    const date = readings[0]!.date;
    targets.push([date, layout, style, (DATE_P * share) / (share + split.share)], [date, split.layout, split.style, (DATE_P * split.share) / (share + split.share)]);
  }
  return targets.map(([date, target, written, p]) => {
    const value = writeDate(date, target, written);
    const how = `${target === layout ? 'the layout' : 'the other layout'} of the two this column's dates are written in (${target}, ${Math.round((target === layout ? share : split.share) * 100)} % of them)`;
    return { ...candidate(value, p, 'format-date', `Writes the date in ${how}.`), stated: true };
  });
}

/** What a column's layout alone says of the order of an ambiguous date: less than its own ambiguous dates would. */
const LAYOUT_ORDER_P = 0.65;

/** The order of day and month a layout writes, where it writes the one before the other. */
function orderOf(layout: DateLayout): 'day-first' | 'month-first' | undefined {
  if (layout === 'DD/MM/YYYY' || layout === 'DD.MM.YYYY' || layout === 'D MMM YYYY') return 'day-first';
  if (layout === 'MM/DD/YYYY' || layout === 'M/D/YYYY' || layout === 'MM-DD-YYYY' || layout === 'MMM D, YYYY') return 'month-first';
  return undefined;
}

/** An hour without the leading zero its 24-hour column always writes: a loose writing or a digit lost. */
const UNPADDED_HOUR_P = 0.5;

/**
 * A time read, written in the column's clock form: not where a 24-hour time before noon without its
 * leading zero ("7:10") is read in a 12-hour column, as it may be a 12-hour one that lost its
 * meridiem; nor one whose hour (10 or 11) says nothing of its zero, unless the column's times
 * without a meridiem are a 24-hour clock's that pads (ClockForm.barePadded).
 */
function inClockForm(form: ClockForm, reading: ClockReading): string | undefined {
  const hour = Math.floor(reading.time.minutes / 60);
  const padded = reading.form.pad ?? (form.barePadded === true);
  if (form.twelve && !reading.form.twelve && hour >= 1 && hour < 12 && !padded) return undefined;
  return writeClock(reading.time, form);
}

/** A time of day alone written as its column writes its times, where that is another writing of it (as clockTimes writes a failed one). */
export function inColumnsClock(col: RuleInput['col'], value: string): string | undefined {
  const form = col?.profile.clock;
  const reading = form ? readClock(value) : undefined;
  const written = form && reading ? inClockForm(form, reading) : undefined;
  return written !== undefined && written !== value.trim() ? written : undefined;
}

/**
 * A time of day written another way than the column writes its times ("7:10am", "19:10" or
 * "Dec 1 7:10 a.m." where it writes "7:10 a.m."). Read only where the writing says the hour: a
 * 24-hour time before noon without a leading zero ("7:10") may be a 12-hour one that lost its
 * meridiem. A day written with the time is dropped, less surely: the column writes none.
 */
function clockTimes(input: RuleInput): Candidate[] {
  const { col, current } = input;
  const form = col?.profile.clock;
  if (!form) return [];
  const alone = readClock(current);
  const reading = alone ?? findClock(current);
  if (!reading) return [];
  const value = inClockForm(form, reading);
  if (value === undefined || value === current.trim()) return [];
  // An hour without the leading zero its column always writes ("4:05" among "04:05" and "14:05")
  // may as well have lost a digit: as likely one as the other.
  if (alone && form.pad && !form.twelve && !reading.form.twelve && reading.form.pad === false) {
    return [candidate(value, UNPADDED_HOUR_P, 'format-time', `Writes the time of day as the column writes its times (${quote(value)}), unless a digit of its hour was lost.`)];
  }
  return alone
    ? [candidate(value, 0.9, 'format-time', `Writes the time of day as the column writes its times (${quote(value)}).`)]
    : [candidate(value, 0.8, 'format-time', `Keeps the time of day alone, as the column writes its times (${quote(value)}), without the day beside it.`)];
}

/** A column of e-mail addresses: most of its values are. */
export const isEmailColumn = (col: ColumnIndex | undefined): col is ColumnIndex => !!col && col.profile.type === 'email' && col.profile.typeShare >= 0.6;

function emails(input: RuleInput): Candidate[] {
  const { col, current } = input;
  if (!isEmailColumn(col)) return [];
  // An address as a mail program writes it ("Ada Kell <ada.kell@…>", "mailto:ada.kell@…"): the address.
  const quoted = quotedAddress(current);
  let value = (quoted ?? current)
    .trim()
    .replace(/\s+(?:at|\[at\])\s+/i, '@')
    .replace(/\s+(?:dot|\[dot\])\s+/gi, '.')
    .replace(/\s+/g, '')
    .replace(/@+/g, '@')
    .replace(/,/g, '.')
    .replace(/\.{2,}/g, '.')
    .replace(/\.$/, '');
  if (col.profile.caseStyle === 'lower') value = value.toLowerCase();
  if (value === current || !EMAIL.test(value)) return [];
  const why = quoted !== undefined ? `Keeps the address alone, as the column writes its addresses: ${quote(value)}.` : `Repairs the e-mail address's punctuation and spacing.`;
  return [candidate(value, 0.78, 'format-email', why)];
}

/** Share of a column's addresses a word must end for it to be the ending a bare domain lacks. */
const USUAL_ENDING = 0.5;

/**
 * An e-mail address that lost a piece ("ada.holm@varnholm", "ada.holmvarnholm.example") in a
 * column of addresses whose parts recur: the "@" put back where exactly one place leaves a domain
 * whose words the column's addresses use; a domain with no dot given the one word that ends half
 * of the column's addresses or more. Read with the column's word vocabulary, so only where the
 * profile broke words at the marks inside a value (version 2).
 */
function emailPieces(input: RuleInput): Candidate[] {
  const { col, current, index } = input;
  if (!isEmailColumn(col) || !wordsAtMarks(index?.profile)) return [];
  const text = current.trim();
  if (text.length > 254 || /\s/.test(text) || EMAIL.test(text)) return [];
  const at = text.indexOf('@');
  if (at < 0) {
    const readings: string[] = [];
    for (let i = 1; i < text.length; i++) {
      const value = `${text.slice(0, i)}@${text.slice(i)}`;
      if (EMAIL.test(value) && writesEveryWord(col, text.slice(i))) readings.push(value);
    }
    // Where a domain word is also a name ("holm" in "holmvarnholm"), the reading whose name part
    // the column knows too.
    const named = readings.filter((r) => writesEveryWord(col, r.slice(0, r.indexOf('@'))));
    const [value, ...others] = readings.length === 1 ? readings : named;
    if (value === undefined || others.length > 0) return [];
    return [candidate(value, 0.8, 'format-email', `${quote(current)} has no "@"; only before ${quote(value.slice(value.indexOf('@') + 1))}, a domain this column's addresses use, does it read as an address.`)];
  }
  const domain = text.slice(at + 1);
  if (domain === '' || domain.includes('.') || domain.includes('@') || !writesEveryWord(col, domain)) return [];
  const endings = [...col.tokenCounts].filter(([word, n]) => word !== domain && n >= USUAL_ENDING * col.profile.filled && tokensOf(text).every((w) => w !== word));
  if (endings.length !== 1) return [];
  const value = `${text}.${endings[0]![0]}`;
  return EMAIL.test(value) ? [candidate(value, 0.8, 'format-email', `${quote(current)} has a domain without its ending; ${Math.round((endings[0]![1] / col.profile.filled) * 100)}% of this column's addresses end in ${quote(`.${endings[0]![0]}`)}.`)] : [];
}

/** Share of a column's repeated values' rows that must be answers for it to be a column of answers. */
const ANSWER_SHARE = 0.95;

/** The column holds yes/no answers: typed so by the profile, or nearly all its values are answer words of any language. */
function answerColumn(col: NonNullable<RuleInput['col']>): boolean {
  if (col.profile.type === 'boolean') return true;
  const { values, filled } = col.profile;
  if (values.length < 2 || values.length > 6) return false;
  const answers = values.reduce((n, [v, count]) => n + (YES_WORDS.has(v.trim().toLowerCase()) || NO_WORDS.has(v.trim().toLowerCase()) ? count : 0), 0);
  return answers >= ANSWER_SHARE * filled && values.some(([v]) => YES_WORDS.has(v.trim().toLowerCase())) && values.some(([v]) => NO_WORDS.has(v.trim().toLowerCase()));
}

function booleans(input: RuleInput): Candidate[] {
  const { col, current } = input;
  if (!col || !answerColumn(col)) return [];
  const word = current.trim().toLowerCase();
  const truth = YES_WORDS.has(word) ? YES_WORDS : NO_WORDS.has(word) ? NO_WORDS : undefined;
  if (!truth) return [];
  const spelling = col.profile.values.find(([v]) => truth.has(v.toLowerCase()))?.[0];
  if (!spelling || spelling === current) return [];
  return [candidate(spelling, 0.85, 'format-boolean', `The column writes this answer as ${quote(spelling)}.`)];
}

/** Share of a column's values (counted over those it repeats) that must share a first or last word for it to be the column's own. */
const OWN_WORD_SHARE = 0.95;

/**
 * A value without the word nearly every value of its column starts or ends with ("Storm II" among
 * "MV Storm II", "Varnholm" among "Varnholm Ltd"): the value with that word, where the column
 * holds it.
 */
function ownWord(input: RuleInput): Candidate[] {
  const { col, current } = input;
  const text = current.trim();
  if (!col || text === '' || col.profile.valuesCoverage < 0.8) return [];
  const out: Candidate[] = [];
  for (const end of ['first', 'last'] as const) {
    const words = new Map<string, number>();
    let total = 0;
    for (const [value, n] of col.profile.values) {
      const parts = value.split(' ');
      if (parts.length < 2) continue;
      const word = end === 'first' ? parts[0]! : parts[parts.length - 1]!;
      words.set(word, (words.get(word) ?? 0) + n);
      total += n;
    }
    const [word, n] = [...words].sort((a, b) => b[1] - a[1])[0] ?? ['', 0];
    if (!word || n < OWN_WORD_SHARE * col.profile.filled || total === 0) continue;
    const value = end === 'first' ? `${word} ${text}` : `${text} ${word}`;
    const held = col.counts.get(value) ?? 0;
    if (held < 2 || value === current) continue;
    out.push(candidate(value, 0.85, 'format-own-word', `Nearly every value of the column ${end === 'first' ? 'starts' : 'ends'} with ${quote(word)}; the column holds ${quote(value)} (${rows(held)}).`));
  }
  return out;
}

export function formatCandidates(input: RuleInput): Candidate[] {
  if (isMissing(input.current)) return [];
  return [...spacingAndCase(input), ...numbers(input), ...codePadding(input), ...multiplied(input), ...converted(input), ...measures(input), ...decimalMark(input), ...digitLayout(input), ...dates(input), ...clockTimes(input), ...emails(input), ...emailPieces(input), ...booleans(input), ...ownWord(input)];
}
