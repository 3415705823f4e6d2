import { canonicalNumber, isLetter, isMissing, parseNumberLike, shapeOf } from '../../profile/values';
import { inUsualRange } from '../../profile/profile';
import { isNumberColumn } from '../../profile/sequence';
import type { Candidate } from './candidates';
import { numberInUnit } from '../../profile/unit-form';
import { ownUnit } from './measures';
import type { ColumnIndex } from './profile-index';
import { quote, type RuleInput } from './rule-input';

// Values swapped between two columns of a row: the failed value does not look like its own column
// but like another column of the row, whose value in turn looks like this column. The repair takes
// the other column's value back.

/** Share of a column of numbers a word must hold for it to be one of the column's own (a code such as "TBD"). */
const OWN_WORD_SHARE = 0.01;

/** A value that is no number, in a column of numbers. */
const wordAmongNumbers = (col: ColumnIndex, value: string) => isNumberColumn(col.profile) && parseNumberLike(value) === undefined;

/**
 * How well a value fits a column: 2 = a value the column holds, 1 = its usual form, 0 = neither.
 * `asText: false` leaves out the loose reading of a free-text column (words of its length).
 */
export function fit(col: ColumnIndex, value: string, byFormOnly = false, asText = true): 0 | 1 | 2 {
  // A missing-value word ("None", "n/a") fits a column that writes it that way in other rows too.
  if (isMissing(value)) return value.trim() !== '' && (col.profile.markers.find(([m]) => m === value.trim())?.[1] ?? 0) >= 2 ? 2 : 0;
  const stats = col.profile.numeric;
  const numbers = stats !== undefined && isNumberColumn(col.profile);
  // A word a column of numbers or dates holds a few times came in by earlier swaps: it is no value
  // of the column unless the column writes it as often as a value of its own ("Day" twice among
  // costs, a phase of flight among flight dates).
  const foreign = wordAmongNumbers(col, value) || (!numbers && col.profile.dateLayout !== undefined && foreignForm(col, value));
  if (!byFormOnly && (col.counts.get(value) ?? 0) >= 1 && (!foreign || shareIn(col, value) >= OWN_WORD_SHARE)) return 2;
  if (stats && numbers) {
    // A number as the column writes numbers: plain, or with the unit it writes ("$27.40").
    const n = parseNumberLike(value);
    const own = ownUnit(col);
    const inForm = own ? numberInUnit(own, value) !== undefined : n?.form === 'plain';
    return n && inForm && inUsualRange(stats, n.value) && (col.shapeShare.get(shapeOf(value)) ?? 0) >= 0.05 ? 1 : 0;
  }
  if ((col.shapeShare.get(shapeOf(value)) ?? 0) >= 0.2) return 1;
  return asText && looksLikeText(col, value) ? 1 : 0;
}

/**
 * Share of a free-text column that must read as text. A quarter may be other columns' values: in a
 * table with many swaps a column of addresses holds coordinates and names in a fifth of its rows,
 * and at 0.9 no swap into or out of it was seen (found on a report table; every text column of the
 * tune split reads as text in nine rows of ten or more, so none of them changes).
 */
const TEXT_SHARE = 0.75;

/**
 * A free-text column (names, titles) has too many shapes for any one to be usual; a value still
 * reads like it when it is words, not a number, and as long as the column's values are.
 */
function looksLikeText(col: ColumnIndex, value: string): boolean {
  const { type, typeShare, length } = col.profile;
  if (type !== 'text' || typeShare < TEXT_SHARE || parseNumberLike(value)) return false;
  const trimmed = value.trim();
  if (trimmed.length < length.min || trimmed.length > length.max) return false;
  const letters = [...trimmed].filter(isLetter).length;
  return letters >= trimmed.replace(/\s/g, '').length / 2;
}

/** Share of the column's filled values that are this value (0 when not among its repeated values). */
const shareIn = (col: ColumnIndex, value: string) => (col.counts.get(value) ?? 0) / Math.max(1, col.profile.filled);

/** Share of a column's values of one shape under which the shape is foreign to it. */
const FOREIGN_SHAPE = 0.05;
const foreignForm = (col: ColumnIndex, value: string) => (col.shapeShare.get(shapeOf(value)) ?? 0) < FOREIGN_SHAPE;

/** The value's shape is common in the other column and rare in this one. */
function formBelongsThere(col: ColumnIndex, there: ColumnIndex, value: string): boolean {
  return foreignForm(col, value) && (there.shapeShare.get(shapeOf(value)) ?? 0) >= 0.2;
}

/** Times another column must hold a value, written just so, for it to have been carried in from there. */
const CARRIED_FROM_COLUMN = 3;

/**
 * Whether another column of the table holds the failed value, written just so, several times, and
 * its shape is foreign to this column ("KT" among harbours; a time in capitals a second system wrote
 * into two columns of times is neither column's foreign value). Never a missing-value marker.
 */
