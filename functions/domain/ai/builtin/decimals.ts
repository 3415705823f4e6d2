import { fixedDecimals, inUsualRange, spreadOf } from '../../profile/profile';
import { decimalsOf, exactNumber, LEADING_ZERO, padDecimals, PLAIN_NUMBER } from '../../profile/values';
import type { Candidate } from './candidates';
import { density, NUMBER_SLIP, slipReadings } from './context-number';
import { writesNumbers } from './profile-index';
import { paddedSlip, plainFormP } from './format';
import { quote, type RuleInput } from './rule-input';

// A number that does not show its column's decimals where nothing else explains it: more
// decimals than the column ever writes ("0.47" among tide readings with one decimal, "317.4" among
// whole kilometres), or fewer while out of the column's usual range ("47" among readings of
// 0.5-9.9; in range it is a format matter). Its point moved (a unit slip) or a digit was typed in
// or lost. Each reading that gives the column's decimals is weighed by the slip's prior times how
// usual the value is in the column, against "right, though written unlike the column" (the share
// of the column's numbers that are).
// So is a number with a leading zero the column never writes ("07" among whole knots): a digit
// moved to the front or left out, against the zero written by habit (then dropped, a format repair).

/** Least weight of "right as written", however uniform the column. */
const MIN_RIGHT = 0.005;
/** Prior weight of a zero written before a number as a habit of one row (as likely as two swapped digits). */
const PADDED = NUMBER_SLIP.swap;
/** Proposals below this share of the readings are not offered. */
const MIN_SHARE = 0.05;

/** Readings with a stray digit taken out (one not typed twice: slipReadings has those). */
function strayDigitReadings(text: string): string[] {
  const out: string[] = [];
  for (let i = 0; i < text.length; i++) {
    if (/\d/.test(text[i]!) && text[i] !== text[i - 1] && text[i] !== text[i + 1]) out.push(text.slice(0, i) + text.slice(i + 1));
  }
  return out;
}

/** A number's text with exactly `decimals` decimals, when it has no more (and no point left bare). */
const withDecimals = (text: string, decimals: number) => (decimalsOf(text) > decimals || text.endsWith('.') ? undefined : padDecimals(text, decimals));

/**
 * Another numeric column of the row writes most numbers with these decimals and holds this one in
 * its usual range, while its own cell in the row is odd there: the two values were likely swapped.
 */
function swappedIn(input: RuleInput, value: number, decimals: number): boolean {
  const { row, index, column } = input;
  if (!row || !index) return false;
  for (const [other, there] of Object.entries(row)) {
    const stats = other === column ? undefined : index.columns.get(other)?.profile.numeric;
    if (!stats || stats.plainShare < 0.8 || stats.decimals !== decimals || stats.decimalsShare < 0.5 || !inUsualRange(stats, value)) continue;
    const text = (there ?? '').trim();
    if (!PLAIN_NUMBER.test(text) || !inUsualRange(stats, Number(text)) || (fixedDecimals(stats) === decimals && decimalsOf(text) !== decimals)) return true;
  }
  return false;
}

export function decimalsCandidates(input: RuleInput): Candidate[] {
  const { col, current } = input;
  const stats = col?.profile.numeric;
  const text = current.trim();
  if (!stats || stats.plainShare < 0.8 || !PLAIN_NUMBER.test(text) || /e/i.test(text)) return [];
  // A column of codes or words with a stray number or two ("00142" among "SKU-00142") writes no numbers.
  if (!writesNumbers(col!)) return [];
  const written = decimalsOf(text);
  const padded = paddedSlip(col, text);
  const fixed = fixedDecimals(stats) ?? (padded ? written : undefined);
  if (fixed === undefined) return [];
  const value = Number(text);
  if (!padded) {
    if (written === fixed || (written < fixed && inUsualRange(stats, value))) return [];
    // Written as another column of the row writes its usual values, whose own cell is odd ("21.7"
    // in a column of whole lengths, beside a depth of "217" in a column of depths with one
    // decimal): the swap rule weighs that; a slip here is not the likelier reading.
    if (swappedIn(input, value, written)) return [];
    // Zeros after the column's decimals ("12.50" where it writes "12.5") are a format matter in range.
    if (text.includes('.') && decimalsOf(text.replace(/\.?0+$/, '')) <= fixed && inUsualRange(stats, value)) return [];
  }
  const mad = Math.max(spreadOf(stats), Math.abs(stats.median) * 0.01, 1e-9);
  const byValue = new Map<string, { score: number; how: string }>();
  const offer = (reading: string, weight: number, how: string) => {
    const out = withDecimals(reading, fixed);
    if (out === undefined || LEADING_ZERO.test(out) || out === text || !inUsualRange(stats, Number(out))) return;
    const score = weight * density(Number(out), stats.median, mad);
    const prev = byValue.get(out);
    byValue.set(out, { score: (prev?.score ?? 0) + score, how: prev && prev.score >= score ? prev.how : how });
  };
  for (const [reading, { weight, how }] of slipReadings(text, !padded)) offer(reading, weight, how);
  for (const reading of strayDigitReadings(text)) offer(reading, NUMBER_SLIP.dropped, 'with a stray digit taken out');
  if (byValue.size === 0 && !padded) return [];
  const right = (padded ? PADDED : Math.max(MIN_RIGHT, 1 - stats.decimalsShare)) * density(value, stats.median, mad);
  const scored = [...byValue].sort((a, b) => b[1].score - a[1].score || (a[0] < b[0] ? -1 : 1));
  const total = scored.reduce((s, [, r]) => s + r.score, 0) + right;
  if (!(total > 0)) return [];
  const shown = `${fixed} decimal${fixed === 1 ? '' : 's'}`;
  const out: Candidate[] = scored
    .slice(0, 2)
    .filter(([, r]) => r.score / total >= MIN_SHARE)
    .map(([reading, r]) => ({
      value: reading,
      p: r.score / total,
      family: 'decimals' as const,
      rule: 'outlier-decimals',
      reason: padded
        ? `The column writes no number with a leading zero; ${r.how} ${quote(current)} reads ${quote(reading)}, a usual value here.`
        : `The column writes its numbers with ${shown} (${Math.round(stats.decimalsShare * 100)}% of them); ${quote(current)} does not, and ${r.how} it reads ${quote(reading)}, a usual value here.`,
    }));
  // The zero dropped is one reading among the others.
  const unpadded = padDecimals(exactNumber(text), fixed);
  if (padded && right / total >= MIN_SHARE) out.push({ value: unpadded, p: (right / total) * plainFormP(col!, unpadded), family: 'format', rule: 'format-number-plain', reason: `Writes ${quote(current)} the way the column writes numbers, without a leading zero: ${quote(unpadded)}.` });
  return out;
}
