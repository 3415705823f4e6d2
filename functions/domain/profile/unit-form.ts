import { paddedDecimals } from './profile';
import { decimalsOf, padDecimals, parseNumberLike, type NumberLike } from './values';

// How a column writes the unit of its numbers ("39.2 mm", "125 min", "14.5 °C", a currency sign
// or code before or after them, "$27.40", "27.40 €", or a percent sign after, "12.5%"), where
// nearly all of them carry one unit written one way: its spelling, which side and whether a space
// sets it apart, whether thousands are grouped, and the decimals its numbers show.

export interface UnitForm {
  /** The unit as the column spells it. */
  spelling: string;
  /** A space between the number and the unit. */
  spaced: boolean;
  /** The unit comes before the number (a currency sign). */
  before?: true;
  /** Thousands are grouped with commas ("$1,250.00"). */
  grouped?: true;
  /** The decimals most of these numbers show, and their share of them. */
  decimals: number;
  decimalsShare: number;
}

/** Share of a column's numbers (and of its filled cells) that must carry its one unit, written one way, for the unit to be its own. */
const OWN_UNIT_SHARE = 0.8;
/** Numbers with the unit a column must hold before its way of writing them counts. */
const MIN_MEASURED = 10;

/** Votes of a column's values for the way it writes its unit. */
export class UnitVotes {
  private readonly forms = new Map<string, { spelling: string; spaced: boolean; before: boolean; grouped: boolean; n: number; decimals: Map<number, number> }>();

  /** A value read as a number (`num`), seen `n` times. */
  add(value: string, num: NumberLike, n: number): void {
    const text = value.trim();
    let vote: { spelling: string; spaced: boolean; before: boolean } | undefined;
    if (num.form === 'unit' && num.remark === undefined) {
      const after = text.slice(text.indexOf(num.text) + num.text.length);
      vote = { spelling: after.trim(), spaced: /^\s/.test(after), before: false };
    } else if (num.form === 'percent') vote = { spelling: '%', spaced: /\s%$/.test(text), before: false };
    else if (num.form === 'currency' && num.signAfter) vote = { spelling: num.unit!, spaced: /\s$/.test(text.slice(0, -num.unit!.length)), before: false };
    else if (num.form === 'currency') vote = { spelling: num.unit!, spaced: /^\s/.test(text.slice(num.unit!.length)), before: true };
    if (!vote) return;
    const key = `${vote.before ? '<' : '>'}${vote.spaced ? ' ' : ''}${vote.spelling}`;
    const form = this.forms.get(key) ?? { ...vote, grouped: false, n: 0, decimals: new Map<number, number>() };
    form.n += n;
    if (text.includes(',')) form.grouped = true;
    form.decimals.set(decimalsOf(num.text), (form.decimals.get(decimalsOf(num.text)) ?? 0) + n);
    this.forms.set(key, form);
  }

  /** The column's way, where at least OWN_UNIT_SHARE of its `numbers` and of its `filled` cells take it. */
  form(numbers: number, filled: number): UnitForm | undefined {
    const best = [...this.forms.values()].sort((a, b) => b.n - a.n)[0];
    if (!best || best.n < MIN_MEASURED || best.n < numbers * OWN_UNIT_SHARE || best.n < filled * OWN_UNIT_SHARE) return undefined;
    const [decimals, count] = [...best.decimals].sort((a, b) => b[1] - a[1] || a[0] - b[0])[0]!;
    return { spelling: best.spelling, spaced: best.spaced, ...(best.before ? { before: true as const } : {}), ...(best.grouped ? { grouped: true as const } : {}), decimals, decimalsShare: count / best.n };
  }
}

/** Digits written as the column writes them: grouped where it groups thousands, with its unit on its side. */
function affixed(form: UnitForm, digits: string): string {
  const grouped = form.grouped ? digits.replace(/^([+-]?)(\d+)/, (_m, sign: string, whole: string) => sign + whole.replace(/\B(?=(\d{3})+$)/g, ',')) : digits;
  const gap = form.spaced ? ' ' : '';
  return form.before ? `${form.spelling}${gap}${grouped}` : `${grouped}${gap}${form.spelling}`;
}

/** A number written the column's way: with its decimals, grouping and unit. */
export function writeInUnit(form: UnitForm, number: string): string {
  return affixed(form, padDecimals(number, paddedDecimals(form)));
}

/** The number of a value written exactly as the column writes its unit ("$1,250.00", "39.2 mm"), else undefined. */
export function numberInUnit(form: UnitForm, text: string): { value: number; text: string } | undefined {
  const num = parseNumberLike(text);
  if (!num || (num.form !== 'unit' && num.form !== 'currency' && num.form !== 'percent') || affixed(form, num.text) !== text.trim()) return undefined;
  return { value: num.value, text: num.text };
}
