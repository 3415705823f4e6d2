import type { Candidate } from './candidates';
import { quote, rows, type RuleInput } from './rule-input';

// Roman and arabic numerals. A column that numbers its values with roman numerals ("MV Storm II",
// "Part IV") may receive one written with digits ("MV Storm 2"), and the reverse. The typo channel
// sees a letter typed for a digit and proposes the nearest frequent value, another number; this
// rule reads the numeral and writes it as the column does.

const ROMAN = /^M{0,3}(CM|CD|D?C{0,3})(XC|XL|L?X{0,3})(IX|IV|V?I{0,3})$/;
const ARABIC = /^\d{1,4}$/;
const STEPS: ReadonlyArray<readonly [number, string]> = [
  [1000, 'M'], [900, 'CM'], [500, 'D'], [400, 'CD'], [100, 'C'], [90, 'XC'],
  [50, 'L'], [40, 'XL'], [10, 'X'], [9, 'IX'], [5, 'V'], [4, 'IV'], [1, 'I'],
];
const LETTER: Readonly<Record<string, number>> = { I: 1, V: 5, X: 10, L: 50, C: 100, D: 500, M: 1000 };

/** The value of a roman numeral in its standard form (`XIV`), or undefined. */
export function romanValue(token: string): number | undefined {
  if (token === '' || !ROMAN.test(token)) return undefined;
  let total = 0;
  for (let i = 0; i < token.length; i++) {
    const here = LETTER[token[i]!]!;
    const next = i + 1 < token.length ? LETTER[token[i + 1]!]! : 0;
    total += here < next ? -here : here;
  }
  return total;
}

/** A number from 1 to 3999 written as a roman numeral. */
export function toRoman(n: number): string | undefined {
  if (!Number.isInteger(n) || n < 1 || n > 3999) return undefined;
  let out = '';
  let left = n;
  for (const [step, letters] of STEPS) {
    while (left >= step) {
      out += letters;
      left -= step;
    }
  }
  return out;
}

/** The value a numeral token stands for, written either way. */
export function numeralValue(token: string): number | undefined {
  if (ARABIC.test(token)) {
    const n = Number(token);
    return n >= 1 && n <= 3999 && !token.startsWith('0') ? n : undefined;
  }
  return romanValue(token);
}

/** The value has a word that reads as a numeral, written either way ("2", "II"). */
export const hasNumeral = (value: string) => value.trim().split(/\s+/).some((word) => numeralValue(word) !== undefined);

/**
 * Two values that are the same words but for one numeral written as digits in one and as a roman
 * numeral in the other ("MV Storm 2", "MV Storm I"): not a slip of one for the other, whatever
 * the numbers are.
 */
export function differInNumeralForm(a: string, b: string): boolean {
  const x = a.trim().split(/\s+/);
  const y = b.trim().split(/\s+/);
  if (x.length !== y.length) return false;
  let found = false;
  for (let i = 0; i < x.length; i++) {
    if (x[i] === y[i]) continue;
    if (found) return false;
    const digitsFirst = ARABIC.test(x[i]!) && romanValue(y[i]!) !== undefined;
    const romanFirst = romanValue(x[i]!) !== undefined && ARABIC.test(y[i]!);
    if (!digitsFirst && !romanFirst) return false;
    found = true;
  }
  return found;
}

/**
 * A value with a numeral written otherwise than the column writes its numerals: the same value
 * with the numeral in the column's form, where the column holds it (two rows or more) and the
 * column writes more numerals at that place in its form than in the other.
 */
export function numeralCandidates(input: RuleInput): Candidate[] {
  const { col, current } = input;
  const text = current.trim();
  if (!col || text === '') return [];
  const words = text.split(/\s+/);
  const out: Candidate[] = [];
  for (let i = 0; i < words.length; i++) {
    const word = words[i]!;
    const n = numeralValue(word);
    if (n === undefined) continue;
    const roman = !ARABIC.test(word);
    // A single letter that reads as a numeral in an all-letter value is most likely a word ("I").
    if (roman && words.length === 1) continue;
    const other = roman ? String(n) : toRoman(n);
    if (!other) continue;
    const value = [...words.slice(0, i), other, ...words.slice(i + 1)].join(' ');
    const held = col.counts.get(value) ?? 0;
    if (held < 2 || value === current) continue;
    if (!writesNumeralsAs(col.profile.values, i, words.length, !roman)) continue;
    out.push({
      value,
      p: 0.9,
      family: 'format',
      rule: 'format-numeral',
      support: held,
      reason: `The column writes this numeral as ${roman ? 'digits' : 'a roman numeral'}: ${quote(value)} (${rows(held)}).`,
    });
  }
  return out;
}

/** The column's values of this many words write the numeral at this place mostly as roman numerals (or digits). */
function writesNumeralsAs(values: ReadonlyArray<readonly [string, number]>, at: number, length: number, roman: boolean): boolean {
  let same = 0;
  let other = 0;
  for (const [value, n] of values) {
    const words = value.trim().split(/\s+/);
    if (words.length !== length) continue;
    const word = words[at]!;
    if (numeralValue(word) === undefined) continue;
    if (ARABIC.test(word) === !roman) same += n;
    else other += n;
  }
  return same > other;
}