export function heldByAnotherColumn({ index, col, column, current }: RuleInput): boolean {
  const value = current.trim();
  if (value === '' || !/\p{L}/u.test(value) || isMissing(value) || !index || (col && !foreignForm(col, value))) return false;
  for (const [name, other] of index.columns) if (name !== column && (other.counts.get(value) ?? 0) >= CARRIED_FROM_COLUMN) return true;
  return false;
}

/**
 * What a swap both of whose values fit the other column by their form alone shares out (a value
 * either column holds adds 0.2). Measured on the tune split, swaps were right more often than the
 * model stated with 0.45 here: at 6 % errors, form-for-form swaps stated 86 % were right 96-100 %,
 * and every level of the rule was under-confident at 30 %; from 0.55 each level states about what
 * it scores (tune F1 up at every draw and rate, pooled ECE as low or lower).
 */
const SWAP_BASE = 0.55;
/** A value the column holds only a few times that another column holds all the time was likely carried in from there. */
const RARE_HERE = 20;
/** A share of a column's rows RARE_HERE times under another column's share of the same value: carried in from there. */
const carriedBeside = (share: number, homeShare: number, ratio = RARE_HERE) => ratio * share < homeShare;
/**
 * A word in a column of numbers needs less: one another column writes five times as often came
 * from there (a column's own word, such as "TBD", is no other column's value). Three swaps had left
 * a gender in a small table's longitudes (a twentieth of them, a third of the gender column's share).
 */
const WORD_AMONG_NUMBERS_RARE_HERE = 5;

/** The failed value is a plain number whose shortest writing the column holds ("2.0" where it holds "2"). */
function sameNumberHeld(col: ColumnIndex, value: string): boolean {
  const n = parseNumberLike(value);
  if (n?.form !== 'plain' || !Number.isFinite(n.value)) return false;
  const shortest = canonicalNumber(n.value);
  return shortest !== value.trim() && (col.counts.get(shortest) ?? 0) >= 1;
}

export function swapCandidates(input: RuleInput): Candidate[] {
  const { index, col, current, column, row } = input;
  if (!index || !col || !row || isMissing(current)) return [];
  const own = fit(col, current);
  // A number the column holds, written another way ("2.0" where it writes "2"), stands where it
  // belongs by its value, however often the other column writes it so: its form is a format
  // matter, no sign of a swap.
  const sameNumber = sameNumberHeld(col, current);
  // The column that holds the failed value most (by share of its rows): a column that holds it
  // RARE_HERE times less had it carried in too ("sun" twice among temperatures, in most rows of
  // the weather's column), and fits it by form only.
  let home = 0;
  for (const c of index.columns.values()) home = Math.max(home, shareIn(c, current));
  const out: Candidate[] = [];
  for (const [name, other] of Object.entries(row)) {
    if (name === column || other === null || other.trim() === '' || other === current) continue;
    const there = index.columns.get(name);
    if (!there) continue;
    const mineThere = fit(there, current, carriedBeside(shareIn(there, current), home));
    // How well a value fits here when it is held here a few times but there in most rows, or has
    // a form common there and rare here: by its form only (earlier swaps carried it in).
    const carriedIn = (value: string) =>
      carriedBeside(shareIn(col, value), shareIn(there, value), wordAmongNumbers(col, value) ? WORD_AMONG_NUMBERS_RARE_HERE : RARE_HERE) ||
      formBelongsThere(col, there, value);
    const theirsHere = fit(col, other, carriedIn(other));
    const ownHere = Math.max(own === 2 && mineThere === 2 && carriedIn(current) ? fit(col, current, true) : own, sameNumber ? 1 : 0);
    // Both directions must fit, and the failed value must fit the other column better than its own.
    if (mineThere === 0 || theirsHere === 0 || mineThere <= ownHere) continue;
    // Where both values fit where they stand (this one by its form, the other one a value its
    // column holds), nothing but this one's failure says a swap happened: half as sure. So where
    // each value fits the other's column by its form alone and the other value fits its own column
    // too: a number out of its column's range, beside another that either column could hold, was
    // mistyped as often as swapped (tune split at 30 % errors: 2 such swaps right of 10, report
    // split 5 of 24, stated 80-89 %). A free-text column's loose reading does not count here: an
    // e-mail address or a name reads as words of a code column's length once it stands there.
    const otherAtHome = fit(there, other, false, false);
    const bothAtHome = (ownHere >= 1 && otherAtHome === 2) || (mineThere === 1 && theirsHere === 1 && otherAtHome >= 1);
    const p = (SWAP_BASE + 0.2 * (mineThere - 1) + 0.2 * (theirsHere - 1)) * (bothAtHome ? 0.5 : 1);
    out.push({
      value: other,
      p,
      family: 'swap',
      rule: `swap:${name}`,
      reason: `${quote(current)} looks like a value of ${name}, and ${name} holds ${quote(other)}, which looks like a value of this column: the two seem swapped.`,
    });
  }
  return out;
}
